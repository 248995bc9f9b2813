// `glance browser install|uninstall|status` as the core does it (app/browser/), on folders of the
// test's own: where each browser's manifest goes, what it says, and that uninstall removes
// exactly what install wrote. The real browser reading these files is test/browser/extension.test.ts.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { userDataFolder } from '../../app/browser/browsers.js';
import { extensionIdFromKey } from '../../app/browser/extension-id.js';
import { browserHelperStatus, BrowserSetupError, HOST_NAME, installBrowserHelper, uninstallBrowserHelper } from '../../app/browser/install.js';
import { writeConnected } from '../../app/browser/records.js';
import { shippedFiles } from '../../app/browser/shipped.js';

let base: string;
let home: string;
let user: string;
const linux = () => ({ home: user, platform: 'linux' as const, env: {} });

beforeEach(async () => {
  base = await mkdtemp(join(tmpdir(), 'glance-browser-install-'));
  home = join(base, 'glance-home');
  user = join(base, 'user');
});
afterEach(() => rm(base, { recursive: true, force: true }));

describe('glance browser install', () => {
  it("writes the host manifest where the browser looks, naming the launcher and only the extension's own id", async () => {
    const done = await installBrowserHelper({ browser: 'chromium', home, at: linux() });
    expect(done.manifestPath).toBe(join(user, '.config', 'chromium', 'NativeMessagingHosts', `${HOST_NAME}.json`));
    const key = (JSON.parse(readFileSync(join(shippedFiles().extension, 'manifest.json'), 'utf8')) as { key: string }).key;
    expect(done.extensionId).toBe(extensionIdFromKey(key));
    expect(done.extensionId).toMatch(/^[a-p]{32}$/);
    expect(JSON.parse(readFileSync(done.manifestPath, 'utf8'))).toEqual({
      name: HOST_NAME, description: expect.any(String), path: done.launcherPath, type: 'stdio', allowed_origins: [`chrome-extension://${done.extensionId}/`],
    });
    // The launcher execs this Node on the built helper, so the helper keeps the pid the browser gave it.
    const launcher = readFileSync(done.launcherPath, 'utf8');
    expect(launcher.startsWith('#!/bin/sh\n')).toBe(true);
    expect(launcher).toContain(`exec '${process.execPath}' '${shippedFiles().helper}' "$@"`);
    expect(statSync(done.launcherPath).mode & 0o777).toBe(0o700);
  });

  it("knows each browser's folder on macOS and Linux, and says so for a browser without a Linux build", async () => {
    const mac = { home: '/Users/u', platform: 'darwin' as const, env: {} };
    expect(userDataFolder('arc', mac)).toEqual({ ok: true, path: '/Users/u/Library/Application Support/Arc/User Data' });
    expect(userDataFolder('edge', mac)).toEqual({ ok: true, path: '/Users/u/Library/Application Support/Microsoft Edge' });
    expect(userDataFolder('brave', { ...linux(), env: { XDG_CONFIG_HOME: '/x/cfg' } })).toEqual({ ok: true, path: '/x/cfg/BraveSoftware/Brave-Browser' });
    expect(userDataFolder('chrome', linux())).toEqual({ ok: true, path: join(user, '.config', 'google-chrome') });
    await expect(installBrowserHelper({ browser: 'arc', home, at: linux() })).rejects.toThrow(BrowserSetupError);
  });

  it('uninstall removes exactly what install wrote: not another host, not a manifest someone rewrote', async () => {
    const profile = join(base, 'profile');
    const first = await installBrowserHelper({ profileDir: profile, home, at: linux() });
    const second = await installBrowserHelper({ browser: 'vivaldi', home, at: linux() });
    const other = join(profile, 'NativeMessagingHosts', 'com.example.other.json');
    await writeFile(other, '{"name":"com.example.other"}');
    await writeFile(second.manifestPath, JSON.stringify({ name: HOST_NAME, path: '/somewhere/else' }));
    const removed = await uninstallBrowserHelper(home);
    expect(removed).toEqual(expect.arrayContaining([first.manifestPath, first.launcherPath]));
    expect(removed).not.toContain(second.manifestPath);
    expect(existsSync(first.manifestPath)).toBe(false);
    expect(existsSync(first.launcherPath)).toBe(false);
    expect(existsSync(other)).toBe(true);
    expect(existsSync(second.manifestPath)).toBe(true);
    expect(await uninstallBrowserHelper(home)).toEqual([]);
  });

  it('status says what is installed, and whether the helper that connected still runs', async () => {
    expect(await browserHelperStatus(home)).toEqual({ installed: [], launcherPath: null, connected: null });
    const done = await installBrowserHelper({ browser: 'brave', home, at: linux() });
    await mkdir(join(home, 'browser'), { recursive: true });
    await writeConnected(home, { at: '2026-12-06T04:00:00.000Z', browser: 'Brave', browserPid: process.ppid, helperPid: process.pid, extensionVersion: '0.1.0' });
    expect(await browserHelperStatus(home)).toEqual({
      installed: [{ browser: 'brave', profileDir: null, manifestPath: done.manifestPath, present: true }],
      launcherPath: done.launcherPath,
      connected: { at: '2026-12-06T04:00:00.000Z', browser: 'Brave', browserPid: process.ppid, helperPid: process.pid, extensionVersion: '0.1.0', running: true },
    });
  });
});
