import { homedir } from 'node:os';
import { cachedAppIcons, createRedactingLogger, SecretRegistry, type Logger, collectFrontApp, behindPermission, publishedApps, createHostCache, createPrivacyService, createSettingsStore } from '../app/host.js';
import type { InvokeHandlers, PanelState } from '../contract/ipc.js';
import type { FrontApp } from '../app/os/types.js';
import { createAppearance } from './flow/appearance.js';
import { createBrowserSetup } from './flow/browser-setup.js';
import { createCommandSetup } from './flow/command-setup.js';
import { createController } from './flow/controller.js';
import { createOverlayService } from './flow/overlay-service.js';
import { createPrivacyPanel } from './flow/privacy-panel.js';
import { createSampleNotes, SAMPLE_NOTES } from './flow/sample-notes.js';
import { createSettingsService } from './flow/settings-service.js';
import { createNotices } from './flow/notices.js';
import { composePanelState } from './flow/panel-state.js';
import { createStateHub, type StateHub } from './flow/state-hub.js';
import { loginItemAfterSetting, loginItemAtStart } from './flow/login-item.js';
import { createHotkeyRegistrar } from './hotkey.js';
import { createHandlers } from './ipc/handlers.js';
import { holdPanelDuringKeychain } from './keychain-hold.js';
import type { AppMenuActions } from './menu.js';
import { payloadKeepingProblem, safeStorageCipher } from './payload-cipher.js';
import type { MainPorts } from './ports.js';
import { createSecretStore } from './secrets.js';
import { createWhoAnswers } from './flow/who-answers.js';
import { tildeNotice, tildeText } from './flow/home-paths.js';

/** The main process's services, built; what the shell still wires to Electron. */
export interface MainServices {
  /** One handler per IPC channel, for registerIpc (or the e2e server). */
  handlers: InvokeHandlers;
  /** The pipe to the panel: each change goes to it as a push of the fields that changed. */
  hub: StateHub;
  /** What the panel shows now, composed from its owners (the panel's one fetch answers with it). */
  panelState(): PanelState;
  /** The services' logger: it blanks every token and key the core has read. */
  logger: Logger;
  /** What the application menu does (main/menu.ts builds the menu from these). */
  menu: AppMenuActions;
  /** On quit: closes the kept provider connections, stops the accessibility reader's helper and ends Sample Notes. */
  close(): Promise<void>;
}

/**
 * The one composition of the main process (docs/architecture.md, "One composition"): everything that is not an
 * Electron object, built in order over the ports. main/index.ts passes Electron's pieces; the
 * e2e harness passes test ones; so the browser tests run the wiring the app runs. No electron
 * import here or below, except types.
 */
