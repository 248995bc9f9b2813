import { join } from 'node:path';
import { app, clipboard, globalShortcut, Menu, safeStorage, screen, session, shell, systemPreferences } from 'electron';
import { createAccessibilityReader, createLinuxAppIcons, createOs, glanceHomePath, isElectronApp, openGlanceHome } from '../app/host.js';
import { accessibilityPermission } from './accessibility-permission.js';
import { answerAppEvents, trackQuitting } from './app-events.js';
import { registerIpc } from './ipc/register.js';
import { createMainLogSink } from './logger.js';
import { applicationMenu } from './menu.js';
import type { MainPorts } from './ports.js';
import { createDarwinAppIcons } from './app-icon-darwin.js';
import { forkSampleNotes } from './sample-process.js';
import { createMainServices } from './services.js';
import { nodeOnPath } from './flow/node-on-path.js';
import { systemAppearance } from './system-appearance.js';
import { createTray, type GlanceTray } from './tray.js';
import { createOverlayWindows } from './windows/overlay.js';
import { createPanel } from './windows/panel.js';
import { hardenAllContents, isWebUrl, denyAllPermissions } from './windows/secure-window.js';

/**
 * The Electron shell, as a table of contents (docs/architecture.md, "One composition"): it makes Electron's
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
  const mac = process.platform === 'darwin';
  hardenAllContents(app);
  const life = trackQuitting(app);
  await app.whenReady();
  // A menu-bar app has no Dock icon: LSUIElement does this when packaged, the same activation
  // policy does it in `npm start` (app.dock.hide() would leave app.hide() without effect, electron#16093).
  if (mac) app.setActivationPolicy('accessory');
  denyAllPermissions(session.defaultSession);

  // The panel sits under the tray icon and the tray opens the panel: the panel asks lazily.
  const trayRef: { current?: GlanceTray } = {};
  const panel = createPanel({
    preloadPath: join(import.meta.dirname, '../preload/preload.cjs'),
    rendererFile: join(import.meta.dirname, '../renderer/index.html'),
    screen,
    trayBounds: () => trayRef.current?.bounds() ?? { x: 0, y: 0, width: 0, height: 0 },
    isQuitting: life.isQuitting,
    unhideApp: () => {
      if (mac && app.isHidden()) app.show();
    },
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
    // One reader for the app's life: its helper starts on the first read, never ahead, and stops on quit.
    accessibility: { reader: createAccessibilityReader(), permission: accessibilityPermission(systemPreferences, shell, process.platform) },
    log: createMainLogSink(),
    shortcut: globalShortcut,
    tray: (actions) => (trayRef.current = createTray(actions)),
    windows: { panel, overlays },
    appearance: systemAppearance(systemPreferences, process.platform),
    screen: { displays: () => screen.getAllDisplays().map((d) => ({ id: d.id, bounds: d.bounds })) },
    safeStorage,
    // The front app's own icon: Finder's icon of its bundle on a Mac, its desktop file's icon on Linux.
    ...(mac ? { appIcons: createDarwinAppIcons((path) => app.getFileIcon(path, { size: 'normal' })) } : process.platform === 'linux' ? { appIcons: createLinuxAppIcons(process.env) } : {}),
    // An Electron app's consent card says what the first read turns on in it (macOS only).
    ...(mac ? { electronApp: (pid: number) => isElectronApp(pid) } : {}),
    clipboard: { writeText: (text) => clipboard.writeText(text) },
    utilityProcess: { launchSample: () => forkSampleNotes(join(import.meta.dirname, '../provider/sample/main.js')) },
    shell: {
      openExternal: async (url) => {
        if (isWebUrl(url)) await shell.openExternal(url);
      },
      showItemInFolder: (path) => shell.showItemInFolder(path),
    },
    // Electron's own binary is no Node for the browser (its runAsNode fuse is off): the packaged
    // app ships the helper as a single executable in its Resources (app/browser/shipped.ts finds
    // it, and no Node is used); from a checkout the launcher runs the helper with the Node on the
    // PATH Glance started with, named by its full path (the browser's own PATH may lack it).
    browserHelper: { node: nodeOnPath(process.env) ?? 'node' },
    app: {
      setLoginItem: (openAtLogin) => app.setLoginItemSettings({ openAtLogin }),
      // Login items exist on macOS (and Windows) only.
      loginItem: () => (mac || process.platform === 'win32' ? app.getLoginItemSettings() : undefined),
      // Nothing to hand back on macOS: the panel is non-activating (main/config.ts), so Glance
      // never becomes the active app, and the front app keeps the focus while the panel shows.
      // app.hide() here would make the next show's app.show() (NSApp unhide:, which activates
      // the app) take the activation from the app the user is about to ask about.
      deactivate: () => undefined,
      quit: () => app.quit(),
    },
  } satisfies MainPorts);

  registerIpc({ pageUrls: { panel: panel.rendererUrl, overlay: overlays.rendererUrl }, logger: services.logger, handlers: services.handlers });
  // Our own menu instead of Electron's default: Edit for the fields, nothing that reloads,
  // opens DevTools or destroys the panel (main/menu.ts).
  Menu.setApplicationMenu(Menu.buildFromTemplate(applicationMenu(services.menu)));
  answerAppEvents(app, {
    showPanel: panel.show,
    onQuit: () => {
      globalShortcut.unregisterAll();
      void services.close();
    },
  });
}

start().catch((error: unknown) => {
  console.error(`[glance] error: Glance could not start: ${error instanceof Error ? error.message : String(error)}`);
  app.exit(1);
});
