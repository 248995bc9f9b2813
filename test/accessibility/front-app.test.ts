// Apps without a provider, read through Accessibility (docs/accessibility.md): the collection path and the
// command against a real GTK 3 app and Debian's Chromium, on one desktop of their own (Xvfb, a
// window manager, a private D-Bus session: test/helpers/desktop-session.ts), through the real
// AT-SPI helper; real test providers, real rules files, real receipts. One session for every case:
// starting the apps is most of the cost.
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Element } from '@app-context/provider-kit/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectFrontApp } from '../../app/sources/collect.js';
import type { Collected, Collection } from '../../app/sources/types.js';
import { main } from '../../app/cli/main.js';
import type { CoreDeps } from '../../app/invocation/verified-call.js';
import { SecretRegistry } from '../../app/log/logger.js';
import { createAccessibilityReader, type AccessibilityReader } from '../../app/os/accessibility/index.js';
import { createOs } from '../../app/os/index.js';
import { createPrivacyHooks } from '../../app/privacy/hooks.js';
import { createRulesStore } from '../../app/rules/store.js';
import type { Destination } from '../../contract/destination.js';
import { CHROMIUM, startChromiumPage, type ChromiumPage } from '../helpers/chromium-page.js';
import { runGlance as runBundled } from '../helpers/cli.js';
import { expectNear, readerHelpers as helpers } from '../helpers/accessibility-checks.js';
import { missingDesktopTools, startDesktopSession, type DesktopSession } from '../helpers/desktop-session.js';
import { startGtkApp, type GtkApp } from '../helpers/gtk-app.js';
import { makeProvidersDir } from '../helpers/providers-dir.js';
import { startTestProvider } from '../helpers/test-provider.js';

const missing = missingDesktopTools([CHROMIUM]);
// In CI every tool is installed (.ci/run): a missing one fails there instead of skipping.
const RUN = missing.length === 0 || process.env['CI'] === 'true';
if (!RUN) console.warn(`accessibility (front app): skipped, missing ${missing.join(', ')}`);

const TOKEN = `ghp_${'A1b2'.repeat(9)}`;
const TEXT = `first line of text\nsecond line here\nthird line\ntoken ${TOKEN} here`;
const TOKEN_AT = TEXT.indexOf(TOKEN);
const SECRET = 'hunter2-password-value';
const MARKER = 'MARKER-OF-THE-OTHER-WINDOW';
/** Room for a loaded machine between the time limit and the answer. */
const SLACK_MS = 2000;

let session: DesktopSession;
let dir: Awaited<ReturnType<typeof makeProvidersDir>>;
let scratch = '';
let gtk: GtkApp;
let page: ChromiumPage;
let reader: AccessibilityReader;
let env: NodeJS.ProcessEnv;
const os = createOs();

/** The core's deps for a press whose context would go to `destination`, under the test's rules. */
function deps(destination: Destination = { kind: 'show' }): CoreDeps {
  const rules = createRulesStore(dir.home);
  return { os, env, secrets: new SecretRegistry(), privacy: createPrivacyHooks({ rules: () => rules.load(), destination: () => destination, screen: true }) };
}

/** Runs `glance` in process with the session's environment, as bin/glance.js does. */
async function glance(args: string[], withEnv: NodeJS.ProcessEnv = env): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await main(args, { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t), env: withEnv }, { os });
  return { code, stdout, stderr };
}

/** Every element of a tree, in document order. */
function elements(root: Element): Element[] {
  const out: Element[] = [];
  const stack = [root];
  while (stack.length > 0) {
    const element = stack.pop() as Element;
    out.push(element);
    stack.push(...[...(element.children ?? [])].reverse());
  }
  return out;
}

function textOf(collection: Collection): string | undefined {
  if (collection.kind !== 'collected') return undefined;
  const text = elements(collection.answer.root).find((e) => e.role === 'Text');
  const block = text?.content?.[0];
  return block?.type === 'text' ? block.text : undefined;
}

/** Collects the app through Accessibility (consent granted) until its Text reads `text`: an app registers on the bus shortly after its window maps. */
async function collectUntil(pid: number, text: string): Promise<Collected> {
  let last: Collection | undefined;
  await expect.poll(async () => {
    last = await collectFrontApp({ pid }, deps(), { timeoutMs: 5000 }, { reader, granted: true });
    return textOf(last) ?? ('reason' in last ? last.reason : last.kind);
  }, { timeout: 30_000, interval: 100 }).toBe(text);
  return last as Collected;
}

