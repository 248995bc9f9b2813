// The real app in Electron, on a Mac (npm run test:electron; the mac workflow runs it): the
// built main process, preloads and pages in node_modules' Electron, driven through Playwright's
// Electron support. What the Linux tests can only type-check: the Dock, the tray, the global
// hotkey, the windows' real web preferences, the overlay's click-through, quitting.
// Every launch has its own GLANCE_HOME and providers folder (launch.ts). Skipped with one line
// saying why where Electron cannot run (availability.ts).
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_HOTKEY } from '../../contract/settings.js';
import { electronAvailability } from './availability.js';
import { askOffline, chip, chipIdFor, openPanel, status, trySampleNotes } from './flows.js';
import { launchGlance, type Glance } from './launch.js';
import { findTrays, windows, type WindowInfo } from './main-process.js';

const available = electronAvailability().ok;
const isOverlay = (w: WindowInfo): boolean => w.url.includes('/renderer/overlay.html');
const isPanel = (w: WindowInfo): boolean => w.url.endsWith('/renderer/index.html');
/** What the one secure window recipe (main/config.ts) gives every page: an ordinary web page, in the OS sandbox. */
const SECURE = { sandbox: true, contextIsolation: true, nodeIntegration: false, nodeIntegrationInWorker: false, nodeIntegrationInSubFrames: false, webviewTag: false, webSecurity: true };

describe.skipIf(!available)('Glance in Electron on a Mac', () => {
  let glance: Glance | undefined;
  afterEach(async () => {
    await glance?.close();
    glance = undefined;
  });

  it('starts with no Dock icon, one menu-bar icon, its hotkey registered and the panel hidden', async () => {
    glance = await launchGlance();
    const { app } = glance;
    // The tray is made once the settings are read, a moment after ready.
    await expect.poll(() => findTrays(app), { timeout: 10_000, message: 'one menu-bar icon' }).toBe(1);
    expect(await app.evaluate(({ app: electronApp }) => electronApp.dock?.isVisible())).toBe(false);
    expect(await app.evaluate(({ globalShortcut }, hotkey) => globalShortcut.isRegistered(hotkey), DEFAULT_HOTKEY)).toBe(true);
    await glance.panel();
    const all = await windows(app);
    expect(all.filter(isPanel)).toMatchObject([{ visible: false }]);
    // Overlays are made when a display first has something to draw, not before.
    expect(all.filter(isOverlay)).toEqual([]);
  });

  it('"Try with Sample Notes" in the empty panel starts the sample and collects its context', async () => {
    glance = await launchGlance();
    const page = await openPanel(glance);
    await trySampleNotes(page);
    expect(await status(page)).toBe('Context from Sample Notes');
    // It published its descriptor in the test's providers folder (named for its pid).
    expect(await glance.descriptors()).toEqual([expect.stringMatching(/\.\d+\.json$/)]);
  });

  it("the panel's and the overlay's pages are sandboxed and isolated; the overlay ignores the mouse and takes no focus", async () => {
    glance = await launchGlance();
    const { app } = glance;
    const page = await openPanel(glance);
    await trySampleNotes(page);
    await askOffline(page, 'What is selected?');
    // Pointing at a chip asks Sample Notes where the element is and draws the ring on screen.
    const docId = await chipIdFor(page, 'Trip to Lisbon');
    expect(docId).not.toBe('');
    await chip(page, docId).hover();
    await expect.poll(async () => (await windows(app)).filter(isOverlay).length, { timeout: 10_000, message: 'an overlay window for the ring' }).toBeGreaterThan(0);

    const all = await windows(app);
    expect(all.filter(isPanel).map((w) => w.prefs)).toEqual([SECURE]);
    const overlays = all.filter(isOverlay);
    for (const overlay of overlays) {
      expect(overlay.prefs).toEqual(SECURE);
      expect(overlay).toMatchObject({ focusable: false, ignoresMouse: true, alwaysOnTop: true, allWorkspaces: true, focused: false });
    }
    // Only the panel and the overlays: no window the user was not meant to have.
    expect(all.length).toBe(1 + overlays.length);
  });

  it("quitting ends Sample Notes and removes its descriptor", async () => {
    glance = await launchGlance();
    const page = await openPanel(glance);
    await trySampleNotes(page);
    const [descriptor] = await glance.descriptors();
    const samplePid = Number(/\.(\d+)\.json$/.exec(descriptor ?? '')?.[1]);
    expect(samplePid).toBeGreaterThan(0);

    await glance.quit();
    await expect.poll(() => glance?.descriptors(), { timeout: 5_000, message: "Sample Notes' descriptor should be gone" }).toEqual([]);
    const alive = (): boolean => {
      try {
        process.kill(samplePid, 0);
        return true;
      } catch {
        return false;
      }
    };
    await expect.poll(alive, { timeout: 5_000, message: 'Sample Notes should have ended with Glance' }).toBe(false);
  });
});
