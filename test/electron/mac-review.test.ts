// main/ on a real Mac: the points of a review of main/ against Electron's documentation ("The
// app on a real Mac"), each as it behaves now that it is fixed. What can be seen without
// Electron is tested in plain Node too (test/os/get-windows-helper.test.ts, test/main/dismiss,
// front-app-in-panel, app-menu, panel-window and app-events tests); this file is what only a Mac
// shows: the packaged layout, macOS's focus, its menu routing and its activate event. Written
// on Linux against the fixes and type-checked there; a failure here is a regression of one of those fixes.
// Run with npm run test:electron (the mac workflow does, after packaging). Every launch has its
// own GLANCE_HOME and providers folder (launch.ts).
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_HOTKEY } from '../../contract/settings.js';
import { electronAvailability } from './availability.js';
import { openPanel, panelVisible, status, trySampleNotes } from './flows.js';
import { launchGlance, launchPackaged, type Glance } from './launch.js';
import { clickTray, panelWindow, pressHotkey } from './main-process.js';
import { isCalculator, openCalculator, reopen, waitForFront } from './mac.js';

const availability = electronAvailability();
const run = promisify(execFile);
/** node_modules' Electron.app, which the test launches run in. */
const electronBundle = availability.ok ? resolve(availability.executable, '..', '..', '..') : '';

