/**
 * Ports for createMainServices (main/ports.ts) standing in for Electron's objects, recording
 * what the services asked of them: the panel's visibility, each time Glance gave the focus back
 * (app.hide on macOS), the login item as the system would keep it, the tray's actions. The
 * rest is the real core over a temporary data folder. Tests of the Mac shell's behaviour use
 * these; the e2e harness (test/e2e/harness/test-main.ts) has its own for the browser tests.
 */
import type { LogSink } from '../../app/log/logger.js';
import { createAccessibilityReader } from '../../app/os/accessibility/index.js';
import { createOs } from '../../app/os/index.js';
import type { Appearance } from '../../contract/appearance.js';
import type { AppearancePort, LoginItemReport, MainPorts, TrayActions } from '../../main/ports.js';
import type { SafeStorageLike } from '../../main/secrets.js';

/** What the fake ports saw, and the knobs a test turns. */
export interface FakeShell {
  ports: MainPorts;
  panelVisible(): boolean;
  /** How many times the services gave the focus back to the user's app (app.hide). */
  deactivations(): number;
  /** The tray's actions, as the services made them. */
  tray(): TrayActions;
  /** What the panel's holdOpen is holding now (a Keychain operation running). */
  holds(): number;
  /** Every setLoginItem call, in order. */
  loginItemCalls: boolean[];
  /** Every appearance the services pushed to the page, in order. */
  appearances: Appearance[];
}

/** A system's look a test controls: `setAccent` changes the accent and tells the listeners, as macOS's notification would. */
export interface FakeAppearance extends AppearancePort {
  setAccent(raw: string | undefined): void;
  /** How many listeners follow the accent now. */
  listeners(): number;
}

/** The appearance port over a value the test sets (undefined: no accent, as on Linux). */
export function fakeAppearance(initial: { vibrant?: boolean; accent?: string } = {}): FakeAppearance {
  let accent = initial.accent;
  const listeners = new Set<() => void>();
  return {
    vibrant: initial.vibrant ?? false,
    accentColor: () => accent,
    onAccentChanged: (listener) => {
      const own = (): void => listener();
      listeners.add(own);
      return () => listeners.delete(own);
    },
    setAccent: (raw) => {
      accent = raw;
      for (const listener of [...listeners]) listener();
    },
    listeners: () => listeners.size,
  };
}

/** A reversible stand-in for safeStorage (XOR), marked so it is never mistaken for a cipher. */
export function xorSafeStorage(overrides: Partial<SafeStorageLike> = {}): SafeStorageLike {
  const xor = (data: Buffer): Buffer => Buffer.from(data.map((b) => b ^ 0x5a));
  return {
    isAsyncEncryptionAvailable: async () => true,
    encryptStringAsync: async (text: string) => xor(Buffer.from(text)),
    decryptStringAsync: async (blob: Buffer) => ({ result: xor(blob).toString(), shouldReEncrypt: false }),
    getSelectedStorageBackend: () => 'unknown',
    ...overrides,
  };
}

/**
 * Ports over `dataDir`. `loginItem` plays the system: given what was last asked (undefined before
 * any call), it says what macOS reports; the default has no login items (another platform).
 */
export function fakeShell(dataDir: string, options: { loginItem?: (asked: boolean | undefined) => LoginItemReport | undefined; safeStorage?: SafeStorageLike; appearance?: AppearancePort; log?: LogSink } = {}): FakeShell {
  let visible = false;
  let deactivations = 0;
  let holds = 0;
  let trayActions: TrayActions | undefined;
  let asked: boolean | undefined;
  const loginItemCalls: boolean[] = [];
  const appearances: Appearance[] = [];
  const hidden: (() => void)[] = [];
  const ports: MainPorts = {
    dataDir,
    env: { ...process.env, APP_CONTEXT_PROVIDERS_DIR: dataDir },
    ownPid: process.pid,
    os: { ...createOs(), frontApp: async () => ({ ok: false, reason: 'no front app in this test', cause: 'no front app in this test' }) },
    // The real reader, over an environment with no session bus: it answers `no-bus`, and starts no helper.
    accessibility: { reader: createAccessibilityReader({ env: { PATH: process.env['PATH'] ?? '' } }), permission: { trusted: () => true, openSettings: async () => false } },
    log: options.log ?? (() => undefined),
    shortcut: { register: () => true, unregister: () => undefined },
    tray: (actions) => {
      trayActions = actions;
      return { refresh: () => undefined };
    },
    windows: {
      panel: {
        show: () => {
          visible = true;
        },
        hide: () => {
          if (!visible) return;
          visible = false;
          for (const listener of hidden) listener();
        },
        isVisible: () => visible,
        holdOpen: () => {
          holds += 1;
          let released = false;
          return () => {
            if (!released) holds -= 1;
            released = true;
          };
        },
        publish: () => undefined,
        publishAppearance: (appearance) => {
          appearances.push(appearance);
        },
        placeBeside: () => undefined,
        onHidden: (listener) => {
          hidden.push(listener);
        },
      },
      overlays: { draw: () => undefined, hideAll: () => undefined },
    },
    appearance: options.appearance ?? fakeAppearance(),
    screen: { displays: () => [{ id: 1, bounds: { x: 0, y: 0, width: 1280, height: 800 } }] },
    safeStorage: options.safeStorage ?? xorSafeStorage(),
    platform: 'darwin',
    utilityProcess: { launchSample: () => Promise.reject(new Error('Sample Notes is not started in these tests')) },
    shell: { openExternal: async () => undefined, showItemInFolder: () => undefined },
    clipboard: { writeText: () => undefined },
    app: {
      setLoginItem: (openAtLogin) => {
        loginItemCalls.push(openAtLogin);
        asked = openAtLogin;
      },
      loginItem: () => options.loginItem?.(asked),
      deactivate: () => (deactivations += 1),
      quit: () => undefined,
    },
  };
  return {
    ports,
    panelVisible: () => visible,
    deactivations: () => deactivations,
    tray: () => {
      if (!trayActions) throw new Error('the services made no tray');
      return trayActions;
    },
    holds: () => holds,
    loginItemCalls,
    appearances,
  };
}
