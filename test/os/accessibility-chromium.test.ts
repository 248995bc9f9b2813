// The accessibility reader against Debian's Chromium showing a page of ours, on a desktop of
// its own (test/helpers/desktop-session.ts), through the real AT-SPI helper. Chromium exposes
// the page only with --force-renderer-accessibility and becomes readable a few seconds after
// launch (the selection last): the tests poll the reader for the state they need.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccessibilityReader, type AccessibilityReader, type AxRead } from '../../app/os/accessibility/index.js';
import { createOs } from '../../app/os/index.js';
import { expectNear } from '../helpers/accessibility-checks.js';
import { CHROMIUM, startChromiumPage, type ChromiumPage } from '../helpers/chromium-page.js';
import { missingDesktopTools, startDesktopSession, type DesktopSession } from '../helpers/desktop-session.js';

const missing = missingDesktopTools([CHROMIUM]);
// In CI every tool is installed (.ci/run): a missing one fails there instead of skipping.
const RUN = missing.length === 0 || process.env['CI'] === 'true';
if (!RUN) console.warn(`accessibility (Chromium): skipped, missing ${missing.join(', ')}`);

const SECRET = 'hunter2-in-the-page';
const LIMIT = { timeoutMs: 5000 };

let session: DesktopSession;
let page: ChromiumPage;
let reader: AccessibilityReader;

/** Polls the reader until its selection has this text. */
async function readUntil(text: string): Promise<AxRead> {
  let last: unknown;
  await expect
    .poll(async () => {
      const result = await reader.read(page.pid, LIMIT);
      last = result;
      return result.ok ? result.read.selection?.text : result.reason;
    }, { timeout: 30_000, interval: 100 })
    .toBe(text);
  return (last as { read: AxRead }).read;
}

describe.runIf(RUN)('the accessibility reader, on Chromium', () => {
  beforeAll(async () => {
    session = await startDesktopSession();
    process.env['DISPLAY'] = session.display;
    reader = createAccessibilityReader({ env: session.env });
    page = await startChromiumPage(session, SECRET);
    await session.activate(page.window);
  }, 90_000);
  afterAll(async () => {
    await reader?.close();
    await page?.stop();
    await session?.stop();
    delete process.env['DISPLAY'];
  });

  it("reads the front app's title, the page's URL and the selection, one rectangle per line where the page lays it out", async () => {
    const report = await page.send({ select: ['p1', 4, 'p1', 60] });
    expect(await createOs().frontApp()).toMatchObject({ ok: true, app: { pid: page.pid } });
    const read = await readUntil('quick brown fox jumps over the lazy dog and keeps runnin');
    expect(read).toMatchObject({ app: { name: 'Chromium' }, window: { title: 'Reader Page - Chromium' }, document: { url: page.url }, focused: { role: 'document web', secure: false } });
    expect(read.selection?.rects.length).toBeGreaterThan(1);
    expectNear(read.selection?.rects, page.onScreen(report, await session.geometry(page.window)));
  });

  it('reads a selection across two paragraphs, their lines in order', async () => {
    const report = await page.send({ select: ['p1', 90, 'p2', 7] });
    const read = await readUntil('night falls.\nAnother');
    expect(read.selection?.ranges).toHaveLength(2);
    expectNear(read.selection?.rects, page.onScreen(report, await session.geometry(page.window)));
  });

  it('reads a selection through a link as one sentence: an inline element adds no line break', async () => {
    const report = await page.send({ select: ['p3', 0, 'p3>last', 7] });
    const read = await readUntil('Read the guide before');
    expect(read.selection?.ranges).toHaveLength(3);
    // Both give a rectangle per run (the page one per text node, and the link's own box): the line they cover is the same.
    const span = (rects: { x: number; y: number; w: number; h: number }[]) => ({ left: Math.min(...rects.map((r) => r.x)), right: Math.max(...rects.map((r) => r.x + r.w)), top: Math.min(...rects.map((r) => r.y)) });
    const want = span(page.onScreen(report, await session.geometry(page.window)));
    const got = span(read.selection?.rects ?? []);
    expect(read.selection?.rects).toHaveLength(3);
    for (const key of ['left', 'right', 'top'] as const) expect(Math.abs(got[key] - want[key]), key).toBeLessThanOrEqual(2);
  });

  it('sees a new selection on the next read, and a relocation of the old one says gone', async () => {
    await page.send({ select: ['p2', 0, 'p2', 7] });
    const before = await readUntil('Another');
    const selection = before.selection ?? expect.unreachable();
    expect(await reader.locate(page.pid, { title: before.window.title, selection }, LIMIT)).toEqual({ ok: true, location: { state: 'visible', rects: selection.rects } });
    await page.send({ select: ['p2', 8, 'p2', 17] });
    await readUntil('paragraph');
    expect(await reader.locate(page.pid, { title: before.window.title, selection }, LIMIT)).toEqual({ ok: true, location: { state: 'gone' } });
  });

  it('never reads a focused password field', async () => {
    await page.send({ focus: 'pw' });
    await expect.poll(async () => { const r = await reader.read(page.pid, LIMIT); return r.ok ? r.read.focused : r.reason; }, { timeout: 30_000 }).toEqual({ role: 'password text', secure: true });
    const read = await reader.read(page.pid, LIMIT);
    expect(read).toMatchObject({ ok: true, read: { window: { title: 'Reader Page - Chromium' } } });
    expect(JSON.stringify(read)).not.toContain(SECRET);
    expect(read.ok && (read.read.selection ?? read.read.text)).toBeFalsy();
  });
});
