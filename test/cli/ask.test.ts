// `glance ask` against the real Sample Notes provider (a child process) and a local model
// server speaking the OpenAI streaming format: in-process through createAsk, and end to end
// through bin/glance.js. The OS services are the real ones (createOs: /proc or lsof on Linux).
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAsk, runAsk } from '../../app/cli/ask.js';
import { textReporter } from '../../app/cli/ask-output.js';
import { UsageError } from '../../app/cli/exit-codes.js';
import type { CliIo } from '../../app/cli/io.js';
import { collectContext } from '../../app/invocation/collect.js';
import type { Element } from '@app-context/provider-kit/protocol';
import { openaiStream, startFakeServer, type FakeServer, type Reply } from '../agent/fake-model-server.js';
import { must } from '../agent/fixtures.js';
import { runGlance } from '../helpers/cli.js';
import { makeProvidersDir } from '../helpers/providers-dir.js';
import { requireBuild, SAMPLE, startChild, type ChildProvider } from '../provider/helpers.js';
import { createOs } from '../../app/os/index.js';
import { spawnNode } from '../helpers/spawn.js';

let dir: Awaited<ReturnType<typeof makeProvidersDir>>;
let sample: ChildProvider;
let ids: { sel: string; img: string; tasks: string; task: string; note: string };
const os = createOs();

function walk(root: Element): Element[] {
  const out: Element[] = [];
  const stack = [root];
  while (stack.length > 0) {
    const e = stack.pop() as Element;
    out.push(e);
    stack.push(...(e.children ?? []));
  }
  return out;
}

beforeAll(async () => {
  requireBuild();
  dir = await makeProvidersDir();
  sample = await startChild(SAMPLE, dir.env, dir.dir);
  const collection = await collectContext({ pid: sample.proc.pid }, { os, env: dir.env });
  if (collection.kind !== 'collected') throw new Error(`Sample Notes gave no context: ${collection.kind}`);
  const all = walk(collection.answer.root);
  const find = (test: (e: Element) => boolean) => must(all.find(test), 'an element of Sample Notes').id;
  ids = {
    sel: find((e) => e.selected === true),
    img: find((e) => e.role === 'Image'),
    tasks: find((e) => e.role === 'List'),
    task: find((e) => e.title === 'Buy tram tickets'),
    note: find((e) => e.role === 'Document' && e.focused === true),
  };
});
afterAll(async () => {
  await sample.proc.stop();
  await dir.cleanup();
});

function captureIo(env: NodeJS.ProcessEnv): CliIo & { out: () => string; err: () => string } {
  let out = '';
  let err = '';
  return { stdout: (t) => void (out += t), stderr: (t) => void (err += t), env, out: () => out, err: () => err };
}

const lines = (text: string) => text.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
const ask = createAsk({ collect: collectContext });

async function withModel(script: Reply[], run: (server: FakeServer) => Promise<void>): Promise<void> {
  const server = await startFakeServer(script);
  try {
    await run(server);
  } finally {
    await server.close();
  }
}

/** The model highlights the selection and an id it made up, then answers. */
const highlightThenAnswer = (): Reply[] => [
  { sse: openaiStream([], [{ id: 'call_1', name: 'highlight', argPieces: [`{"ids":["${ids.sel}",`, '"made-up-7"]}'] }]) },
  { sse: openaiStream(['The selection ', 'names tram 28.']) },
];