describe.runIf(RUN)('apps without a provider, read through Accessibility', () => {
  let bundleId = '';

  beforeAll(async () => {
    dir = await makeProvidersDir();
    scratch = await realpath(await mkdtemp(join(tmpdir(), 'glance-ax-front-')));
    session = await startDesktopSession();
    // get-windows (the front app) runs xprop with our environment.
    process.env['DISPLAY'] = session.display;
    env = { ...session.env, APP_CONTEXT_PROVIDERS_DIR: dir.dir, GLANCE_HOME: dir.home };
    reader = createAccessibilityReader({ env: session.env });
    // One after the other: started together, Chromium twice in five runs here never ran its page
    // within the helper's 30 s; started after the GTK app it did every time.
    gtk = await startGtkApp(session, scratch, { title: 'Field Notes', text: TEXT, secret: SECRET, marker: MARKER });
    page = await startChromiumPage(session, SECRET);
    await session.activate(gtk.window);
    bundleId = (await os.bundleId(gtk.pid)) ?? '';
  }, 90_000);
  afterAll(async () => {
    await reader?.close();
    await gtk?.stop();
    await page?.stop();
    await session?.stop();
    delete process.env['DISPLAY'];
    await dir?.cleanup();
    await rm(scratch, { recursive: true, force: true });
  });

  it('reads the front app (through _NET_ACTIVE_WINDOW) as the protocol\'s tree with --accessibility: title, selection, nothing of another window or a password field', async () => {
    await gtk.select(6, 30);
    await collectUntil(gtk.pid, 'line of text\nsecond line');
    // No --pid: the front app, as the app finds it; the bundled command, as users run it.
    const run = await runBundled(['current', '--accessibility', '--json'], env);
    expect(run.code, run.stderr).toBe(0);
    const out = JSON.parse(run.stdout) as { source: string; app: { pid: number; bundleId: string }; answer: { instance: string; root: Element } };
    expect(out.source).toBe('accessibility');
    expect(out.app).toMatchObject({ pid: gtk.pid, bundleId });
    expect(out.answer.root).toMatchObject({
      id: 'ax-app', role: 'Application',
      children: [{ id: 'ax-window', role: 'Window', title: 'Field Notes', focused: true, children: [{ id: 'ax-text', role: 'Text', selected: true, content: [{ type: 'text', text: 'line of text\nsecond line' }] }] }],
    });
    expect(run.stdout).not.toContain(MARKER);
    // Each read is an instance of its own.
    const again = await collectUntil(gtk.pid, 'line of text\nsecond line');
    expect(again.answer.instance).not.toBe(out.answer.instance);

    // The password entry focused: the window is read, and nothing of the field (no Text at all).
    await gtk.focusPassword();
    await expect.poll(async () => (await glance(['current', '--pid', String(gtk.pid), '--accessibility', '--json'])).stdout).not.toContain('"role":"Text"');
    const secure = await glance(['current', '--pid', String(gtk.pid), '--accessibility', '--json']);
    expect(JSON.parse(secure.stdout)).toMatchObject({ source: 'accessibility', answer: { root: { children: [{ title: 'Field Notes' }] } } });
    expect(secure.stdout).not.toContain(SECRET);
  });

  it('asks for consent: without --accessibility or a stored one it is exit 3 naming the flag; `always` reads it; `never` refuses even the flag', async () => {
    await gtk.select(0, 5);
    await collectUntil(gtk.pid, 'first');
    const pid = String(gtk.pid);
    const asked = await glance(['current', '--pid', pid]);
    expect(asked.code).toBe(3);
    expect(asked.stderr).toContain('--accessibility');
    // The GTK app is a script of /usr/bin/python3: its bundle id is the interpreter's, and a consent names the script.
    const program = join(scratch, 'gtk-app.py');
    expect(asked.stderr).toContain(`\`glance rules accessibility ${bundleId} always --program ${program}\``);
    expect(await collectFrontApp({ pid: gtk.pid }, deps(), { timeoutMs: 5000 }, { reader, granted: false })).toMatchObject({ kind: 'no-consent', consent: 'ask', bundleId, key: { kind: 'program', bundleId, program } });

    expect((await glance(['rules', 'accessibility', bundleId, 'always', '--program', program])).code).toBe(0);
    expect((await glance(['rules'])).stdout).toContain(`${bundleId}: allow (asked on your hotkey); Accessibility for ${program} (run by ${bundleId}): always`);
    const always = await glance(['current', '--pid', pid, '--json']);
    expect(always.code, always.stderr).toBe(0);
    expect(JSON.parse(always.stdout)).toMatchObject({ source: 'accessibility', app: { pid: gtk.pid } });

    expect((await glance(['rules', 'accessibility', bundleId, 'never', '--program', program])).code).toBe(0);
    const never = await glance(['current', '--pid', pid, '--accessibility']);
    expect(never.code).toBe(9);
    expect(never.stderr).toContain(`never to read it through Accessibility (\`glance rules accessibility ${bundleId} ask --program ${program}\` changes it)`);
    expect(never.stdout).toBe('');

    expect((await glance(['rules', 'accessibility', bundleId, 'ask', '--program', program])).code).toBe(0);
    expect(JSON.parse((await glance(['rules', '--json'])).stdout)).toEqual({ rules: [{ bundleId, rule: 'allow', exclusions: [] }] });
    expect((await glance(['current', '--pid', pid])).code).toBe(3);
    expect((await glance(['rules', 'accessibility', bundleId, 'sometimes'])).code).toBe(2);
  });

  it('applies the never and local rules to this source as to a provider: nothing is read', async () => {
    const pid = String(gtk.pid);
    await glance(['rules', 'set', bundleId, 'never']);
    const never = await glance(['current', '--pid', pid, '--accessibility']);
    expect(never.code).toBe(9);
    expect(never.stderr).toContain(`your rule for ${bundleId} is "never"`);
    await glance(['rules', 'set', bundleId, 'local']);
    expect(await collectFrontApp({ pid: gtk.pid }, deps({ kind: 'model', backend: 'anthropic' }), { timeoutMs: 5000 }, { reader, granted: true })).toMatchObject({ kind: 'ruled-out', rule: 'local' });
    expect(await collectFrontApp({ pid: gtk.pid }, deps({ kind: 'model', backend: 'offline' }), { timeoutMs: 5000 }, { reader, granted: true })).toMatchObject({ kind: 'collected', source: { kind: 'accessibility' } });
    await glance(['rules', 'remove', bundleId]);
  });

  it('sees the new selection on the next read, places the selection within 2 px of where GTK draws it, and a highlight of the old one is gone', async () => {
    const drawn = await gtk.select(0, 5);
    const first = await collectUntil(gtk.pid, 'first');
    const at = await session.geometry(gtk.window);
    const visible = await first.source.locate('ax-text', { timeoutMs: 5000 });
    expect(visible).toMatchObject({ ok: true, location: { state: 'visible' } });
    expectNear(visible.ok ? visible.location.rects : [], drawn.map((r) => ({ x: r.x + at.x, y: r.y + at.y, w: r.w, h: r.h })));
    expect(await first.source.locate('ax-window', { timeoutMs: 5000 })).toMatchObject({ ok: false, kind: 'not-offered' });

    await gtk.select(19, 25);
    const second = await collectUntil(gtk.pid, 'second');
    expect(await first.source.locate('ax-text', { timeoutMs: 5000 })).toMatchObject({ ok: true, location: { state: 'gone', rects: [] } });
    expect(await second.source.locate('ax-text', { timeoutMs: 5000 })).toMatchObject({ ok: true, location: { state: 'visible' } });
  });

  it('reads Chromium: the window title, the page\'s URL as a Document, and the selection placed within 2 px of the page\'s own layout', async () => {
    await session.activate(page.window);
    try {
      await readChromium();
    } finally {
      await session.activate(gtk.window);
    }
  }, 60_000);

  async function readChromium(): Promise<void> {
    const report = await page.send({ select: ['p1', 4, 'p1', 60] });
    const front = await os.frontApp();
    expect(front).toMatchObject({ ok: true, app: { pid: page.pid } });
    const read = await collectUntil(page.pid, 'quick brown fox jumps over the lazy dog and keeps runnin');
    const window = read.answer.root.children?.[0];
    expect(window).toMatchObject({ role: 'Window', title: expect.stringContaining('Reader Page') as string, children: [{ id: 'ax-document', role: 'Document', url: page.url }] });
    const located = await read.source.locate('ax-text', { timeoutMs: 5000 });
    expectNear(located.ok ? located.location.rects : [], page.onScreen(report, await session.geometry(page.window)));
    expect(JSON.stringify(read.answer)).not.toContain(SECRET);
  }

  it('`ask --accessibility` withholds a token in the selection, highlights a selection through the reader, and writes a receipt marked accessibility', async () => {
    await gtk.select(TOKEN_AT, TOKEN_AT + TOKEN.length);
    await collectUntil(gtk.pid, TOKEN);
    const held = await glance(['ask', 'what is this?', '--pid', String(gtk.pid), '--accessibility', '--json']);
    expect(held.code, held.stderr).toBe(0);
    const context = JSON.parse(held.stdout.split('\n')[0] ?? '') as { type: string; source: string; withheld: unknown[] };
    expect(context).toMatchObject({ type: 'context', source: 'accessibility', provider: null, withheld: [{ id: 'ax-text', kind: 'GitHub token' }] });
    expect(held.stdout).not.toContain(TOKEN);

    await gtk.select(0, 5);
    await collectUntil(gtk.pid, 'first');
    const shown = await glance(['ask', 'what is this?', '--pid', String(gtk.pid), '--accessibility', '--json']);
    const lines = shown.stdout.trim().split('\n').map((l) => JSON.parse(l) as { type: string; id?: string; location?: { state: string } });
    expect(lines.find((l) => l.type === 'highlight')).toMatchObject({ id: 'ax-text', location: { state: 'visible' } });

    const receipts = JSON.parse((await glance(['history', '--json'])).stdout) as { source?: string; app: { pid: number }; withheld: unknown[] }[];
    // One per answer that used the context: each ask's one turn (the offline highlight's follow-up reads no context and writes none).
    expect(receipts).toHaveLength(2);
    for (const receipt of receipts) expect(receipt).toMatchObject({ source: 'accessibility', app: { pid: gtk.pid, bundleId } });
    expect(receipts.map((r) => r.withheld)).toContainEqual([{ id: expect.stringMatching(/^withheld@\d+$/) as string, kind: 'GitHub token' }]);
  });

  it('reads a provider in front through the protocol, never Accessibility, and does not fall to it when the provider is ignored', async () => {
    const provider = await startTestProvider(dir.dir);
    try {
      const fresh = createAccessibilityReader({ env: session.env });
      const before = helpers();
      const collection = await collectFrontApp({ pid: provider.pid }, deps(), { timeoutMs: 5000 }, { reader: fresh, granted: true });
      expect(collection).toMatchObject({ kind: 'collected', provider: { pid: provider.pid } });
      expect(collection.kind === 'collected' && collection.source.kind).toBe('provider');
      // The reader's helper starts on its first request: this reader started none.
      expect(helpers()).toEqual(before);
      await fresh.close();
      const run = await glance(['current', '--pid', String(provider.pid), '--accessibility', '--json']);
      expect(JSON.parse(run.stdout)).toMatchObject({ source: 'provider', provider: { pid: provider.pid } });
    } finally {
      await provider.process.stop();
    }
    // A descriptor naming the GTK app whose endpoint is another process's: ignored, and not read another way.
    const impostor = await startTestProvider(dir.dir, { TP_DESCRIPTOR_PID: String(gtk.pid), TP_DESCRIPTOR_BUNDLE_ID: bundleId });
    try {
      const ignored = await glance(['current', '--pid', String(gtk.pid), '--accessibility']);
      expect(ignored.code).toBe(3);
      expect(ignored.stderr).toContain('was ignored');
      expect(ignored.stdout).toBe('');
    } finally {
      await impostor.process.stop();
    }
  });

  it('carries on without context within the time limit when the accessibility bus stalls or is absent', async () => {
    await gtk.select(0, 5);
    await collectUntil(gtk.pid, 'first');
    const registry = session.servicePid('registry');
    expect(registry, 'the accessibility registry runs').toBeGreaterThan(0);
    process.kill(registry as number, 'SIGSTOP');
    try {
      const fresh = createAccessibilityReader({ env: session.env });
      const start = performance.now();
      const stalled = await collectFrontApp({ pid: gtk.pid }, deps(), { timeoutMs: 800 }, { reader: fresh, granted: true });
      expect(performance.now() - start).toBeLessThan(800 + SLACK_MS);
      expect(stalled).toMatchObject({ kind: 'unreadable', code: 'timeout', timedOut: true });
      await fresh.close();
      const current = await glance(['current', '--pid', String(gtk.pid), '--accessibility', '--timeout', '800']);
      expect(current.code).toBe(4);
      expect(current.stderr).toContain('no context was collected. Try again, or raise --timeout.');
      const ask = await glance(['ask', 'what is this?', '--pid', String(gtk.pid), '--accessibility', '--timeout', '800', '--json']);
      expect(ask.code, ask.stderr).toBe(0);
      const context = JSON.parse(ask.stdout.split('\n')[0] ?? '') as Record<string, unknown>;
      expect(context).toMatchObject({ type: 'context', provider: null, sent: null, reason: expect.stringContaining('gave no accessibility answer within') as string });
      expect(context).not.toHaveProperty('source');
    } finally {
      process.kill(registry as number, 'SIGCONT');
    }
    const noBus = { ...env };
    delete noBus['DBUS_SESSION_BUS_ADDRESS'];
    const absent = await glance(['current', '--pid', String(gtk.pid), '--accessibility'], noBus);
    expect(absent.code).toBe(4);
    expect(absent.stderr).toContain('There is no D-Bus session bus');
    await collectUntil(gtk.pid, 'first');
  });
});
