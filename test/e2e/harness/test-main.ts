import { join } from 'node:path';
import type { SafeStorage } from 'electron';
import type { OverlayDisplay } from '../../../app/geometry/overlay.js';
import type { FrontApp, OsServices } from '../../../app/os/types.js';
import type { Location } from '../../../app/protocol/location.js';
import type { AnswerState, Drawing, InvokeHandlers } from '../../../contract/ipc.js';
import type { StateHub } from '../../../main/flow/state-hub.js';
import type { MainPorts, TrayActions } from '../../../main/ports.js';
import type { SafeStorageLike } from '../../../main/secrets.js';
import { createMainServices } from '../../../main/services.js';
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
  hub: StateHub;
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
  onAnswer(listener: (answer: AnswerState | null) => void): () => void;
  /** Each time main shows the panel, as panel.ts sends `panel:shown`. */
  onShown(listener: (shown: { serial: number }) => void): () => void;
  onDraw(listener: (displayId: number | string, drawing: Drawing) => void): () => void;
  /** What quitting does: closes the kept connections and ends Sample Notes, if it was started. */
  close(): Promise<void>;
}

/** A stand-in for safeStorage that only marks and base64-encodes: never use it outside tests. */
const testSafeStorage = {
  isAsyncEncryptionAvailable: async () => true,
  encryptStringAsync: async (text: string) => Buffer.from(`glance-test:${Buffer.from(text).toString('base64')}`),
  decryptStringAsync: async (blob: Buffer) => ({ result: Buffer.from(blob.toString().replace(/^glance-test:/, ''), 'base64').toString(), shouldReEncrypt: false }),
  getSelectedStorageBackend: () => 'gnome_libsecret' as const,
} satisfies SafeStorageLike & Pick<SafeStorage, 'getSelectedStorageBackend'>;

/** Builds main's services over the real core, the given OS services and test ports. */
export async function createTestMain(options: { os: OsServices; env: NodeJS.ProcessEnv; dataDir: string }): Promise<TestMain> {
  const logLines: string[] = [];
  let front: FrontApp = { pid: 0 };
  let visible = false;
  let onPress: (() => void) | undefined;
  let trayActions: TrayActions | undefined;
  const hidden: (() => void)[] = [];
  const placements: Location[] = [];
  const answerListeners = new Set<(answer: AnswerState | null) => void>();
  const drawListeners = new Set<(displayId: number | string, drawing: Drawing) => void>();
  const shownListeners = new Set<(shown: { serial: number }) => void>();
  let shownSerial = 0;
  const showPanel = (): void => {
    visible = true;
    shownSerial += 1;
    for (const listener of shownListeners) listener({ serial: shownSerial });
  };
  const display: OverlayDisplay = { id: 1, bounds: { x: 0, y: 0, width: 1280, height: 800 } };
  const ports: MainPorts = {
    dataDir: options.dataDir,
    env: options.env,
    ownPid: process.pid,
    // The real OS services, but the front app is the one the test names.
    os: { ...options.os, frontApp: async () => ({ ok: true, app: front }) },
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
        publish: () => undefined, // the test server pushes the hub's state itself
        publishAnswer: (answer) => { for (const listener of answerListeners) listener(answer); },
        placeBeside: (location) => { placements.push(location); },
        onHidden: (listener) => { hidden.push(listener); },
      },
      overlays: {
        draw: (d, drawing) => { for (const listener of drawListeners) listener(d.id, drawing); },
        hideAll: () => undefined,
      },
    },
    screen: { displays: () => [display] },
    safeStorage: testSafeStorage,
    platform: 'darwin',
    utilityProcess: { launchSample: () => launchNodeChild([join(ROOT, 'dist/provider/sample/main.js')], options.env) },
    shell: { openExternal: async () => undefined },
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
    onAnswer: (listener) => subscribe(answerListeners, listener),
    onShown: (listener) => subscribe(shownListeners, listener),
    onDraw: (listener) => subscribe(drawListeners, listener),
    close: () => services.close(),
  };
}