describe('glance ask (in process, real provider, local model server)', () => {
  it('sends the selection and ids without the excluded subtree, streams the answer and locates the highlight', async () => {
    await withModel(highlightThenAnswer(), async (server) => {
      const io = captureIo(dir.env);
      const args = ['what is selected?', '--pid', String(sample.proc.pid), '--exclude', ids.tasks, '--backend', 'openai', '--base-url', `${server.url}/v1`, '--json'];
      expect(await ask(args, io, { os })).toBe(0);
      const out = lines(io.out());
      expect(out[0]).toMatchObject({ type: 'context', provider: { name: 'Sample Notes', pid: sample.proc.pid, instance: sample.descriptor.instance } });
      expect(JSON.stringify(out[0])).not.toContain(sample.descriptor.token);
      expect(JSON.stringify(out[0])).not.toContain(ids.tasks);
      expect(out.filter((l) => l['type'] === 'text').map((l) => l['text'])).toEqual(['The selection ', 'names tram 28.']);
      const highlights = out.filter((l) => l['type'] === 'highlight');
      expect(highlights).toEqual([
        { type: 'highlight', id: ids.sel, location: expect.objectContaining({ state: 'visible', rects: expect.arrayContaining([expect.objectContaining({ w: expect.any(Number) })]) }) },
        { type: 'highlight', id: 'made-up-7', location: null, reason: expect.any(String) },
      ]);
      expect(out.at(-1)).toEqual({ type: 'done' });

      const request = JSON.stringify(must(server.received[0]).body);
      expect(request).toContain('tram 28 from Martim Moniz');
      expect(request).toContain(ids.sel);
      expect(request).toContain(ids.note);
      expect(request).toContain('data:image/png;base64,');
      for (const gone of [ids.tasks, ids.task, 'Buy tram tickets', 'Book the hotel']) expect(request).not.toContain(gone);
      expect(request).not.toContain(sample.descriptor.token);
      const toolResult = JSON.stringify(must(server.received[1]).body);
      expect(toolResult).toContain('"state\\":\\"visible\\"');
      expect(toolResult).toContain('"state\\":\\"unknown\\"');
    });
  });

  it('warns on stderr about an --exclude id that is not in the answer', async () => {
    const io = captureIo(dir.env);
    expect(await ask(['hi', '--pid', String(sample.proc.pid), '--exclude', 'no-such-id', '--json'], io, { os })).toBe(0);
    expect(io.err()).toContain('--exclude no-such-id: no element with that id in the answer');
  });

  it('sends no context when the root is excluded', async () => {
    const io = captureIo(dir.env);
    const root = walk(must((await collectContext({ pid: sample.proc.pid }, { os, env: dir.env }) as { answer?: { root: Element } }).answer).root)[0];
    expect(await ask(['hi', '--pid', String(sample.proc.pid), '--exclude', must(root).id, '--json'], io, { os })).toBe(0);
    expect(lines(io.out())[0]).toMatchObject({ type: 'context', sent: null, reason: expect.stringContaining('root') });
  });

  it('answers offline by default and highlights the selection', async () => {
    const io = captureIo(dir.env);
    expect(await ask(['what is this?', '--pid', String(sample.proc.pid), '--json'], io, { os })).toBe(0);
    const out = lines(io.out());
    expect(JSON.stringify(out.filter((l) => l['type'] === 'text'))).toContain('tram 28 from Martim Moniz');
    expect(out.filter((l) => l['type'] === 'highlight')).toEqual([expect.objectContaining({ id: ids.sel, location: expect.objectContaining({ state: 'visible' }) })]);
  });

  it('prints an outline, the answer and the highlights for a person', async () => {
    const io = captureIo(dir.env);
    expect(await ask(['what is this?', '--pid', String(sample.proc.pid)], io, { os })).toBe(0);
    expect(io.out()).toMatch(/Context from Sample Notes/);
    expect(io.out()).toMatch(new RegExp(`\\[highlight ${ids.sel}: visible`));
    // Where the question goes, apart from what goes with it: the offline answerer keeps it here.
    expect(io.out()).toContain('\nYour question stays on this machine.\n');
    const far = captureIo(dir.env);
    await ask(['what is this?', '--pid', String(sample.proc.pid), '--backend', 'openai', '--base-url', 'http://127.0.0.1:9/v1'], far, { os });
    expect(far.out()).toContain('\nYour question stays on this machine.\n');
    expect(far.out()).not.toContain('127.0.0.1');
    // A service, or another server, is named (the request itself is never made here: loopback only).
    for (const [to, said] of [[{ kind: 'service', name: 'Anthropic' }, 'Your question goes to Anthropic.'], [{ kind: 'host', host: 'models.example.test' }, 'Your question goes to models.example.test.']] as const) {
      const named = captureIo(dir.env);
      textReporter(named).context({ source: null, provider: null, sent: null, reason: 'no app', withheld: [], excludedByRule: [], to });
      expect(named.out()).toBe(`No context is sent: no app.\n${said}\n\n`);
    }
  });

  it('exits 8 with one error line when the model server fails', async () => {
    await withModel([{ status: 500, json: { error: { message: 'boom' } } }, { status: 500, json: {} }], async (server) => {
      const io = captureIo(dir.env);
      expect(await ask(['hi', '--pid', String(sample.proc.pid), '--backend', 'openai', '--base-url', `${server.url}/v1`, '--json'], io, { os })).toBe(8);
      expect(lines(io.out()).at(-1)).toEqual({ type: 'error', reason: expect.stringContaining('HTTP 500'), error: { code: 8, message: expect.stringContaining('HTTP 500') } });
      expect(io.err().trim().split('\n')).toHaveLength(1);
    });
  });

  it('exits 8 without asking the app when the key is missing', async () => {
    const io = captureIo({ ...dir.env, ANTHROPIC_API_KEY: '' });
    expect(await ask(['hi', '--pid', String(sample.proc.pid), '--backend', 'anthropic', '--json'], io, { os })).toBe(8);
    expect(lines(io.out())).toEqual([{ type: 'error', reason: 'no API key for anthropic; set ANTHROPIC_API_KEY', error: { code: 8, message: 'no API key for anthropic; set ANTHROPIC_API_KEY' } }]);
  });

  it('cancels cleanly on Ctrl-C: the stream is closed, one error line, exit 130', async () => {
    // The stream never finishes: no finish_reason, no [DONE], the connection held open.
    await withModel([{ sse: openaiStream(['Thinking', ' on']).slice(0, -2), pauseMs: 100, hang: true }], async (server) => {
      const io = captureIo(dir.env);
      let interrupt: () => void = () => undefined;
      const interruptible = createAsk({ collect: collectContext, onInterrupt: (cancel) => ((interrupt = cancel), () => undefined) });
      const running = interruptible(['hi', '--pid', String(sample.proc.pid), '--backend', 'openai', '--base-url', `${server.url}/v1`, '--json'], io, { os });
      await expect.poll(() => io.out()).toContain('"Thinking"');
      interrupt();
      expect(await running).toBe(130);
      await server.clientClosed;
      expect(lines(io.out()).at(-1)).toEqual({ type: 'error', reason: 'interrupted: the request was cancelled', error: { code: 130, message: 'interrupted: the request was cancelled' } });
      expect(io.err()).toBe('glance: interrupted: the request was cancelled\n');
    });
  });

  it('refuses a wrong command line', async () => {
    const io = captureIo(dir.env);
    await expect(runAsk([], io, { os })).rejects.toThrow(UsageError);
    await expect(runAsk(['q', '--backend', 'gpt'], io, { os })).rejects.toThrow(/--backend is one of offline, anthropic, openai/);
    await expect(runAsk(['q', '--model-timeout', 'soon'], io, { os })).rejects.toThrow(UsageError);
    await expect(runAsk(['q', '--backend', 'openai', '--base-url', 'ftp://x'], io, { os })).rejects.toThrow(/--base-url/);
  });
});

