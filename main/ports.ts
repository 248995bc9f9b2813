import type { GlobalShortcut, LoginItemSettings } from 'electron';
import type { Appearance } from '../contract/appearance.js';
import type { PanelPush } from '../contract/ipc.js';
import type { AccessibilityReader, AppIcons, LocalServerProbe, OverlayDisplay, LogSink, ShippedFiles } from '../app/host.js';
import type { OsServices } from '../app/os/types.js';
import type { Location } from '@app-context/provider-kit/protocol';
import type { OverlayWindows } from './flow/overlay-service.js';
import type { SampleChild } from './flow/sample-notes.js';
import type { SafeStorageLike } from './secrets.js';

/**
 * What the main process's services need from Electron, each as a small interface
 * (so they can be replaced in tests without mocking Electron): main/index.ts passes Electron's objects, the e2e harness
 * (test/e2e/harness/test-main.ts) passes its own, and both hand them to the one composition,
 * createMainServices (services.ts). Only types here: nothing in this file runs.
 */

/** The menu-bar panel as the services use it (main/windows/panel.ts makes the real one). */
export interface PanelPort {
  show(): void;
  hide(): void;
  isVisible(): boolean;
  /** Shown and holding the keyboard (macOS's non-activating panel: the front app is another's meanwhile). */
  isFocused?(): boolean;
  /**
   * Keeps the panel shown while a dialog of the system's takes the focus for one of Glance's
   * operations (the Keychain asking to allow access): the panel would otherwise hide on blur.
   * Returns the release; call it once the operation is over.
   */
  holdOpen(): () => void;
  /** Sends what changed in the panel's state to the page (a streamed piece of the answer: that alone, never the tree). */
  publish(push: PanelPush): void;
  /** Sends the window's material and the accent colour to the page (they changed). */
  publishAppearance(appearance: Appearance): void;
  /** Moves the shown panel beside the selection, honouring `avoid` and `edge`; else it stays. */
  placeBeside(location: Location): void;
  /** Calls the listener whenever the panel is hidden, however that happened. */
  onHidden(listener: () => void): void;
}

/** What the tray's menu does; the services make these, the tray (main/tray.ts) shows them. */
export interface TrayActions {
  /** The menu's Open Glance: shows the panel, and leaves an open one open. */
  openPanel(): void;
  /** A click on the icon: shows the panel, or dismisses a shown one (giving the focus back). */
  togglePanel(): void;
  openSettings(): void;
  /** Starts the bundled Sample Notes and collects from it (it has no window to be in front). */
  trySampleNotes(): void;
  togglePause(): void;
  quit(): void;
  isPaused(): boolean;
  hotkey(): string;
}

/** The menu-bar icon, once made. */
export interface TrayPort {
  /** Says the pause state and the hotkey again after either changed. */
  refresh(): void;
}

/**
 * What the system says about the look (main/system-appearance.ts makes it from
 * systemPreferences): the page follows it through the contract (contract/appearance.ts).
 */
export interface AppearancePort {
  /** The panel window has the menu material behind its page (vibrancy: macOS only). */
  vibrant: boolean;
  /** The system accent colour as Electron gives it (RGBA hex); undefined where there is none to follow. */
  accentColor(): string | undefined;
  /** Calls the listener whenever the system's accent colour may have changed; returns how to stop. */
  onAccentChanged(listener: () => void): () => void;
}

/**
 * The Accessibility permission that reading an app without a provider needs on macOS (the
 * protocol path needs none): main/accessibility-permission.ts makes it from systemPreferences and
 * shell; elsewhere it is always granted and there is no pane to open.
 */
export interface AccessibilityPermissionPort {
  /** Whether Glance holds the permission now (isTrustedAccessibilityClient(false): asks nothing of the user). */
  trusted(): boolean;
  /**
   * On the user's click: adds Glance to System Settings' Accessibility list (the prompting
   * isTrustedAccessibilityClient(true)) and opens Privacy & Security › Accessibility there;
   * false where there is no such pane.
   */
  openSettings(): Promise<boolean>;
}

