// The accessibility reader against a real GTK 3 app, on a desktop of its own (Xvfb, a window
// manager, a private D-Bus session: test/helpers/desktop-session.ts), through the real AT-SPI
// helper. The front app is found as Glance finds it, through _NET_ACTIVE_WINDOW.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccessibilityReader, FOCUSED_TEXT_LIMIT_BYTES, type AccessibilityReader } from '../../app/os/accessibility/index.js';
import { createOs } from '../../app/os/index.js';
import { missingDesktopTools, startDesktopSession, type DesktopSession } from '../helpers/desktop-session.js';
import { startGtkApp, type GtkApp } from '../helpers/gtk-app.js';

const missing = missingDesktopTools();
// In CI every tool is installed (.ci/run): a missing one fails there instead of skipping.
const RUN = missing.length === 0 || process.env['CI'] === 'true';
if (!RUN) console.warn(`accessibility (GTK): skipped, missing ${missing.join(', ')}`);

const TEXT = 'first line of text\nsecond line here\nthird line';
/** Longer than the focused text's limit, in two-byte characters, so the cut is in bytes. */
const LONG_TAIL = `\n${'é'.repeat(3000)}`;
const SECRET = 'hunter2-password-value';
const MARKER = 'MARKER-OF-THE-OTHER-WINDOW';
const LIMIT = { timeoutMs: 5000 };

let session: DesktopSession;
let dir = '';
let app: GtkApp;
let reader: AccessibilityReader;

/** Reads until the reader answers with a selection (an app registers on the bus shortly after its window maps). */
async function readSelection(pid: number) {
  await expect.poll(async () => { const r = await reader.read(pid, LIMIT); return r.ok && r.read.selection !== undefined; }, { timeout: 20_000 }).toBe(true);
  const result = await reader.read(pid, LIMIT);
  if (!result.ok) throw new Error(result.reason);
  return result.read;
}

describe.runIf(RUN)('the accessibility reader, on a GTK 3 app', () => {
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'glance-ax-gtk-'));
    session = await startDesktopSession();
    // get-windows (the front app) runs xprop with our environment.
    process.env['DISPLAY'] = session.display;
    reader = createAccessibilityReader({ env: session.env });
    app = await startGtkApp(session, dir, { title: 'Field Notes', text: TEXT + LONG_TAIL, secret: SECRET, marker: MARKER });
    await session.activate(app.window);
  }, 60_000);
  afterAll(async () => {
    await reader?.close();
    await app?.stop();
    await session?.stop();
    delete process.env['DISPLAY'];
    await rm(dir, { recursive: true, force: true });
  });

  it('reads the front app found through _NET_ACTIVE_WINDOW: its name, title, role and selection, one rectangle per line where GTK draws it', async () => {
    const expected = await app.select(6, 30);
    const front = await createOs().frontApp();
    expect(front).toMatchObject({ ok: true, app: { pid: app.pid } });
    const read = await readSelection(app.pid);
    expect(read).toMatchObject({ window: { title: 'Field Notes' }, focused: { role: 'text', secure: false }, selection: { text: 'line of text\nsecond line', truncated: false } });
    expect(read.app.name).not.toBe('');
    const at = await session.geometry(app.window);
    const onScreen = expected.map((r) => ({ x: r.x + at.x, y: r.y + at.y, w: r.w, h: r.h }));
    expect(read.selection?.rects).toHaveLength(2);
    read.selection?.rects.forEach((rect, i) => {
      const want = onScreen[i];
      for (const key of ['x', 'y', 'w', 'h'] as const) expect(Math.abs(rect[key] - (want?.[key] ?? Number.NaN)), `${key} of line ${i + 1}`).toBeLessThanOrEqual(2);
    });
  });

  it('reads nothing of another window of the app: the active one only', async () => {
    await app.select(0, 5);
    const read = await readSelection(app.pid);
    expect(read.selection?.text).toBe('first');
    expect(JSON.stringify(read)).not.toContain(MARKER);
    // The same reader does read the other window once it is the active one: the check above can fail.
    await session.activate(await session.windowOf(app.pid, 'Other window'));
    await expect.poll(async () => JSON.stringify(await reader.read(app.pid, LIMIT)), { timeout: 15_000 }).toContain(MARKER);
    await session.activate(app.window);
    await expect.poll(async () => JSON.stringify(await reader.read(app.pid, LIMIT)), { timeout: 15_000 }).toContain('"title":"Field Notes"');
  });

  it('sees a new selection on the next read, and a relocation of the old one says gone', async () => {
    await app.select(0, 5);
    const before = await readSelection(app.pid);
    const selection = before.selection ?? expect.unreachable();
    const again = await reader.locate(app.pid, { title: before.window.title, selection }, LIMIT);
    expect(again).toEqual({ ok: true, location: { state: 'visible', rects: before.selection?.rects } });
    await app.select(19, 25);
    const after = await reader.read(app.pid, LIMIT);
    expect(after).toMatchObject({ ok: true, read: { selection: { text: 'second', ranges: [[19, 25]] } } });
    expect(await reader.locate(app.pid, { title: before.window.title, selection }, LIMIT)).toEqual({ ok: true, location: { state: 'gone' } });
  });

  it('sees a new window title on the next read', async () => {
    await app.setTitle('Field Notes, renamed');
    await expect.poll(async () => { const r = await reader.read(app.pid, LIMIT); return r.ok ? r.read.window.title : r.reason; }, { timeout: 10_000 }).toBe('Field Notes, renamed');
    await app.setTitle('Field Notes');
  });

  it('reads the focused text, cut at 4 KB, only when nothing is selected', async () => {
    await app.select(3, 3);
    const result = await reader.read(app.pid, LIMIT);
    if (!result.ok) throw new Error(result.reason);
    expect(result.read.selection).toBeUndefined();
    expect(result.read.text?.truncated).toBe(true);
    expect(result.read.text?.value.startsWith(TEXT)).toBe(true);
    const bytes = Buffer.byteLength(result.read.text?.value ?? '', 'utf8');
    expect(bytes).toBeLessThanOrEqual(FOCUSED_TEXT_LIMIT_BYTES);
    expect(bytes).toBeGreaterThan(FOCUSED_TEXT_LIMIT_BYTES - 4);
  });

  it('never reads a password field: its role, and nothing of its text', async () => {
    await app.focusPassword();
    await expect.poll(async () => { const r = await reader.read(app.pid, LIMIT); return r.ok ? r.read.focused : r.reason; }, { timeout: 10_000 }).toEqual({ role: 'password text', secure: true });
    const read = await reader.read(app.pid, LIMIT);
    expect(read).toMatchObject({ ok: true, read: { window: { title: 'Field Notes' } } });
    expect(JSON.stringify(read)).not.toContain(SECRET);
    expect(JSON.stringify(read)).not.toMatch(/"selection"|"text":\{/);
  });
});
