// The accessibility reader when the accessibility layer does not cooperate: no session bus, an
// app that is not on the bus or not in front, a stalled helper, a stalled registry or bus, a
// cancelled read. Every case answers with a reason within the time limit and leaves nothing
// running. Real processes throughout, on a desktop of its own (test/helpers/desktop-session.ts).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAccessibilityReader, type AccessibilityReader } from '../../app/os/accessibility/index.js';
import { readerHelpers as helpers } from '../helpers/accessibility-checks.js';
import { missingDesktopTools, startDesktopSession, type DesktopSession } from '../helpers/desktop-session.js';
import { startGtkApp, type GtkApp } from '../helpers/gtk-app.js';

const missing = missingDesktopTools();
// In CI every tool is installed (.ci/run): a missing one fails there instead of skipping.
const RUN = missing.length === 0 || process.env['CI'] === 'true';
if (!RUN) console.warn(`accessibility faults: skipped, missing ${missing.join(', ')}`);

/** Room for a loaded machine between the limit and the answer; a stalled read would take forever. */
const SLACK_MS = 2000;

let session: DesktopSession;
let dir = '';
let app: GtkApp;
let other: GtkApp;
const readers: AccessibilityReader[] = [];
const stopped: number[] = [];

function newReader(env: NodeJS.ProcessEnv = session.env): AccessibilityReader {
  const reader = createAccessibilityReader({ env });
  readers.push(reader);
  return reader;
}

async function timed<T>(run: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const start = performance.now();
  const result = await run();
  return { result, ms: performance.now() - start };
}

/** A read that answers with a selection: the app is on the bus and in front. */
async function readable(reader: AccessibilityReader): Promise<void> {
  await expect.poll(async () => { const r = await reader.read(app.pid, { timeoutMs: 5000 }); return r.ok && r.read.selection !== undefined; }, { timeout: 20_000 }).toBe(true);
}

describe.runIf(RUN)('the accessibility reader when the accessibility layer fails', () => {
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'glance-ax-faults-'));
    session = await startDesktopSession();
    app = await startGtkApp(session, dir, { title: 'Faults Notes', text: 'some text to select', secret: 'pw' });
    other = await startGtkApp(session, dir, { title: 'Other App', text: 'other', secret: 'pw' });
    await session.activate(app.window);
    await app.select(0, 4);
  }, 60_000);
  afterEach(async () => {
    for (const pid of stopped.splice(0)) process.kill(pid, 'SIGCONT');
    for (const reader of readers.splice(0)) await reader.close();
    expect(helpers()).toEqual([]);
  });
  afterAll(async () => {
    await app?.stop();
    await other?.stop();
    await session?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('says there is no session bus when DBUS_SESSION_BUS_ADDRESS is unset, and starts nothing (libatspi would abort)', async () => {
    const env = { ...session.env };
    delete env['DBUS_SESSION_BUS_ADDRESS'];
    const result = await newReader(env).read(app.pid, { timeoutMs: 1000 });
    expect(result).toEqual({ ok: false, code: 'no-bus', reason: expect.stringContaining('DBUS_SESSION_BUS_ADDRESS is not set') });
    expect(helpers()).toEqual([]);
  });

  it('says when the app is not on the accessibility bus, or has no active window', async () => {
    const reader = newReader();
    await readable(reader);
    expect(await reader.read(process.pid, { timeoutMs: 5000 })).toEqual({ ok: false, code: 'not-on-bus', reason: `The app (pid ${process.pid}) is not on the accessibility bus (it exposes no accessibility, or it was started before accessibility was on).` });
    // Another app in front: this one's windows are not read, not even the one it had in front.
    await session.activate(other.window);
    await expect.poll(async () => (await reader.read(app.pid, { timeoutMs: 5000 })).ok, { timeout: 15_000 }).toBe(false);
    expect(await reader.read(app.pid, { timeoutMs: 5000 })).toEqual({ ok: false, code: 'no-window', reason: `The app (pid ${app.pid}) has no active window.` });
    await session.activate(app.window);
    await readable(reader);
  });

  it('answers "timed out" within the limit when the helper stalls, kills it, and reads again with a new one', async () => {
    const reader = newReader();
    await readable(reader);
    const [stalled] = helpers();
    expect(stalled).toBeGreaterThan(0);
    process.kill(stalled as number, 'SIGSTOP');
    const { result, ms } = await timed(() => reader.read(app.pid, { timeoutMs: 600 }));
    expect(result).toEqual({ ok: false, code: 'timeout', reason: `The app (pid ${app.pid}) gave no accessibility answer within 0.6 s.` });
    expect(ms).toBeLessThan(600 + SLACK_MS);
    await expect.poll(() => helpers().includes(stalled as number)).toBe(false);
    await readable(reader);
    expect(helpers()).not.toContain(stalled);
  });

  for (const service of ['registry', 'bus'] as const) {
    it(`carries on without context within the limit when the accessibility ${service} stalls`, async () => {
      const warm = newReader();
      await readable(warm);
      const pid = session.servicePid(service);
      expect(pid, `the accessibility ${service} runs`).toBeGreaterThan(0);
      process.kill(pid as number, 'SIGSTOP');
      stopped.push(pid as number);
      // A fresh reader must ask the registry for the app; a warm one knows it and asks the app itself.
      for (const reader of service === 'registry' ? [newReader()] : [warm, newReader()]) {
        const { result, ms } = await timed(() => reader.read(app.pid, { timeoutMs: 800 }));
        expect(result).toMatchObject({ ok: false, code: 'timeout' });
        expect(ms).toBeLessThan(800 + SLACK_MS);
      }
      process.kill(pid as number, 'SIGCONT');
      stopped.splice(0);
      await readable(newReader());
    });
  }

  it('answers "cancelled" when the caller aborts, before or during a read, and leaves no helper busy', async () => {
    const reader = newReader();
    expect(await reader.read(app.pid, { timeoutMs: 5000, signal: AbortSignal.abort() })).toEqual({ ok: false, code: 'cancelled', reason: 'The accessibility read was cancelled.' });
    expect(helpers()).toEqual([]);
    const controller = new AbortController();
    const pending = reader.read(app.pid, { timeoutMs: 5000, signal: controller.signal });
    controller.abort();
    expect(await pending).toMatchObject({ ok: false, code: 'cancelled' });
    await expect.poll(() => helpers()).toEqual([]);
    await readable(reader);
  });

  it('says what to install when the system Python is missing', async () => {
    const reader = createAccessibilityReader({ env: session.env, python: join(dir, 'no-python3') });
    readers.push(reader);
    expect(await reader.read(app.pid, { timeoutMs: 1000 })).toEqual({ ok: false, code: 'no-helper', reason: 'Reading through accessibility needs /usr/bin/python3: install python3-gi and gir1.2-atspi-2.0.' });
  });
});