export async function createMainServices(ports: MainPorts): Promise<MainServices> {
  // The core registers every token it reads with `secrets`, which the logger redacts.
  const secrets = new SecretRegistry();
  const logger = createRedactingLogger(ports.log, secrets);
  const store = createSettingsStore(ports.dataDir);
  const loaded = await store.load();
  // Paths in what the panel is told are the user's own: ~/Library/…, not the home folder spelled out.
  const home = ports.home ?? homedir();
  const hub = createStateHub();
  const notices = createNotices(hub, loaded.notice ? [tildeNotice(loaded.notice, home)] : []);
  // The panel's one fetch, composed from the owners each time (the hub keeps no copy); it follows the view's name from the first push.
  const panelState = composePanelState({ hub, invocation: () => controller.current()?.view(), notices, settings: () => settings.current() });
  // Parsed descriptors, initialised MCP sessions and their idle verified sockets, kept between
  // hotkey presses; every check of docs/protocol.md, "The host's checks, in order", still runs on
  // each press, step 5 met by a kept socket while it stays connected
  // (app/invocation/host-cache.ts).
  const cache = createHostCache();
  const { panel, overlays } = ports.windows;
  // A Keychain prompt takes the focus: the panel stays while one of its operations runs.
  const safeStorage = holdPanelDuringKeychain(ports.safeStorage, panel.holdOpen);
  const keys = createSecretStore({ safeStorage, folder: ports.dataDir, redact: secrets, logger, ...(ports.platform ? { platform: ports.platform } : {}) });
  // Rules, secrets held back and receipts (app/privacy; docs/privacy.md). The rules are read on
  // every hotkey, so a change made with `glance rules` applies at the next press. Kept payloads
  // are encrypted with the Keychain (payload-cipher.ts), under the same hold as the keys.
  const cipher = safeStorageCipher(safeStorage, ports.platform);
  const privacy = createPrivacyService({ home: ports.dataDir, settings: () => settings.current(), ...(cipher ? { cipher } : {}) });
  const core = { os: ports.os, logger, cache, secrets, privacy: privacy.hooks, ...(ports.env ? { env: ports.env } : {}) };
  // Apps without a provider: the one reader, asked only while macOS says Glance holds the permission (else the card explains it).
  const reader = behindPermission(ports.accessibility.reader, ports.accessibility.permission.trusted);

  // Each app's own icon, looked up once per bundle id, for the header, the cards and History.
  const icons = ports.appIcons ? cachedAppIcons(ports.appIcons) : undefined;
  const electronApp = ports.electronApp;
  // Highlights: one transparent window per display, created when a display first draws.
  const overlay = createOverlayService({ displays: ports.screen.displays, windows: overlays });
  // Each invocation owns what it collected, its conversation, the placement and the overlay it drew.
  const controller = createController({
    os: ports.os,
    // The provider first; an app without one only through the one reader, with the user's consent (app/accessibility).
    collect: (front, { granted = false, ...options }) => collectFrontApp(front, core, options, { reader, granted }),
    timeoutMs: () => settings.current().timeoutMs,
    ownPid: ports.ownPid,
    showPanel: panel.show,
    panelFocused: () => panel.isFocused?.() ?? false,
    hub,
    logger,
    // A card's words are the core's, which name files by their full path: shortened to ~/… as every path the panel shows.
    redact: (text) => tildeText(secrets.redact(text), home),
    agent: {
      settings: () => settings.current(),
      apiKey: keys.get,
      overlay,
      logger,
      privacy,
      ...(ports.modelFetch ? { modelFetch: ports.modelFetch } : {}),
    },
    placeBeside: panel.placeBeside,
    // The front app as the OS named it may lack its bundle id (a pid the user passed): the icon is found by the one the OS tells.
    ...(icons ? { appIcon: async (app: FrontApp) => icons.iconOf({ pid: app.pid, bundleId: app.bundleId ?? (await ports.os.bundleId(app.pid)) }) } : {}),
    ...(electronApp ? { electronApp: (app: FrontApp) => electronApp(app.pid) } : {}),
  });
  // Something to try before any app of the user's speaks the protocol: the bundled sample.
  const sampleNotes = createSampleNotes({ launch: ports.utilityProcess.launchSample, logger, ...(ports.env ? { env: ports.env } : {}) });
  const trySampleNotes = (): void => void controller.collectFrom(SAMPLE_NOTES, () => sampleNotes.start());
  // A panel the user dismissed stops its collection: nothing is read for a panel nobody sees.
  panel.onHidden(() => void controller.panelClosed());
  const hotkeys = createHotkeyRegistrar(ports.shortcut, () => void controller.onHotkey());
  const settings = createSettingsService({
    store,
    hub,
    notices,
    initial: loaded.settings,
    changed: controller.settingsChanged,
    effects: {
      applyHotkey: hotkeys.apply,
      // Set, then read back: on macOS 13 and later the item may wait for approval or be refused.
      applyLaunchAtLogin: (enabled) => {
        ports.app.setLoginItem(enabled);
        return loginItemAfterSetting(ports.app.loginItem(), enabled);
      },
      launchAtLogin: () => loginItemAtStart(ports.app.loginItem()),
      keepPayloadsProblem: () => payloadKeepingProblem(safeStorage, ports.platform),
    },
  });

  // Glance putting its own panel away (Esc, Close, the tray icon, Cmd-W): the ring goes with it,
  // and the focus goes back to the app the user was in, which hiding a window alone does not do.
  const dismissPanel = (): void => {
    overlay.hide();
    panel.hide();
    ports.app.deactivate();
  };
  const openSettings = (): void => {
    hub.push({ view: 'settings' });
    panel.show();
  };
  // The `glance` command on the PATH; the app menu's Install and Remove show the result in Settings.
  const command = createCommandSetup({ home, logger, ...ports.command });
  const commandThenSettings = (change: () => Promise<unknown>) => (): void => void change().then(openSettings, (error: unknown) => {
    logger.warn(`command: ${error instanceof Error ? error.name : 'unknown error'}`);
    openSettings();
  });
  // Receipts older than the setting's days go at start and once a day after (docs/privacy.md).
  const prune = (): void => void privacy.prune().then(({ notices: pruned }) => {
    notices.add(pruned.map((notice) => tildeNotice(notice, home)));
  }, (error: unknown) => logger.warn(`history: pruning failed (${error instanceof Error ? error.name : 'unknown'})`));
  prune();
  const pruning = setInterval(prune, 86_400_000);
  pruning.unref();

  const tray = ports.tray({
    openPanel: panel.show,
    togglePanel: () => (panel.isVisible() ? dismissPanel() : panel.show()),
    openSettings,
    trySampleNotes,
    togglePause: () => void settings.update({ paused: !settings.current().paused }),
    quit: ports.app.quit,
    isPaused: () => settings.current().paused,
    hotkey: () => settings.current().hotkey,
  });
  // The system accent colour, followed while Glance runs: the page repaints in it.
  const appearance = createAppearance({ port: ports.appearance, publish: panel.publishAppearance, logger });
  const handlers = createHandlers({
    hub,
    panelState,
    notices,
    controller,
    settings,
    privacy: createPrivacyPanel({
      privacy, historyDays: () => settings.current().historyDays, logger,
      // Names for the Rules list from the descriptors published now, checked as a hotkey would check them; no provider is asked.
      published: () => publishedApps({ os: ports.os, descriptors: cache.descriptors, secrets, ...(ports.env ? { env: ports.env } : {}) }),
      notify: (notice) => notices.add([tildeNotice(notice, home)]),
      home,
      clipboard: ports.clipboard,
      ...(icons ? { appIcon: (bundleId: string) => icons.iconOf({ bundleId }) } : {}),
    }),
    keys,
    whoAnswers: createWhoAnswers({ keys, ...(ports.localServers ? { probes: ports.localServers } : {}), ...(ports.modelFetch ? { modelFetch: ports.modelFetch } : {}) }),
    overlay,
    closePanel: dismissPanel,
    trySampleNotes,
    openExternal: ports.shell.openExternal,
    // The same files as `glance browser`: the browsers' folders under the user's home.
    browser: createBrowserSetup({
      home: ports.dataDir, at: { home, platform: ports.platform ?? process.platform, env: ports.env ?? process.env },
      ...ports.browserHelper, showItemInFolder: ports.shell.showItemInFolder, logger,
    }),
    command,
    accessibilityPermission: ports.accessibility.permission,
    clipboard: ports.clipboard,
    appearance: appearance.current,
  });
  hub.subscribe((push) => {
    panel.publish(push);
    tray.refresh();
  });
  // A failed hotkey or a damaged settings file is said at once, not on the first press.
  if (notices.list().length > 0) panel.show();

  return {
    handlers,
    hub,
    panelState,
    logger,
    menu: { openSettings, closePanel: dismissPanel, quit: ports.app.quit, installCommand: commandThenSettings(command.install), removeCommand: commandThenSettings(command.remove) },
    close: async () => {
      clearInterval(pruning);
      appearance.close();
      await Promise.all([cache.close(), reader.close(), sampleNotes.stop()]);
    },
  };
}
