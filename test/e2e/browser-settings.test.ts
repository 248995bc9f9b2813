// Settings › Browser, end to end: the BUILT panel in Chromium, main's services over a data
// folder and a home folder of the test's own (the "user's" Chromium folder is one the test
// made there, never the real one). Install writes the native messaging host's manifest where
// that browser looks; the launcher it names starts the real helper, which says the extension
// connected when the extension's hello comes over native messaging; Remove takes it all back.
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeMessage } from '../../provider/browser/native-messaging.js';
import { spawnProcess, type Spawned } from '../helpers/spawn.js';
import type { Violation } from './harness/axe.js';
import { ROOT } from './harness/build.js';
import { createWorld, pageErrors, type World } from './harness/fixtures.js';
import { captureState } from './harness/states.js';

let world: World;
let home = '';
let helper: Spawned | undefined;
const violations: Record<string, Record<string, Violation[]>> = {};
beforeAll(async () => {
  world = await createWorld({});
  home = await mkdtemp(join(tmpdir(), 'glance-home-'));
}, 60_000);
afterAll(async () => {
  await helper?.stop();
  await world?.close();
  if (home) await rm(home, { recursive: true, force: true });
});

/** Chromium's user-data folder as a Mac keeps it (the test's services play macOS), under the test's home. */
const chromiumFolder = (): string => join(home, 'Library', 'Application Support', 'Chromium');

/** Leaves Settings and opens it again (Esc, then ⌘,): the section asks main anew. */
async function reopenSettings(page: Page): Promise<void> {
  const settings = page.getByRole('region', { name: 'Settings' });
  await page.keyboard.press('Escape');
  await settings.waitFor({ state: 'detached' });
  await page.keyboard.press('Meta+Comma');
  await settings.waitFor();
}

describe('Settings › Browser', () => {
  it('lists the browser found, installs its helper, sees the extension connect and go, and removes it all', async () => {
    await mkdir(chromiumFolder(), { recursive: true });
    // The extension where a Mac app ships it, so the folder shows as a user would see it.
    const extension = join(home, 'Applications', 'Glance.app', 'Contents', 'Resources', 'browser-extension');
    await cp(join(ROOT, 'provider', 'browser', 'extension'), extension, { recursive: true });
    const files = { extension, helper: join(ROOT, 'dist', 'provider', 'browser', 'main.js') };
    const { app, page } = await world.openPanel({ home, browserHelper: { files } });
    await page.getByRole('button', { name: 'Try with Sample Notes' }).waitFor();
    await page.keyboard.press('Meta+Comma');
    const section = page.getByTestId('browser-settings');
    await section.getByRole('heading', { name: 'Browser' }).waitFor();
    // Only the browser whose folder exists is offered; nothing is installed yet. The heading shows
    // before main's answer fills the list: the list is waited for (read at once, it failed under load).
    await expect.poll(() => section.getByRole('list', { name: 'Browsers' }).getByRole('listitem').allTextContents()).toEqual(['ChromiumInstall']);
    expect(await section.getByRole('list', { name: 'Load the extension' }).count()).toBe(0);

    await section.getByRole('button', { name: 'Install for Chromium' }).click();
    await section.getByTestId('browser-installed-chromium').waitFor();
    const manifestPath = join(chromiumFolder(), 'NativeMessagingHosts', 'io.appcontext.glance.browser.json');
    const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as { path: string; allowed_origins: string[] };
    expect(manifest.path.startsWith(join(app.dataDir, 'browser'))).toBe(true);
    // The steps name the browser's own page and the extension's folder, shortened under the home folder.
    const steps = section.getByRole('list', { name: 'Load the extension' });
    expect(await steps.textContent()).toContain('Open chrome://extensions in Chromium.');
    expect(await steps.locator('.browser__path').textContent()).toBe('~/Applications/Glance.app/Contents/Resources/browser-extension');
    expect(await section.getByTestId('browser-connected').textContent()).toMatch(/^The extension has not connected yet/);
    await section.getByRole('button', { name: 'Show Folder' }).click();
    await expect.poll(() => app.shownFolders).toEqual([extension]);

    // The browser starts what the manifest names; the extension says hello: the helper records it.
    helper = spawnProcess(manifest.path, [manifest.allowed_origins[0] ?? ''], { ...world.env, PATH: process.env['PATH'] ?? '' });
    helper.child.stdin?.write(encodeMessage({ hello: { browser: 'Chromium', version: '120.0', extension: '0.1.0' } }));
    await expect.poll(() => existsSync(join(app.dataDir, 'browser', 'connected.json')), { timeout: 15_000 }).toBe(true);
    await reopenSettings(page);
    await expect.poll(() => section.getByTestId('browser-connected').textContent(), { timeout: 10_000 }).toBe('Connected now: the extension in Chromium answers the shortcut.');
    await section.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    violations['settings-browser'] = await captureState(page, 'settings-browser');

    // The browser closes the connection: the helper goes, and Settings says so when it looks again.
    helper.child.stdin?.end();
    await helper.exited;
    await reopenSettings(page);
    await expect.poll(() => section.getByTestId('browser-connected').textContent(), { timeout: 10_000 }).toMatch(/^Last connected .* \(Chromium\); not connected now\./);

    await section.getByRole('button', { name: 'Remove from Browsers' }).click();
    await section.getByRole('status').filter({ hasText: 'Removed the helper from every browser.' }).waitFor();
    expect(existsSync(manifestPath)).toBe(false);
    expect(existsSync(manifest.path)).toBe(false);
    await section.getByRole('button', { name: 'Install for Chromium' }).waitFor();
    expect(pageErrors(page)).toEqual([]);
  }, 90_000);

  it('has no accessibility violation axe-core finds, light or dark, at 420 and 300 px', () => {
    expect(violations).toEqual({ 'settings-browser': {} });
  });
});
