// The reader's Node side against a stand-in for the macOS helper (test/os/fixtures/
// ax-helper-standin.mjs: a real child process speaking the helper protocol with what
// ax-reader.swift prints, which cannot run here), run through the macOS reader itself: every
// line a helper can send, and every way it can misbehave, gives a result, never a throw.
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createDarwinAccessibilityReader } from '../../app/os/accessibility/darwin.js';
import { FOCUSED_TEXT_LIMIT_BYTES } from '../../app/os/accessibility/index.js';
import { createAccessibilityReader, type AccessibilityReader } from '../../app/os/accessibility/index.js';

const STANDIN = fileURLToPath(new URL('./fixtures/ax-helper-standin.mjs', import.meta.url));
const LIMIT = { timeoutMs: 3000 };
let reader: AccessibilityReader;

afterEach(async () => {
  await reader?.close();
});

describe("the reader's side of the helper protocol (the macOS helper's answers, from a stand-in)", () => {
  it("reads TextEdit's answer as sent, with the file URL's path beside it and the handle marked with its process", async () => {
    reader = createDarwinAccessibilityReader({ helperPath: STANDIN });
    expect(await reader.read(1001, LIMIT)).toEqual({
      ok: true,
      read: {
        app: { name: 'TextEdit' },
        window: { title: 'Notes.txt' },
        document: { url: 'file:///Users/someone/Documents/Notes%20one.txt', path: '/Users/someone/Documents/Notes one.txt' },
        focused: { role: 'AXTextArea', secure: false },
        selection: { text: 'selected words', truncated: false, ranges: [[12, 26]], rects: [{ x: 120.5, y: 340, w: 96, h: 17 }], handle: '1:m1' },
      },
    });
  });

  it('gives the helper its own handle back, and none after the helper was restarted', async () => {
    reader = createDarwinAccessibilityReader({ helperPath: STANDIN });
    const read = await reader.read(1001, LIMIT);
    if (!read.ok || read.read.selection === undefined) throw new Error('no selection');
    const previous = { title: read.read.window.title, selection: read.read.selection };
    expect(await reader.locate(1001, previous, LIMIT)).toEqual({ ok: true, location: { state: 'visible', rects: [{ x: 1, y: 2, w: 3, h: 4 }] } });
    // A garbled line restarts the helper: "m1" meant something only to the old one.
    expect(await reader.read(1003, LIMIT)).toMatchObject({ ok: false, code: 'failed' });
    expect(await reader.locate(1001, previous, LIMIT)).toEqual({ ok: true, location: { state: 'gone' } });
  });

  it.each([
    [1002, 'no-permission', 'Glance does not have the Accessibility permission: allow it in System Settings › Privacy & Security › Accessibility.'],
    [1003, 'failed', 'The accessibility helper gave an answer Glance cannot read.'],
    [1004, 'no-helper', 'The accessibility helper (ax-reader) is missing from this build: it is compiled by `npm run build` on a Mac.'],
    [1005, 'timeout', 'The app (pid 1005) gave no accessibility answer within 1 s.'],
    [1008, 'failed', 'The accessibility helper stopped unexpectedly.'],
    [1009, 'failed', 'The accessibility helper gave an answer Glance cannot read.'],
    [1010, 'timeout', 'The app (pid 1010) gave no accessibility answer within 1 s.'],
    [1011, 'failed', 'The accessibility read failed (AXError -25200).'],
    // Only a platform error's name is Glance's to show, never a sentence someone else wrote.
    [1017, 'failed', 'The accessibility read failed.'],
    [1018, 'failed', 'The accessibility read failed (org.freedesktop.DBus.Error.NoReply).'],
    [1012, 'no-window', 'The app (pid 1012) has no focused window.'],
    [4242, 'not-on-bus', 'The app (pid 4242) does not answer accessibility requests.'],
  ])('pid %i: answers %s with a sentence, and the next read works', async (pid, code, reason) => {
    reader = createDarwinAccessibilityReader({ helperPath: STANDIN });
    // Warm first: the limit below is for the answer, not for starting node.
    expect(await reader.read(1001, LIMIT)).toMatchObject({ ok: true });
    expect(await reader.read(pid, { timeoutMs: 1000 })).toEqual({ ok: false, code, reason });
    expect(await reader.read(1001, LIMIT)).toMatchObject({ ok: true });
  });

  it("says the time limit in whole units, also when it is what was left of a press's", async () => {
    reader = createDarwinAccessibilityReader({ helperPath: STANDIN });
    expect(await reader.read(1001, LIMIT)).toMatchObject({ ok: true });
    expect(await reader.read(1005, { timeoutMs: 1499.034153 })).toEqual({ ok: false, code: 'timeout', reason: 'The app (pid 1005) gave no accessibility answer within 1.5 s.' });
    expect(await reader.read(1010, { timeoutMs: 600 })).toEqual({ ok: false, code: 'timeout', reason: 'The app (pid 1010) gave no accessibility answer within 0.6 s.' });
  });

  it('never answers visible with nothing to show: a selection without rectangles is offscreen', async () => {
    reader = createDarwinAccessibilityReader({ helperPath: STANDIN });
    const read = await reader.read(1001, LIMIT);
    if (!read.ok || read.read.selection === undefined) throw new Error('no selection');
    const previous = { title: read.read.window.title, selection: read.read.selection };
    expect(await reader.locate(1015, previous, LIMIT)).toEqual({ ok: true, location: { state: 'offscreen' } });
    expect(await reader.locate(1016, previous, LIMIT)).toEqual({ ok: true, location: { state: 'offscreen' } });
  });

  it.each([
    [1000, 'budget 900, deadline ahead'],
    [3000, 'budget 2750, deadline ahead'],
    [200, 'budget 150, deadline ahead'],
  ])('gives the helper one budget for a %i ms read, less a reserve for the answer, and its deadline as a time of day', async (timeoutMs, title) => {
    reader = createDarwinAccessibilityReader({ helperPath: STANDIN });
    expect(await reader.read(1001, LIMIT)).toMatchObject({ ok: true });
    expect(await reader.read(1013, { timeoutMs })).toMatchObject({ ok: true, read: { window: { title } } });
  });

  it('hears a hung app\'s "timed out" from a helper that started late, before its own limit kills the helper', async () => {
    // The helper reads its first line 1.5 s late and waits for the hung app until the deadline:
    // it still answers before Node's timer, so the same helper serves the next read (handle "1:").
    reader = createDarwinAccessibilityReader({ helperPath: STANDIN, env: { ...process.env, STANDIN_START_DELAY_MS: '1500' } });
    expect(await reader.read(1014, { timeoutMs: 3000 })).toEqual({ ok: false, code: 'timeout', reason: 'The app (pid 1014) gave no accessibility answer within 3 s.' });
    expect(await reader.read(1001, LIMIT)).toMatchObject({ ok: true, read: { selection: { handle: '1:m1' } } });
  });

  it('cuts a focused text at 4 KB of UTF-8 even when a helper sends more, and never passes on a secure field', async () => {
    reader = createDarwinAccessibilityReader({ helperPath: STANDIN });
    const long = await reader.read(1006, LIMIT);
    expect(long.ok && long.read.text?.truncated).toBe(true);
    expect(long.ok && Buffer.byteLength(long.read.text?.value ?? '', 'utf8')).toBe(FOCUSED_TEXT_LIMIT_BYTES);
    const secure = await reader.read(1007, LIMIT);
    expect(secure).toMatchObject({ ok: true, read: { focused: { role: 'AXTextField', secure: true } } });
    expect(JSON.stringify(secure)).not.toContain('leaked-secret');
  });

  it('answers without starting anything for a missing helper, a pid that is no process, and a platform without a reader', async () => {
    reader = createDarwinAccessibilityReader({ helperPath: '/nonexistent/ax-reader' });
    expect(await reader.read(1001, LIMIT)).toMatchObject({ ok: false, code: 'no-helper' });
    expect(await reader.read(0, LIMIT)).toEqual({ ok: false, code: 'not-on-bus', reason: '0 is not a process id.' });
    const other = createAccessibilityReader({}, 'win32');
    expect(await other.read(1001, LIMIT)).toEqual({ ok: false, code: 'unsupported', reason: 'Reading apps through accessibility is not supported on win32.' });
  });
});