// The spawned command needs the real OS services (app/os), built by `npm run build`.
describe.skipIf(!existsSync('dist/app/os/index.js'))('glance ask --json (spawned, as a user runs it)', () => {
  it('the model receives the selection and ids and no excluded element; a highlight comes back located', async () => {
    await withModel(highlightThenAnswer(), async (server) => {
      const args = ['ask', 'what is selected?', '--pid', String(sample.proc.pid), '--exclude', ids.tasks, '--backend', 'openai', '--base-url', `${server.url}/v1`, '--json'];
      const { code, stdout, stderr } = await runGlance(args, { ...dir.env, OPENAI_API_KEY: '' });
      expect(stderr).toBe('');
      expect(code).toBe(0);
      const out = lines(stdout);
      expect(out[0]).toMatchObject({ type: 'context', provider: { name: 'Sample Notes' } });
      expect(out).toContainEqual({ type: 'highlight', id: ids.sel, location: expect.objectContaining({ state: 'visible' }) });
      expect(out.at(-1)).toEqual({ type: 'done' });
      const request = JSON.stringify(must(server.received[0]).body);
      expect(request).toContain('tram 28 from Martim Moniz');
      expect(request).toContain(ids.sel);
      for (const gone of [ids.tasks, 'Buy tram tickets']) expect(request).not.toContain(gone);
    });
  });

  it('stops on a real SIGINT with the error line and exit 130', async () => {
    await withModel([{ sse: openaiStream(['Thinking', ' on']).slice(0, -2), pauseMs: 100, hang: true }], async (server) => {
      const child = spawnNode('bin/glance.js', ['ask', 'hi', '--pid', String(sample.proc.pid), '--backend', 'openai', '--base-url', `${server.url}/v1`], { ...dir.env, OPENAI_API_KEY: '' });
      await child.waitFor(/Thinking/);
      child.child.kill('SIGINT');
      expect(await child.exited).toEqual({ code: 130, signal: null });
      await server.clientClosed;
      expect(child.output()).toMatch(/glance: interrupted: the request was cancelled\n$/);
    });
  });
});
