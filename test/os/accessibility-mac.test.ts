// macOS only (the Mac workflow runs it in npm test): the Swift helper that `npm run build`
// compiled (scripts/ax-reader.js) is there for both architectures, runs, tells an app without
// accessibility support (node) at once, and reads TextEdit's selection and a page's in Safari
// (text markers) where the runner has the Accessibility permission; where it has not, the test
// says so in one line and skips. Elsewhere the whole file is skipped.
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createDarwinAccessibilityReader } from '../../app/os/accessibility/darwin.js';

const HELPER = resolve('dist/app/os/accessibility/ax-reader');
const TEXT = 'Glance reads this selection through Accessibility.';
const LIMIT = { timeoutMs: 5000 };
const reader = createDarwinAccessibilityReader({ helperPath: HELPER });

function osascript(script: string): Promise<string> {
  return new Promise((done, fail) => {
    execFile('/usr/bin/osascript', ['-e', script], { timeout: 15_000 }, (error, stdout) => (error ? fail(error) : done(stdout.trim())));
  });
}

describe.runIf(process.platform === 'darwin')('the macOS accessibility helper', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'glance-ax-mac-'));
  afterAll(async () => {
    await reader.close();
    await osascript('if application "TextEdit" is running then tell application "TextEdit" to quit saving no').catch(() => undefined);
    await osascript('if application "Safari" is running then tell application "Safari" to quit').catch(() => undefined);
    rmSync(scratch, { recursive: true, force: true });
  });

  it('was built for arm64 and x86_64, and answers the protocol', async () => {
    expect(existsSync(HELPER), 'npm run build compiles it on a Mac').toBe(true);
    expect(execFileSync('/usr/bin/lipo', ['-archs', HELPER], { encoding: 'utf8' }).trim().split(' ').sort()).toEqual(['arm64', 'x86_64']);
    // Our own process (node) runs no accessibility server: the system answers cannotComplete at
    // once, which the helper tells from a hung app's (it took its whole time) as not-on-bus,
    // well within the limit; without the permission, no-permission.
    const started = Date.now();
    const result = await reader.read(process.pid, LIMIT);
    expect(result.ok ? 'read' : result.code).toMatch(/^(no-permission|not-on-bus)$/);
    expect(Date.now() - started).toBeLessThan(LIMIT.timeoutMs / 2);
  });

  it("reads TextEdit's selection, where the runner has the Accessibility permission", async (ctx) => {
    await osascript(`tell application "TextEdit"\nactivate\nmake new document with properties {text:"${TEXT}"}\nend tell`);
    const pid = Number(execFileSync('/usr/bin/pgrep', ['-x', 'TextEdit'], { encoding: 'utf8' }).trim().split('\n')[0]);
    const first = await reader.read(pid, LIMIT);
    if (!first.ok && first.code === 'no-permission') ctx.skip('no Accessibility permission for this runner: TextEdit not read');
    // Select all through System Events, which needs the same permission.
    await osascript('tell application "System Events" to keystroke "a" using command down').catch((error: Error) => ctx.skip(`could not select in TextEdit (${error.message.split('\n')[0]})`));
    await expect.poll(async () => { const r = await reader.read(pid, LIMIT); return r.ok ? r.read.selection?.text : r.reason; }, { timeout: 15_000 }).toBe(TEXT);
    const read = await reader.read(pid, LIMIT);
    expect(read).toMatchObject({ ok: true, read: { app: { name: 'TextEdit' }, focused: { role: 'AXTextArea', secure: false } } });
    const selection = read.ok ? read.read.selection : undefined;
    expect(selection?.rects.length).toBeGreaterThan(0);
    if (read.ok && selection !== undefined) {
      expect(await reader.locate(pid, { title: read.read.window.title, selection }, LIMIT)).toEqual({ ok: true, location: { state: 'visible', rects: selection.rects } });
    }
  }, 60_000);

  it("reads a page's selection in Safari through text markers, with a rectangle, where the runner has the permission", async (ctx) => {
    const page = join(scratch, 'page.html');
    writeFileSync(page, `<!doctype html><title>Glance page</title><p>${TEXT}</p>`);
    await osascript(`tell application "Safari"\nactivate\nopen location "${pathToFileURL(page).href}"\nend tell`);
    const pid = Number(execFileSync('/usr/bin/pgrep', ['-x', 'Safari'], { encoding: 'utf8' }).trim().split('\n')[0]);
    const first = await reader.read(pid, LIMIT);
    if (!first.ok && first.code === 'no-permission') ctx.skip('no Accessibility permission for this runner: Safari not read');
    await expect.poll(async () => { const r = await reader.read(pid, LIMIT); return r.ok ? r.read.window.title : r.reason; }, { timeout: 20_000 }).toBe('Glance page');
    await osascript('tell application "System Events" to keystroke "a" using command down').catch((error: Error) => ctx.skip(`could not select in Safari (${error.message.split('\n')[0]})`));
    await expect.poll(async () => { const r = await reader.read(pid, LIMIT); return r.ok ? r.read.selection?.text.trim() : r.reason; }, { timeout: 15_000 }).toBe(TEXT);
    const read = await reader.read(pid, LIMIT);
    const selection = read.ok ? read.read.selection : undefined;
    // Without text markers a page's selection has no rectangle: no highlight, no placement.
    expect(selection?.rects.length).toBeGreaterThan(0);
    // The web area's AXURL (Safari may give /private/var for the temporary folder's /var).
    expect(read.ok ? read.read.document?.url : '').toMatch(/^file:\/\/.*\/page\.html$/);
    if (read.ok && selection !== undefined) {
      expect(await reader.locate(pid, { title: read.read.window.title, selection }, LIMIT)).toMatchObject({ ok: true, location: { state: 'visible' } });
    }
  }, 90_000);
});