/** Electron's pieces, and the few facts of the process, that the services are built over. */
export interface MainPorts {
  /** The app's data folder (app.getPath('userData')): settings.json and the stored keys. */
  dataDir: string;
  /** The user's home folder, for paths shown as `~/…`; the process's (os.homedir) when absent. */
  home?: string;
  /** Where the providers folder is read from; the process's own environment when absent. */
  env?: NodeJS.ProcessEnv;
  /** Glance's own process id: never the front app. */
  ownPid: number;
  /** What only the OS knows: the front app, processes, who listens on a port. */
  os: OsServices;
  /**
   * The OS's accessibility layer, for apps that do not share context: the one reader (made by
   * the shell, with the environment its helper needs; the services close it on quit) and the
   * permission it needs.
   */
  accessibility: { reader: AccessibilityReader; permission: AccessibilityPermissionPort };
  /** Where log lines go, after the services' logger has blanked every secret in them. */
  log: LogSink;
  /** The global hotkey (globalShortcut). */
  shortcut: Pick<GlobalShortcut, 'register' | 'unregister'>;
  /** Makes the menu-bar icon with the services' actions (Tray and Menu). */
  tray(actions: TrayActions): TrayPort;
  /** The windows: the panel, and one overlay window per display. */
  windows: { panel: PanelPort; overlays: OverlayWindows };
  /** The window's material and the system accent colour (systemPreferences). */
  appearance: AppearancePort;
  /** The displays as the overlay needs them (screen.getAllDisplays). */
  screen: { displays(): OverlayDisplay[] };
  /** The Keychain (safeStorage), and the platform it runs on (Linux's plain-text store is refused). */
  safeStorage: SafeStorageLike;
  platform?: NodeJS.Platform;
  /** Starts the bundled Sample Notes as a child process (utilityProcess.fork). */
  utilityProcess: { launchSample(): Promise<SampleChild> };
  /**
   * The fetch the model backends send with; the global one when absent (main/index.ts gives
   * none). The e2e tests give one with their own DNS lookup, to play a model server elsewhere.
   */
  modelFetch?: typeof fetch;
  /**
   * The loopback ports the welcome asks for a running model server, as which server; the usual
   * ones when absent (app/agent/local-servers.ts). The e2e tests give their played server's port.
   */
  localServers?: readonly LocalServerProbe[];
  /**
   * Finds an app's own icon (main/app-icon-darwin.ts over app.getFileIcon on a Mac; the XDG
   * lookup of app/os/app-icon-linux.ts on Linux); absent: the panel draws its glyph for every app.
   */
  appIcons?: AppIcons;
  /** Whether the front app is built on Electron (macOS: app/os/accessibility/electron-app.ts); absent elsewhere. */
  electronApp?(pid: number): Promise<boolean>;
  /** The system clipboard (Electron's clipboard): History's Copy puts a receipt's digest there. */
  clipboard: { writeText(text: string): void };
  /** Opens an http(s) link in the user's browser (shell.openExternal); shows a folder in Finder (shell.showItemInFolder). */
  shell: { openExternal(url: string): Promise<void>; showItemInFolder(path: string): void };
  /**
   * The browser helper as this installation ships it, for Settings › Browser: the extension's
   * folder and the helper, and the program the launcher runs it with. Absent: found beside the
   * code, run by install's default (app/browser/install.ts).
   */
  browserHelper?: { files?: ShippedFiles; node?: string };
  /**
   * The `glance` command for Settings › Command line: the program linked onto the PATH and the
   * folders tried. Absent: the packaged app's Contents/Resources/glance, into /usr/local/bin or
   * ~/.local/bin (app/command/on-path.ts).
   */
  command?: { program?: string; folders?: string[] };
  /** The app's own life: the login item, giving the focus back, quitting. */
  app: {
    /** Asks the system to open Glance at login, or not (app.setLoginItemSettings). */
    setLoginItem(openAtLogin: boolean): void;
    /** What the system says of the login item now (app.getLoginItemSettings); undefined where it keeps none. */
    loginItem(): LoginItemReport | undefined;
    /**
     * Gives the focus back to the app the user was in, where showing the panel took it. On
     * macOS it never does (a non-activating panel, main/config.ts): nothing to do there.
     */
    deactivate(): void;
    quit(): void;
  };
}

/**
 * The login item as macOS reports it: `status` on macOS 13 and later (a login item can need the
 * user's approval there, or be turned off in System Settings), `openAtLogin` everywhere.
 */
export type LoginItemReport = Pick<LoginItemSettings, 'openAtLogin'> & { status?: LoginItemSettings['status'] };
