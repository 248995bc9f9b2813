import { join } from 'node:path';
import { app, globalShortcut, safeStorage, screen, session, shell } from 'electron';
import { SecretRegistry } from '../app/log/logger.js';
import { createOs } from '../app/os/index.js';
import { collectContext } from '../app/session/collect.js';
import { createHostCache } from '../app/session/host-cache.js';
import { locateRef } from '../app/session/locate.js';
import { createSettingsStore } from '../app/settings/store.js';
import { glanceHomePath, openGlanceHome } from '../app/home/folder.js';
import { createPrivacyService } from '../app/privacy/service.js';
import { safeStorageCipher } from './payload-cipher.js';
import { createAgentService } from './flow/agent-service.js';
import { createController } from './flow/controller.js';
import { createOverlayService } from './flow/overlay-service.js';
import { createSelectionPlacement } from './flow/placement.js';
import { createSampleNotes, SAMPLE_NOTES } from './flow/sample-notes.js';
import { createSettingsService } from './flow/settings-service.js';
import { createStateHub, followInvocations, initialPanelState } from './flow/state-hub.js';
import { createHotkeyRegistrar } from './hotkey.js';
import { createHandlers } from './ipc/handlers.js';
import { registerIpc } from './ipc/register.js';
import { createMainLogger } from './logger.js';
import { forkSampleNotes } from './sample-process.js';
import { createSecretStore } from './secrets.js';
import { createTray, type GlanceTray } from './tray.js';
import { createOverlayWindows } from './windows/overlay.js';
import { createPanel } from './windows/panel.js';
import { hardenAllContents, isWebUrl, lockDownSession } from './windows/secure-window.js';