describe.skipIf(!availability.ok)('main/ against Electron\'s documentation, on a Mac', () => {
  let glance: Glance | undefined;
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    await glance?.close();
    glance = undefined;
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  describe('1. the packaged app tells which app is in front', () => {
    let appBundle = '';
    let scratch: string | undefined;
    beforeAll(async () => {
      // The mac workflow packages before these tests and names the result; elsewhere package here.
      const given = process.env['GLANCE_PACKAGED_APP'];
      if (given) {
        appBundle = resolve(given);
        return;
      }
      scratch = await mkdtemp(join(tmpdir(), 'glance-packaged-'));
      // A contributor's build, signed ad hoc (electron-builder.adhoc.yml): it starts on this Mac.
      await run('npx', ['electron-builder', '--mac', '--dir', `--${process.arch}`, '--publish', 'never', '--config', 'electron-builder.adhoc.yml', `-c.directories.output=${scratch}`], {
        env: { ...process.env, CSC_IDENTITY_AUTO_DISCOVERY: 'false', CSC_FOR_PULL_REQUEST: 'true' },
        maxBuffer: 64 * 1024 * 1024,
      });
      const out = (await readdir(scratch)).find((name) => name.startsWith('mac'));
      appBundle = join(scratch, out ?? 'mac', 'Glance.app');
    });
    afterAll(async () => {
      if (scratch) await rm(scratch, { recursive: true, force: true });
    });

    it("runs get-windows' helper from app.asar.unpacked and names the front app (Calculator)", async () => {
      const resources = join(appBundle, 'Contents', 'Resources');
      expect(existsSync(join(resources, 'app.asar'))).toBe(true);
      // electron-builder.yml unpacks the helper: a binary inside app.asar cannot be executed.
      expect(existsSync(join(resources, 'app.asar.unpacked', 'node_modules', 'get-windows', 'main'))).toBe(true);
      // And the accessibility reader's helper, where app/os/accessibility/darwin.ts runs it from.
      expect(existsSync(join(resources, 'app.asar.unpacked', 'dist', 'app', 'os', 'accessibility', 'ax-reader'))).toBe(true);

      const calculator = await openCalculator();
      cleanups.push(calculator.quit);
      glance = await launchPackaged(appBundle);
      // The core's OS service, loaded from app.asar inside the packaged main process, asked as the
      // hotkey asks it (createOs(), as main/index.ts makes it). get-windows computes its helper's
      // path inside app.asar, which ESM's child_process cannot run (spawn ENOTDIR): the service
      // runs it from app.asar.unpacked itself (app/os/get-windows-helper.ts).
      const { front, helper } = await glance.app.evaluate(async () => {
        const { pathToFileURL } = process.getBuiltinModule('node:url');
        const { join: joinPath } = process.getBuiltinModule('node:path');
        const url = (file: string): string => pathToFileURL(joinPath(process.resourcesPath, 'app.asar', 'dist', 'app', 'os', file)).href;
        // Code evaluated through the inspector has no module loader of its own: compile the
        // import() with the main context's (it finds the module main already loaded). As a
        // string, too, so the test runner's transform leaves this import() alone.
        const vm = process.getBuiltinModule('node:vm');
        const load = vm.compileFunction('return import(url)', ['url'], { importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER }) as (url: string) => Promise<unknown>;
        const os = (await load(url('index.js'))) as { createOs(): { frontApp(): Promise<unknown> } };
        const helpers = (await load(url('get-windows-helper.js'))) as { getWindowsHelperPath(): string; unpackedPath(path: string): string };
        const computed = helpers.getWindowsHelperPath();
        return { front: await os.createOs().frontApp(), helper: { computed, run: helpers.unpackedPath(computed) } };
      });
      // Where get-windows puts it, and where it really runs from.
      expect(helper.computed).toBe(join(resources, 'app.asar', 'node_modules', 'get-windows', 'main'));
      expect(helper.run).toBe(join(resources, 'app.asar.unpacked', 'node_modules', 'get-windows', 'main'));
      expect(front).toMatchObject({ ok: true, app: { pid: calculator.pid, bundleId: 'com.apple.calculator' } });
    });
  });

  it('2. the panel leaves the app the user was in active: shown with the keyboard (a non-activating panel), dismissed by Esc or the tray icon, Calculator in front throughout', async () => {
    const calculator = await openCalculator();
    cleanups.push(calculator.quit);
    glance = await launchGlance();
    const { app } = glance;
    const page = await glance.panel();
    await page.waitForLoadState('load');
    const isHidden = (): Promise<boolean> => app.evaluate(({ app: electronApp }) => electronApp.isHidden());
    for (const dismiss of ['Esc', 'the tray icon'] as const) {
      // The hotkey in Calculator: Glance reads the front app, then shows its panel with the keyboard.
      await pressHotkey(app, DEFAULT_HOTKEY);
      await expect.poll(async () => (await panelWindow(app))?.focused, { timeout: 10_000, message: 'the panel takes the keyboard' }).toBe(true);
      await waitForFront(isCalculator, `Calculator, still the active app with the panel shown (before ${dismiss})`);

      if (dismiss === 'Esc') await page.keyboard.press('Escape');
      else await clickTray(app);
      await expect.poll(() => panelVisible(glance as Glance), { timeout: 5_000, message: `${dismiss} hides the panel` }).toBe(false);
      // Never activated, Glance has nothing to hand back: it does not hide itself (app.hide()
      // would make the next show's app.show() activate it).
      expect(await isHidden()).toBe(false);
      await waitForFront(isCalculator, `Calculator, the app the user was in (after ${dismiss})`);
    }
  });

  it('3. a hotkey press while the panel is in front keeps the collected context', async () => {
    glance = await launchGlance();
    const page = await openPanel(glance);
    await trySampleNotes(page);
    // The panel has the keyboard; the front app is another's (a non-activating panel).
    const shown = glance;
    await expect.poll(async () => (await panelWindow(shown.app))?.focused, { timeout: 10_000 }).toBe(true);

    await pressHotkey(glance.app, DEFAULT_HOTKEY);
    // Nothing to wait for when it is right: the front app is read in well under a second, and a
    // wrong result would replace the context by then.
    await page.waitForTimeout(2_000);
    expect(await status(page)).toBe('Context from Sample Notes');
    expect(await page.getByRole('tree', { name: 'Collected context' }).isVisible()).toBe(true);
    expect(await panelVisible(glance)).toBe(true);
  });

  it("4. Electron's default menu is replaced: no Reload or DevTools, Edit works, Cmd-W hides the panel", async () => {
    glance = await launchGlance();
    const { app } = glance;
    await openPanel(glance);
    const items = await app.evaluate(({ Menu }) => {
      type Item = { label: string; role?: string; accelerator?: string; submenu?: { items: Item[] } };
      const walk = (list: Item[]): { label: string; role: string; accelerator: string }[] =>
        list.flatMap((item) => [{ label: item.label, role: (item.role ?? '').toLowerCase(), accelerator: String(item.accelerator ?? '') }, ...(item.submenu ? walk(item.submenu.items) : [])]);
      const menu = Menu.getApplicationMenu() as unknown as { items: Item[] } | null;
      return menu ? walk(menu.items) : null;
    });
    expect(items, 'an application menu of its own (app menu and Edit), not none: copy and paste need it').not.toBeNull();
    const roles = (items ?? []).map((item) => item.role);
    for (const role of ['reload', 'forcereload', 'toggledevtools']) expect(roles).not.toContain(role);
    expect((items ?? []).map((item) => item.label)).not.toEqual(expect.arrayContaining([expect.stringMatching(/Reload|Developer Tools/)]));
    for (const role of ['cut', 'copy', 'paste', 'selectall']) expect(roles).toContain(role);

    // Cmd-W: the menu item it triggers, if the menu has one, clicked with the panel focused.
    const clicked = await app.evaluate(({ Menu, BrowserWindow }) => {
      type Item = { role?: string; accelerator?: string; submenu?: { items: Item[] }; click: (...args: unknown[]) => void };
      const walk = (list: Item[]): Item[] => list.flatMap((item) => [item, ...(item.submenu ? walk(item.submenu.items) : [])]);
      const menu = Menu.getApplicationMenu() as unknown as { items: Item[] } | null;
      const panel = BrowserWindow.getAllWindows().find((w) => w.webContents.getURL().endsWith('/renderer/index.html'));
      const closeItem = walk(menu?.items ?? []).find((item) => /^(CmdOrCtrl|CommandOrControl|Cmd|Command)\+W$/i.test(String(item.accelerator ?? '')) || item.role?.toLowerCase() === 'close');
      if (!panel || !closeItem) return false;
      closeItem.click(undefined, panel, panel.webContents);
      return true;
    });
    const hiddenNotDestroyed = async (): Promise<boolean | string> => (await panelWindow(app))?.visible ?? 'destroyed';
    // Glance's menu has one: Close Panel, which does what Esc does.
    expect(clicked, 'a Cmd-W item that hides the panel').toBe(true);
    await expect.poll(hiddenNotDestroyed, { timeout: 5_000, message: 'Cmd-W hides the panel' }).toBe(false);
    expect(await app.evaluate(({ app: electronApp }) => electronApp.isHidden()), 'Cmd-W puts the panel away as Esc does, without hiding Glance').toBe(false);
    await clickTray(app);
    await expect.poll(() => panelVisible(glance as Glance), { timeout: 5_000, message: 'the panel opens again after Cmd-W' }).toBe(true);
    // Whatever closes the window (Cmd-W, the system), the panel's close hides it unless Glance quits.
    await app.evaluate(({ BrowserWindow }) => {
      BrowserWindow.getAllWindows()
        .find((w) => w.webContents.getURL().endsWith('/renderer/index.html'))
        ?.close();
    });
    await expect.poll(hiddenNotDestroyed, { timeout: 5_000, message: 'close hides the panel' }).toBe(false);
    // A destroyed window goes a moment after close; it must still be there after that moment.
    await new Promise((done) => setTimeout(done, 1_000));
    expect(await hiddenNotDestroyed(), 'the panel must survive close').toBe(false);
    // And it still opens: the tray (and the hotkey) are not dead.
    await clickTray(app);
    await expect.poll(() => panelVisible(glance as Glance), { timeout: 5_000 }).toBe(true);
  });

  it('5. opening Glance again (Finder, open -a) shows the panel: macOS sends activate', async () => {
    glance = await launchGlance();
    await (await glance.panel()).waitForLoadState('load');
    await glance.app.evaluate(({ BrowserWindow }) => {
      BrowserWindow.getAllWindows()
        .find((w) => w.webContents.getURL().endsWith('/renderer/index.html'))
        ?.hide();
    });
    expect(await panelVisible(glance)).toBe(false);
    // The running app is node_modules' Electron.app: opening that bundle again reaches it.
    await reopen(electronBundle);
    await expect.poll(() => panelVisible(glance as Glance), { timeout: 10_000, message: 'the panel should open on activate' }).toBe(true);
  });
});
