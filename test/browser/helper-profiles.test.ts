// The browser helper (provider/browser/main.ts) as a browser runs it, without the browser: this
// test process stands in for the browser's main process (the helper's parent, so the app its
// descriptor names) and for the extension of each profile, speaking native messaging on the
// helper's stdin and stdout. Real helper processes, real sockets, the real `glance`.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMessageReader, encodeMessage } from '../../provider/browser/native-messaging.js';
import { runGlance } from '../helpers/cli.js';
import { makeProvidersDir } from '../helpers/providers-dir.js';

const HELPER = 'dist/provider/browser/main.js';

let providers: Awaited<ReturnType<typeof makeProvidersDir>>;

/** One profile's extension: answers the helper's asks with a page titled `title`, unless silent. */
interface FakeExtension {
  child: ChildProcessWithoutNullStreams;
  post: (message: unknown) => void;
  silent: boolean;
  exited: Promise<number | null>;
}

function startExtension(title: string): FakeExtension {
  const child = spawn(process.execPath, [HELPER, 'chrome-extension://fake/'], { env: providers.env, stdio: ['pipe', 'pipe', 'pipe'] });
  const reader = createMessageReader();
  const post = (message: unknown): void => void child.stdin.write(encodeMessage(message));
  const extension: FakeExtension = { child, post, silent: false, exited: new Promise((resolve) => child.once('exit', (code) => resolve(code))) };
  child.stdout.on('data', (chunk: Buffer) => {
    for (const message of reader.push(chunk) as { id: number; ask: string }[]) {
      if (extension.silent || message.ask !== 'current') continue;
      const metrics = { screenX: 0, screenY: 0, outerWidth: 800, innerWidth: 800, outerHeight: 600, innerHeight: 500, devicePixelRatio: 1, visible: true };
      post({ id: message.id, answer: { window: { id: 1, focused: true }, tab: { tabId: 7, title, url: 'https://example.test/', zoom: 1, documentId: 'D1', page: { title, url: 'https://example.test/', headings: [], metrics } } } });
    }
  });
  post({ hello: { browser: 'Fake Browser', version: '1', extension: '0.1.0' } });
  return extension;
}

const descriptors = (): string[] => readdirSync(providers.dir).filter((name) => name.endsWith('.json'));

/** The title of the page `glance current` reads for this process (the "browser"). */
async function frontTitle(): Promise<string | undefined> {
  const run = await runGlance(['current', '--pid', String(process.pid), '--json'], providers.env);
  const json = JSON.parse(run.stdout) as { answer?: { root: { children?: { title?: string }[] } } };
  return json.answer?.root.children?.[0]?.title;
}

describe('the browser helper, with two profiles open', () => {
  let a: FakeExtension;
  let b: FakeExtension;
  beforeAll(async () => {
    providers = await makeProvidersDir();
    a = startExtension('Profile A page');
    await vi.waitFor(() => expect(descriptors()).toHaveLength(1), { timeout: 15_000, interval: 50 });
    b = startExtension('Profile B page');
    await vi.waitFor(() => expect(descriptors()).toHaveLength(2), { timeout: 15_000, interval: 50 });
  });
  afterAll(async () => {
    for (const extension of [a, b]) extension?.child.kill('SIGKILL');
    await providers?.cleanup();
  });

  it('answers from the profile whose window took the focus last', async () => {
    // Both descriptors name this process as the browser; the newer one (B's) is used.
    expect(await frontTitle()).toBe('Profile B page');
    a.post({ focus: true });
    await expect.poll(frontTitle).toBe('Profile A page');
    b.post({ focus: true });
    await expect.poll(frontTitle).toBe('Profile B page');
  });

  it('never hangs: an extension that does not answer is a refusal within the time limit', async () => {
    b.silent = true;
    const started = Date.now();
    const run = await runGlance(['current', '--pid', String(process.pid), '--json', '--timeout', '3000'], providers.env);
    expect(run.code).toBe(5);
    expect(Date.now() - started).toBeLessThan(10_000);
    b.silent = false;
  });

  it('removes its descriptor and ends when the browser closes its input', async () => {
    a.child.stdin.end();
    expect(await a.exited).toBe(0);
    expect(descriptors()).toHaveLength(1);
    b.child.stdin.end();
    expect(await b.exited).toBe(0);
    expect(descriptors()).toHaveLength(0);
  });
});
