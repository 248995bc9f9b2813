// Launch at login kept true to what macOS says. On macOS 13 and later a
// login item can need the user's approval, or be turned off in System Settings: the setting is
// read back after every change and at start, and the user is told when macOS waits for them.
// The real composition and settings file over fake ports whose login item answers as macOS
// does (app.getLoginItemSettings' `status`, or only `openAtLogin` before macOS 13).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSettingsStore } from '../../app/settings/store.js';
import { DEFAULT_SETTINGS } from '../../contract/settings.js';
import type { LoginItemReport } from '../../main/ports.js';
import { createMainServices } from '../../main/services.js';
import { useServicesFolder } from './services-folder.js';
import { fakeShell } from './fake-ports.js';
import { noticeWords, settingsProblemWords } from '../../renderer/src/words/notices.js';

/** Main sends the login item's problem as a kind; the panel's sentence for it (renderer/src/words/notices.ts). */
const NEEDS_APPROVAL = settingsProblemWords({ kind: 'login-item', problem: 'needs-approval' });

const folder = useServicesFolder('glance-login-');

/** Services whose system answers `report(asked)` for the login item. */
async function start(report: (asked: boolean | undefined) => LoginItemReport | undefined) {
  const shell = fakeShell(folder.dir(), { loginItem: report });
  const services = await createMainServices(shell.ports);
  folder.keep(services);
  return { shell, services };
}

const status = (s: LoginItemReport['status'], openAtLogin = s === 'enabled'): LoginItemReport => ({ openAtLogin, status: s });

describe('turning launch at login on or off', () => {
  it('enabled: on, nothing to say; the system was asked', async () => {
    const { shell, services } = await start((asked) => status(asked ? 'enabled' : 'not-registered'));
    const result = await services.handlers.saveSettings({ launchAtLogin: true });
    expect(result).toMatchObject({ settings: { launchAtLogin: true }, problems: [] });
    expect(shell.loginItemCalls).toEqual([true]);
    expect(JSON.parse(await readFile(join(folder.dir(), 'settings.json'), 'utf8'))).toMatchObject({ launchAtLogin: true });
  });

  it('requires-approval: on, and the user is told to allow Glance in System Settings > General > Login Items', async () => {
    const { services } = await start((asked) => status(asked ? 'requires-approval' : 'not-registered'));
    const result = await services.handlers.saveSettings({ launchAtLogin: true });
    expect(result).toMatchObject({ settings: { launchAtLogin: true }, problems: [{ kind: 'login-item', problem: 'needs-approval' }] });
    expect(result.problems.map(settingsProblemWords)).toEqual([NEEDS_APPROVAL]);
    expect(NEEDS_APPROVAL).toBe('macOS needs your approval before Glance opens at login: allow Glance in System Settings > General > Login Items.');
  });

  it.each(['not-registered', 'not-found'] as const)('%s after asking for it: off, and the user is told', async (answer) => {
    const { services } = await start(() => status(answer));
    const result = await services.handlers.saveSettings({ launchAtLogin: true });
    expect(result.settings.launchAtLogin).toBe(false);
    expect(result.problems).toEqual([{ kind: 'login-item', problem: 'not-added' }]);
    expect(result.problems.map(settingsProblemWords)).toEqual(['macOS did not add Glance to the login items, so it will not open at login. Add it in System Settings > General > Login Items.']);
  });

  it('still enabled after asking for off: on, and where to remove it', async () => {
    const { services } = await start(() => status('enabled'));
    // At start the system said on, so the setting is on; turning it off does not take.
    expect((await services.handlers.getSettings(undefined)).launchAtLogin).toBe(true);
    const result = await services.handlers.saveSettings({ launchAtLogin: false });
    expect(result).toMatchObject({ settings: { launchAtLogin: true }, problems: [{ kind: 'login-item', problem: 'still-opens' }] });
    expect(result.problems.map(settingsProblemWords)).toEqual(['macOS still opens Glance at login. Remove it in System Settings > General > Login Items.']);
  });

  it('before macOS 13 (no status): openAtLogin is the answer', async () => {
    const { services } = await start((asked) => ({ openAtLogin: asked === true }));
    expect((await services.handlers.saveSettings({ launchAtLogin: true })).settings.launchAtLogin).toBe(true);
    expect((await services.handlers.saveSettings({ launchAtLogin: false })).settings.launchAtLogin).toBe(false);
  });

  it('where the system keeps no login items: the setting is what was asked', async () => {
    const { services } = await start(() => undefined);
    expect(await services.handlers.saveSettings({ launchAtLogin: true })).toMatchObject({ settings: { launchAtLogin: true }, problems: [] });
  });
});

describe('at start', () => {
  it('follows what the user did in System Settings, either way', async () => {
    await createSettingsStore(folder.dir()).save({ ...DEFAULT_SETTINGS, launchAtLogin: true });
    const off = await start(() => status('not-registered'));
    expect((await off.services.handlers.getSettings(undefined)).launchAtLogin).toBe(false);
    expect(off.services.panelState().notices).toEqual([]);
    await createSettingsStore(folder.dir()).save({ ...DEFAULT_SETTINGS, launchAtLogin: false });
    const on = await start(() => status('enabled'));
    expect((await on.services.handlers.getSettings(undefined)).launchAtLogin).toBe(true);
  });

  it('says at once when macOS still waits for approval, and shows the panel to say it', async () => {
    await createSettingsStore(folder.dir()).save({ ...DEFAULT_SETTINGS, launchAtLogin: true });
    const { shell, services } = await start(() => status('requires-approval'));
    expect(services.panelState().notices).toEqual([{ kind: 'login-item', problem: 'needs-approval' }]);
    expect(services.panelState().notices.map(noticeWords)).toEqual([NEEDS_APPROVAL]);
    expect(shell.panelVisible()).toBe(true);
    expect((await services.handlers.getSettings(undefined)).launchAtLogin).toBe(true);
  });
});
