import { dirname, join } from 'node:path';
import type { SafeStorage } from 'electron';
import type { OverlayDisplay } from '../../../app/geometry/overlay.js';
import type { FrontApp, OsServices } from '../../../app/os/types.js';
import type { Location } from '@app-context/provider-kit/protocol';
import type { Appearance } from '../../../contract/appearance.js';
import type { AnswerState, Drawing, InvokeHandlers, PanelState } from '../../../contract/ipc.js';
import type { StateHub } from '../../../main/flow/state-hub.js';
import type { AccessibilityPermissionPort, MainPorts, TrayActions } from '../../../main/ports.js';
import { createAccessibilityReader, type AccessibilityReader } from '../../../app/os/accessibility/index.js';
import type { SafeStorageLike } from '../../../main/secrets.js';
import { createMainServices } from '../../../main/services.js';
import { createLinuxAppIcons } from '../../../app/os/app-icon-linux.js';
import { launchNodeChild } from '../../helpers/spawn.js';
import { ROOT } from './build.js';

/**
 * Main's services as the app builds them (main/services.ts, the same createMainServices that
 * main/index.ts calls), over test ports instead of Electron's: the windows are a visibility
 * flag, a record of where the panel was placed and listeners for answers and drawings; the
 * hotkey is the callback the services registered (pressHotkey calls it, as macOS would); the
 * front app is the pid the test names; Sample Notes runs as a `node` child; and the Keychain is
 * a reversible stand-in (safeStorage exists only inside Electron, and these tests are about the
 * flow, not the cipher).
 */
export interface TestMain {
  /** The pipe to the panel (the test server streams its pushes). */
  hub: StateHub;
  /** What the panel shows now, composed from its owners (the panel's fetch answers with it). */
  panelState(): PanelState;
  /** What the services put on the clipboard, in order (History's Copy). */
  clipboard: string[];
  /** The folders the services showed in the file manager, in order (Settings › Browser's Reveal). */
  shownFolders: string[];
  handlers: InvokeHandlers;
  logLines: string[];
  /** The one display the e2e overlay page stands for. */
  display: OverlayDisplay;
  /** Where the services moved the panel, beside each selection (placeBeside). */
  placements: Location[];
  /** The tray menu's actions, as the services made them. */
  tray(): TrayActions;
  pressHotkey(front: FrontApp): void;
  panelVisible(): boolean;
  /** Each answer main publishes, as a patch of the invocation's view (every streamed piece). */
  onAnswer(listener: (answer: AnswerState) => void): () => void;
  /** Each time main shows the panel, as panel.ts sends `panel:shown`. */
  onShown(listener: (shown: { serial: number }) => void): () => void;
  onDraw(listener: (displayId: number | string, drawing: Drawing) => void): () => void;
  /** Each appearance main pushes to the page, as panel.ts sends `appearance:changed`. */
  onAppearance(listener: (appearance: Appearance) => void): () => void;
  /**
   * Plays the system changing its accent colour (Electron's RGBA hex, or undefined for none):
   * the services read it again as they do on macOS's notification, and push what changed.
   */
  setSystemAccent(raw: string | undefined): void;
  /** What quitting does: closes the kept connections and ends Sample Notes, if it was started. */
  close(): Promise<void>;
}

/** A stand-in for safeStorage that only marks and base64-encodes: never use it outside tests. */
export const testSafeStorage = {
  isAsyncEncryptionAvailable: async () => true,
  encryptStringAsync: async (text: string) => Buffer.from(`glance-test:${Buffer.from(text).toString('base64')}`),
  decryptStringAsync: async (blob: Buffer) => ({ result: Buffer.from(blob.toString().replace(/^glance-test:/, ''), 'base64').toString(), shouldReEncrypt: false }),
  getSelectedStorageBackend: () => 'gnome_libsecret' as const,
} satisfies SafeStorageLike & Pick<SafeStorage, 'getSelectedStorageBackend'>;

/** The system's look in a test: the window's vibrancy, and the accent colour as Electron would give it (RGBA hex). */
export interface TestLook {
  vibrant?: boolean;
  accent?: string;
}

/**
 * The accessibility layer in a test: a reader (the real one, over a desktop session of the
 * test's own, by default over the test's environment, where it finds no bus) and the macOS
 * permission as the test plays it (held unless said otherwise).
 */
export interface TestAccessibility {
  reader?: AccessibilityReader;
  permission?: AccessibilityPermissionPort;
}

