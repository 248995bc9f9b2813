/**
 * What the Electron tests read and do inside Glance's main process, through Playwright's
 * `electronApp.evaluate`. Each function body runs in Electron, serialised as text: it may use
 * only its arguments, the electron module it is given, and globals (nothing imported here).
 */
import type { WebPreferences } from 'electron';
import type { ElectronApplication } from 'playwright-core';

/** What fixtures/probe.cjs keeps on globalThis. */
interface ProbeState {
  hotkeys: Map<string, () => void>;
  ignoresMouse: Map<number, boolean>;
}

/** One BrowserWindow as the main process sees it. */
export interface WindowInfo {
  id: number;
  url: string;
  visible: boolean;
  focused: boolean;
  focusable: boolean;
  alwaysOnTop: boolean;
  allWorkspaces: boolean;
  /** The last value given to setIgnoreMouseEvents, as the probe saw it; null when never called. */
  ignoresMouse: boolean | null;
  /** webContents.getLastWebPreferences(): what the page was really created with. */
  prefs: { sandbox?: boolean; contextIsolation?: boolean; nodeIntegration?: boolean; nodeIntegrationInWorker?: boolean; nodeIntegrationInSubFrames?: boolean; webviewTag?: boolean; webSecurity?: boolean } | null;
}

/** Every window of the app. */
export function windows(app: ElectronApplication): Promise<WindowInfo[]> {
  return app.evaluate(({ BrowserWindow }) => {
    const probe = (globalThis as unknown as { __glanceProbe?: ProbeState }).__glanceProbe;
    return BrowserWindow.getAllWindows().map((w) => {
      // Not in Electron's typings, but Electron's own API for what the page was really made with.
      const p = (w.webContents as unknown as { getLastWebPreferences(): WebPreferences | null }).getLastWebPreferences();
      return {
        id: w.id,
        url: w.webContents.getURL(),
        visible: w.isVisible(),
        focused: w.isFocused(),
        focusable: w.isFocusable(),
        alwaysOnTop: w.isAlwaysOnTop(),
        allWorkspaces: w.isVisibleOnAllWorkspaces(),
        ignoresMouse: probe?.ignoresMouse.get(w.id) ?? null,
        prefs: p
          ? { sandbox: p.sandbox, contextIsolation: p.contextIsolation, nodeIntegration: p.nodeIntegration, nodeIntegrationInWorker: p.nodeIntegrationInWorker, nodeIntegrationInSubFrames: p.nodeIntegrationInSubFrames, webviewTag: p.webviewTag, webSecurity: p.webSecurity }
          : null,
      };
    });
  });
}

/** The panel window's state (the window whose page is renderer/index.html). */
export async function panelWindow(app: ElectronApplication): Promise<WindowInfo | undefined> {
  return (await windows(app)).find((w) => w.url.endsWith('/renderer/index.html'));
}

/**
 * Finds the live Tray objects through V8's inspector (Runtime.queryObjects over Tray.prototype):
 * Electron lists no trays, and Glance keeps its tray in a closure. The ones not destroyed are
 * kept on globalThis.__glanceTrays for clickTray; returns how many there are.
 */
export function findTrays(app: ElectronApplication): Promise<number> {
  return app.evaluate(async ({ Tray }) => {
    const inspector = process.getBuiltinModule('node:inspector');
    const session = new inspector.Session();
    session.connect();
    const post = (method: string, params: object): Promise<unknown> =>
      new Promise((resolve, reject) => session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))));
    const scope = globalThis as unknown as { __glanceTrayPrototype?: object; __glanceTrays?: { isDestroyed(): boolean }[] };
    scope.__glanceTrayPrototype = Tray.prototype;
    try {
      const prototype = (await post('Runtime.evaluate', { expression: 'globalThis.__glanceTrayPrototype' })) as { result: { objectId: string } };
      const found = (await post('Runtime.queryObjects', { prototypeObjectId: prototype.result.objectId })) as { objects: { objectId: string } };
      await post('Runtime.callFunctionOn', {
        objectId: found.objects.objectId,
        functionDeclaration: 'function () { globalThis.__glanceTrays = this.filter((tray) => !tray.isDestroyed()); }',
      });
      return scope.__glanceTrays?.length ?? 0;
    } finally {
      delete scope.__glanceTrayPrototype;
      session.disconnect();
    }
  });
}

/** Retries `ready` until it says yes or the time is up (Glance makes its tray and hotkey just after ready). */
async function soon(ready: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await ready())) {
    if (Date.now() > deadline) throw new Error(what);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Clicks the menu-bar icon as macOS reports a click: the tray's `click` event. */
export async function clickTray(app: ElectronApplication): Promise<void> {
  await soon(async () => (await findTrays(app)) === 1, 'Glance should have exactly one menu-bar icon to click');
  await app.evaluate(() => {
    const trays = (globalThis as unknown as { __glanceTrays: { emit(event: string, ...args: unknown[]): boolean }[] }).__glanceTrays;
    trays[0]?.emit('click', {}, { x: 0, y: 0, width: 0, height: 0 }, { x: 0, y: 0 });
  });
}

/** Delivers a press of the registered global hotkey, as macOS does: its callback runs. */
export async function pressHotkey(app: ElectronApplication, accelerator: string): Promise<void> {
  const press = (): Promise<boolean> =>
    app.evaluate((_electron, hotkey) => {
      const callback = (globalThis as unknown as { __glanceProbe: ProbeState }).__glanceProbe.hotkeys.get(hotkey);
      callback?.();
      return callback !== undefined;
    }, accelerator);
  await soon(press, `no hotkey ${accelerator} is registered`);
}