/**
 * The composition root: it reads as the table of contents of the main process (design.md,
 * pattern 1). Every piece is created here with what it needs and nothing is wired by import
 * order. Built files sit in dist/: dist/main (this), dist/preload, dist/renderer.
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
  lockDownSession(session.defaultSession);

  const secrets = new SecretRegistry();
  const logger = createMainLogger(secrets);
  // Glance's data folder, shared with `glance`: GLANCE_HOME, else the folder Electron gives the
  // app (app/home/folder.ts); 0700, tightened if looser.
  const home = (await openGlanceHome(glanceHomePath(process.env))).path;
  const store = createSettingsStore(home);
  const loaded = await store.load();
  const hub = createStateHub(initialPanelState(loaded.settings.hotkey, loaded.settings.paused, loaded.notice ? [loaded.notice] : []));
  const os = createOs();
  // Parsed descriptors, initialised MCP sessions and their idle verified sockets, kept between
  // hotkey presses; every check of wire.md section 4 still runs on each press, step 5 met by a
  // kept socket while it stays connected (app/session/host-cache.ts).
  const cache = createHostCache();
  // Rules, secrets held back and receipts (app/privacy, issue 13): the rules are read on every
  // hotkey, so a change made with `glance rules` applies at the next press.
  const privacy = createPrivacyService({ home, settings: () => settings.current(), cipher: safeStorageCipher(safeStorage) });
  // The core registers every token it reads with `secrets`, which the logger redacts.
  const core = { os, logger, cache, secrets, privacy: privacy.hooks };
  const keys = createSecretStore({ safeStorage, folder: home, redact: secrets, logger });

  // The panel is placed under the tray icon and the tray opens the panel: one is created first.
  const trayRef: { current?: GlanceTray } = {};
  const panel = createPanel({
    preloadPath: join(import.meta.dirname, '../preload/preload.cjs'),
    rendererFile: join(import.meta.dirname, '../renderer/index.html'),
    screen,
    trayBounds: () => trayRef.current?.bounds() ?? { x: 0, y: 0, width: 0, height: 0 },
  });

  const controller = createController({
    os,
    collect: (front, options) => collectContext(front, core, options),
    timeoutMs: () => settings.current().timeoutMs,
    ownPid: process.pid,
    showPanel: panel.show,
    hub,
    logger,
  });
  // Something to try before any app of the user's speaks the protocol: the bundled sample.
  const sampleNotes = createSampleNotes({ launch: () => forkSampleNotes(join(import.meta.dirname, '../provider/sample/main.js')), logger });
  const trySampleNotes = (): void => void controller.collectFrom(SAMPLE_NOTES, () => sampleNotes.start());
  // A panel the user dismissed stops its collection: nothing is read for a panel nobody sees.
  panel.onHidden(() => void controller.panelClosed());
  const hotkeys = createHotkeyRegistrar(globalShortcut, () => void controller.onHotkey());
  const settings = createSettingsService({
    store,
    hub,
    initial: loaded.settings,
    effects: {
      applyHotkey: hotkeys.apply,
      applyLaunchAtLogin: (openAtLogin) => {
        app.setLoginItemSettings({ openAtLogin });
        return undefined;
      },
    },
  });

  // Highlights: one transparent window per display, created when a display first draws.
  const overlayWindows = createOverlayWindows({
    preloadPath: join(import.meta.dirname, '../preload/overlay.cjs'),
    rendererFile: join(import.meta.dirname, '../renderer/overlay.html'),
  });
  const overlay = createOverlayService({ displays: () => screen.getAllDisplays().map((d) => ({ id: d.id, bounds: d.bounds })), windows: overlayWindows });
  // Every location goes to the provider and instance recorded with the id (locateRef).
  const locate = (ref: Parameters<typeof locateRef>[0], options: { timeoutMs: number; signal: AbortSignal }) => locateRef(ref, core, options);
  const agent = createAgentService({
    collected: controller.collected,
    settings: settings.current,
    apiKey: keys.get,
    locate,
    overlay,
    publish: panel.publishAnswer,
    logger,
    privacy,
  });
  // Receipts older than the setting's days go at start and once a day after (docs/privacy.md).
  const prune = (): void => void privacy.prune().then(({ notices }) => {
    if (notices.length > 0) hub.update({ notices: [...hub.get().notices, ...notices] });
  }, (error: unknown) => logger.warn(`history: pruning failed (${error instanceof Error ? error.name : 'unknown'})`));
  prune();
  setInterval(prune, 86_400_000).unref();
  const placement = createSelectionPlacement({
    locate,
    timeoutMs: () => settings.current().timeoutMs,
    isCurrent: (id) => hub.get().invocation?.id === id,
    placeBeside: panel.placeBeside,
    logger,
  });
  followInvocations(hub, {
    started: () => agent.reset(),
    collected: (id) => {
      const context = controller.collected(id);
      if (context) void placement.onCollected(context);
    },
  });

  const tray = createTray({
    openPanel: panel.toggle,
    openSettings: () => {
      hub.update({ view: 'settings' });
      panel.show();
    },
    trySampleNotes,
    togglePause: () => void settings.update({ paused: !settings.current().paused }),
    quit: () => app.quit(),
    isPaused: () => settings.current().paused,
    hotkey: () => settings.current().hotkey,
  });
  trayRef.current = tray;

  registerIpc({
    pageUrls: { panel: panel.rendererUrl, overlay: overlayWindows.rendererUrl },
    logger,
    handlers: createHandlers({
      hub,
      controller,
      settings,
      agent,
      keys,
      overlay,
      closePanel: panel.hide,
      trySampleNotes,
      openExternal: async (url) => {
        if (isWebUrl(url)) await shell.openExternal(url);
      },
    }),
  });
  hub.subscribe((state) => {
    panel.publish(state);
    tray.refresh();
  });

  app.on('second-instance', panel.show);
  // Closing the panel hides it; Glance lives in the menu bar until Quit.
  app.on('window-all-closed', () => undefined);
  app.on('will-quit', () => {
    globalShortcut.unregisterAll();
    void cache.close();
    void sampleNotes.stop();
  });
  // A failed hotkey or a damaged settings file is said at once, not on the first press.
  if (hub.get().notices.length > 0) panel.show();
}

start().catch((error: unknown) => {
  console.error(`[glance] error: Glance could not start: ${error instanceof Error ? error.message : String(error)}`);
  app.exit(1);
});
