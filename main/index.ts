import { join } from 'node:path';
import { app, globalShortcut, safeStorage, screen, session, shell } from 'electron';
import { createOs } from '../app/os/index.js';
import { glanceHomePath, openGlanceHome } from '../app/home/folder.js';
import { registerIpc } from './ipc/register.js';
import { createMainLogSink } from './logger.js';
import type { MainPorts } from './ports.js';
import { forkSampleNotes } from './sample-process.js';
import { createMainServices } from './services.js';
import { createTray, type GlanceTray } from './tray.js';
import { createOverlayWindows } from './windows/overlay.js';
import { createPanel } from './windows/panel.js';
import { hardenAllContents, isWebUrl, denyAllPermissions } from './windows/secure-window.js';

/**
 * The Electron shell, as a table of contents (design.md, pattern 1): it makes Electron's
 * objects and hands them as ports to the one composition of the services (services.ts), which
 * the e2e harness runs too. Nothing is wired by import order. Built files sit in dist/:
 * dist/main (this), dist/preload, dist/renderer.
 */
async function start(): Promise<void> {
  // One Glance at a time: a second launch only opens the first one's panel.
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  // A menu-bar app has no Dock icon; LSUIElement does this when packaged, this in `npm start`.
  app.dock?.hide();
  hardenAllContents(app);
  await app.whenReady();
  denyAllPermissions(session.defaultSession);

  // The panel sits under the tray icon and the tray opens the panel: the panel asks lazily.
  const trayRef: { current?: GlanceTray } = {};
  const panel = createPanel({
    preloadPath: join(import.meta.dirname, '../preload/preload.cjs'),
    rendererFile: join(import.meta.dirname, '../renderer/index.html'),
    screen,
    trayBounds: () => trayRef.current?.bounds() ?? { x: 0, y: 0, width: 0, height: 0 },
  });
  const overlays = createOverlayWindows({
    preloadPath: join(import.meta.dirname, '../preload/overlay.cjs'),
    rendererFile: join(import.meta.dirname, '../renderer/overlay.html'),
  });

  const services = await createMainServices({
    // Glance's data folder, shared with `glance`: GLANCE_HOME, else the folder Electron gives the
    // app (app/home/folder.ts); 0700, tightened if looser.
    dataDir: (await openGlanceHome(glanceHomePath(process.env))).path,
    ownPid: process.pid,
    os: createOs(),
    log: createMainLogSink(),
    shortcut: globalShortcut,
    tray: (actions) => (trayRef.current = createTray(actions)),
    windows: { panel, overlays },
    screen: { displays: () => screen.getAllDisplays().map((d) => ({ id: d.id, bounds: d.bounds })) },
    safeStorage,
    utilityProcess: { launchSample: () => forkSampleNotes(join(import.meta.dirname, '../provider/sample/main.js')) },
    shell: {
      openExternal: async (url) => {
        if (isWebUrl(url)) await shell.openExternal(url);
      },
    },
    app: {
      setLaunchAtLogin: (openAtLogin) => {
        app.setLoginItemSettings({ openAtLogin });
        return undefined;
      },
      quit: () => app.quit(),
    },
  } satisfies MainPorts);

  registerIpc({ pageUrls: { panel: panel.rendererUrl, overlay: overlays.rendererUrl }, logger: services.logger, handlers: services.handlers });
  app.on('second-instance', panel.show);
  // Closing the panel hides it; Glance lives in the menu bar until Quit.
  app.on('window-all-closed', () => undefined);
  app.on('will-quit', () => {
    globalShortcut.unregisterAll();
    void services.close();
  });
}

start().catch((error: unknown) => {
  console.error(`[glance] error: Glance could not start: ${error instanceof Error ? error.message : String(error)}`);
  app.exit(1);
});