/** Builds main's services over the real core, the given OS services and test ports. */
export async function createTestMain(options: { os: OsServices; env: NodeJS.ProcessEnv; dataDir: string; home?: string; browserHelper?: MainPorts['browserHelper']; command?: MainPorts['command']; look?: TestLook; safeStorage?: SafeStorageLike; modelFetch?: typeof fetch; localServers?: MainPorts['localServers']; accessibility?: TestAccessibility }): Promise<TestMain> {
  const logLines: string[] = [];
  const clipboard: string[] = [];
  const shownFolders: string[] = [];
  let front: FrontApp = { pid: 0 };
  let visible = false;
  let onPress: (() => void) | undefined;
  let trayActions: TrayActions | undefined;
  const hidden: (() => void)[] = [];
  const placements: Location[] = [];
  const drawListeners = new Set<(displayId: number | string, drawing: Drawing) => void>();
  const shownListeners = new Set<(shown: { serial: number }) => void>();
  const appearanceListeners = new Set<(appearance: Appearance) => void>();
  let systemAccent = options.look?.accent;
  const accentListeners = new Set<() => void>();
  let shownSerial = 0;
  const showPanel = (): void => {
    visible = true;
    shownSerial += 1;
    for (const listener of shownListeners) listener({ serial: shownSerial });
  };
  const display: OverlayDisplay = { id: 1, bounds: { x: 0, y: 0, width: 1280, height: 800 } };
  const ports: MainPorts = {
    dataDir: options.dataDir,
    // The test's home is the temporary folder its data folder is in (paths show as ~/glance-data-…/…),
    // or a folder of the test's own where it plays the user's browsers' folders.
    home: options.home ?? dirname(options.dataDir),
    env: options.env,
    ownPid: process.pid,
    // The real OS services, but the front app is the one the test names.
    os: { ...options.os, frontApp: async () => ({ ok: true, app: front }) },
    accessibility: {
      reader: options.accessibility?.reader ?? createAccessibilityReader({ env: options.env }),
      permission: options.accessibility?.permission ?? { trusted: () => true, openSettings: async () => false },
    },
    log: (level, message) => {
      if (level !== 'debug') logLines.push(message);
    },
    shortcut: {
      register: (_accelerator, callback) => {
        onPress = callback;
        return true;
      },
      unregister: () => {
        onPress = undefined;
      },
    },
    tray: (actions) => {
      trayActions = actions;
      return { refresh: () => undefined };
    },
    windows: {
      panel: {
        show: showPanel,
        // As Electron's window does, hiding tells whoever listens for 'hide'.
        hide: () => {
          visible = false;
          for (const listener of hidden) listener();
        },
        isVisible: () => visible,
        // No system dialog takes the focus here: nothing to hold the panel open against.
        holdOpen: () => () => undefined,
        publish: () => undefined, // the test server pushes the hub's changes itself
        publishAppearance: (appearance) => { for (const listener of appearanceListeners) listener(appearance); },
        placeBeside: (location) => { placements.push(location); },
        onHidden: (listener) => { hidden.push(listener); },
      },
      overlays: {
        draw: (d, drawing) => { for (const listener of drawListeners) listener(d.id, drawing); },
        hideAll: () => undefined,
      },
    },
    // The system's look as the test sets it; undefined: no accent to follow, as on Linux.
    appearance: {
      vibrant: options.look?.vibrant ?? false,
      accentColor: () => systemAccent,
      onAccentChanged: (listener) => {
        accentListeners.add(listener);
        return () => accentListeners.delete(listener);
      },
    },
    screen: { displays: () => [display] },
    // A test of what the panel says without a Keychain passes its own (the narrow port).
    safeStorage: options.safeStorage ?? testSafeStorage,
    ...(options.modelFetch ? { modelFetch: options.modelFetch } : {}),
    // The welcome asks only the ports a test plays a model server on: never this machine's own 11434, 1234, 8080.
    localServers: options.localServers ?? [],
    platform: 'darwin',
    utilityProcess: { launchSample: () => launchNodeChild([join(ROOT, 'dist/provider/sample/main.js')], options.env) },
    ...(options.browserHelper ? { browserHelper: options.browserHelper } : {}),
    ...(options.command ? { command: options.command } : {}),
    shell: { openExternal: async () => undefined, showItemInFolder: (path) => { shownFolders.push(path); } },
    // Icons as Linux finds them, over the test's environment (its XDG_DATA_DIRS, when it sets one).
    appIcons: createLinuxAppIcons(options.env),
    clipboard: { writeText: (text) => { clipboard.push(text); } },
    // No login items and no other app to give the focus back to in the browser tests.
    app: { setLoginItem: () => undefined, loginItem: () => undefined, deactivate: () => undefined, quit: () => undefined },
  };
  const services = await createMainServices(ports);
  const subscribe = <T>(set: Set<T>, listener: T): (() => void) => {
    set.add(listener);
    return () => set.delete(listener);
  };
  return {
    hub: services.hub,
    panelState: services.panelState,
    clipboard,
    shownFolders,
    handlers: services.handlers,
    logLines,
    display,
    placements,
    tray: () => {
      if (!trayActions) throw new Error('the services made no tray');
      return trayActions;
    },
    pressHotkey: (app) => {
      // The same flow as the real hotkey: the services' callback asks the "OS" for the front app first.
      if (!onPress) throw new Error('no hotkey is registered (paused?)');
      front = app;
      onPress();
    },
    panelVisible: () => visible,
    onAnswer: (listener) => services.hub.subscribe((push) => {
      if (push.patch?.answer) listener(push.patch.answer);
    }),
    onShown: (listener) => subscribe(shownListeners, listener),
    onDraw: (listener) => subscribe(drawListeners, listener),
    onAppearance: (listener) => subscribe(appearanceListeners, listener),
    setSystemAccent: (raw) => {
      systemAccent = raw;
      for (const listener of [...accentListeners]) listener();
    },
    close: () => services.close(),
  };
}
