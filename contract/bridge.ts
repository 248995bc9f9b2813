import type { Appearance } from './appearance.js';
import type { SettingsPatch } from './settings.js';
import type { Drawing, InvokeName, InvokeRequest, InvokeResponse, PanelPush, PanelState, PanelView, SendRequest } from './ipc.js';

/**
 * What each page may call: the panel's `window.glance` and the overlay's `window.glanceOverlay`.
 * Every request and response type comes from the channel contract (ipc.ts). The preloads
 * (main/preload/) build these objects over ipcRenderer and are checked against them with
 * `satisfies`; the end-to-end test bridges implement the same types over HTTP; the pages
 * import only these types, never the preloads. Named functions only, and listeners that
 * return their unsubscribe function, so the page holds no generic `ipcRenderer` and cleans up after itself.
 */
export interface GlanceApi {
  getState(): Promise<PanelState>;
  showView(view: PanelView): Promise<undefined>;
  closePanel(): Promise<undefined>;
  dismissNotices(): Promise<undefined>;
  removeAppContext(invocation: number): Promise<InvokeResponse<'removeAppContext'>>;
  /** Asks the same app (or Sample Notes) again, as a new invocation; false when there is nothing to ask. */
  collectAgain(invocation: number): Promise<InvokeResponse<'collectAgain'>>;
  askWithoutContext(invocation: number): Promise<InvokeResponse<'askWithoutContext'>>;
  preview(request: InvokeRequest<'preview'>): Promise<InvokeResponse<'preview'>>;
  send(request: SendRequest): Promise<InvokeResponse<'send'>>;
  stop(invocation: number): Promise<InvokeResponse<'stop'>>;
  locate(invocation: number, id: string): Promise<InvokeResponse<'locate'>>;
  dismissOverlay(): Promise<undefined>;
  getSettings(): Promise<InvokeResponse<'getSettings'>>;
  saveSettings(patch: SettingsPatch): Promise<InvokeResponse<'saveSettings'>>;
  /** Whether "Keep what was sent" can keep anything here, and if not, why. */
  payloadKeeping(): Promise<InvokeResponse<'payloadKeeping'>>;
  getKeyStatus(): Promise<InvokeResponse<'getKeyStatus'>>;
  /** Sends a key to main's Keychain store; only whether keys are stored ever comes back. */
  setApiKey(request: InvokeRequest<'setApiKey'>): Promise<InvokeResponse<'setApiKey'>>;
  clearApiKey(backend: InvokeRequest<'clearApiKey'>['backend']): Promise<InvokeResponse<'clearApiKey'>>;
  openExternal(url: string): Promise<InvokeResponse<'openExternal'>>;
  /** A rule for the app this invocation asked; its bundle id stays in main. */
  setAppRule(request: InvokeRequest<'setAppRule'>): Promise<InvokeResponse<'setAppRule'>>;
  /** A standing exclusion like the element `id` (its role and subrole), for the app this invocation asked. */
  excludeAlways(invocation: number, id: string): Promise<InvokeResponse<'excludeAlways'>>;
  /** The accessibility card's choice for the app this invocation asked; its identity stays in main. */
  accessibilityChoice(request: InvokeRequest<'accessibilityChoice'>): Promise<InvokeResponse<'accessibilityChoice'>>;
  /** Opens System Settings' Accessibility pane (macOS), and says whether Glance holds the permission now. */
  openAccessibilitySettings(): Promise<InvokeResponse<'openAccessibilitySettings'>>;
  getRules(): Promise<InvokeResponse<'getRules'>>;
  setAccessibility(request: InvokeRequest<'setAccessibility'>): Promise<InvokeResponse<'setAccessibility'>>;
  setRule(request: InvokeRequest<'setRule'>): Promise<InvokeResponse<'setRule'>>;
  removeRule(bundleId: string): Promise<InvokeResponse<'removeRule'>>;
  removeExclusion(request: InvokeRequest<'removeExclusion'>): Promise<InvokeResponse<'removeExclusion'>>;
  /** Starts the rules over, keeping a damaged file beside the new one. */
  resetRules(): Promise<InvokeResponse<'resetRules'>>;
  getHistory(): Promise<InvokeResponse<'getHistory'>>;
  historyPayload(id: string): Promise<InvokeResponse<'historyPayload'>>;
  /** Puts the receipt's whole SHA-256 on the clipboard, through main. */
  copyDigest(id: string): Promise<InvokeResponse<'copyDigest'>>;
  deleteReceipt(id: string): Promise<InvokeResponse<'deleteReceipt'>>;
  clearHistory(): Promise<InvokeResponse<'clearHistory'>>;
  trySampleNotes(): Promise<undefined>;
  getBrowsers(): Promise<InvokeResponse<'getBrowsers'>>;
  installBrowser(browser: InvokeRequest<'installBrowser'>['browser']): Promise<InvokeResponse<'installBrowser'>>;
  removeBrowser(): Promise<InvokeResponse<'removeBrowser'>>;
  /** Shows the extension's folder in Finder (the folder stays in main). */
  revealExtension(): Promise<InvokeResponse<'revealExtension'>>;
  /** Settings › Command line: the app's own `glance` linked onto the PATH, or removed. */
  getCommand(): Promise<InvokeResponse<'getCommand'>>;
  installCommand(): Promise<InvokeResponse<'installCommand'>>;
  removeCommand(): Promise<InvokeResponse<'removeCommand'>>;
  /** The window's material and the system accent colour now. */
  getAppearance(): Promise<Appearance>;
  /** Each change main makes to the panel's state: the changed fields (ipc.ts, PanelPush), applied over getState's. */
  onState(listener: (push: PanelPush) => void): () => void;
  /** Main showed the panel (hotkey, tray, Sample Notes): the page puts the caret in the question. */
  onShown(listener: () => void): () => void;
  /** Main pushes the appearance again when the system's accent colour changes. */
  onAppearance(listener: (appearance: Appearance) => void): () => void;
}

/**
 * How long the overlay's fade takes: the page animates it over this time, and main hides the
 * window after the drawing's `fadeAfterMs` plus this (main/flow/overlay-service.ts).
 */
export const OVERLAY_FADE_MS = 400;

/** The overlay page's bridge: what its display draws, nothing else. */
export interface OverlayApi {
  /** The drawing for `display` (the page reads its display id from its own URL). */
  getDrawing(display: number): Promise<Drawing | null>;
  onDraw(listener: (drawing: Drawing) => void): () => void;
}

/** Sends one request on its channel: ipcRenderer.invoke in the preload, HTTP in the e2e bridge. */
export type Invoke = <K extends InvokeName>(name: K, request: InvokeRequest<K>) => Promise<InvokeResponse<K>>;

/** The panel's requests: everything in GlanceApi but its event listeners. */
export type GlanceRequests = Omit<GlanceApi, 'onState' | 'onShown' | 'onAppearance'>;

/**
 * The panel's named request functions over one `invoke`: written once, so the preload and
 * the end-to-end bridge cannot map a method to different channels or payloads.
 */
export function panelRequests(invoke: Invoke): GlanceRequests {
  return {
    getState: () => invoke('getState', undefined),
    showView: (view) => invoke('showView', { view }),
    closePanel: () => invoke('closePanel', undefined),
    dismissNotices: () => invoke('dismissNotices', undefined),
    removeAppContext: (invocation) => invoke('removeAppContext', { invocation }),
    collectAgain: (invocation) => invoke('collectAgain', { invocation }),
    askWithoutContext: (invocation) => invoke('askWithoutContext', { invocation }),
    preview: (request) => invoke('preview', request),
    send: (request) => invoke('send', request),
    stop: (invocation) => invoke('stop', { invocation }),
    locate: (invocation, id) => invoke('locate', { invocation, id }),
    dismissOverlay: () => invoke('dismissOverlay', undefined),
    getSettings: () => invoke('getSettings', undefined),
    saveSettings: (patch) => invoke('saveSettings', patch),
    payloadKeeping: () => invoke('payloadKeeping', undefined),
    getKeyStatus: () => invoke('getKeyStatus', undefined),
    setApiKey: (request) => invoke('setApiKey', request),
    clearApiKey: (backend) => invoke('clearApiKey', { backend }),
    openExternal: (url) => invoke('openExternal', { url }),
    trySampleNotes: () => invoke('trySampleNotes', undefined),
    getBrowsers: () => invoke('getBrowsers', undefined),
    installBrowser: (browser) => invoke('installBrowser', { browser }),
    removeBrowser: () => invoke('removeBrowser', undefined),
    revealExtension: () => invoke('revealExtension', undefined),
    getCommand: () => invoke('getCommand', undefined),
    installCommand: () => invoke('installCommand', undefined),
    removeCommand: () => invoke('removeCommand', undefined),
    setAppRule: (request) => invoke('setAppRule', request),
    excludeAlways: (invocation, id) => invoke('excludeAlways', { invocation, id }),
    accessibilityChoice: (request) => invoke('accessibilityChoice', request),
    openAccessibilitySettings: () => invoke('openAccessibilitySettings', undefined),
    getRules: () => invoke('getRules', undefined),
    setAccessibility: (request) => invoke('setAccessibility', request),
    setRule: (request) => invoke('setRule', request),
    removeRule: (bundleId) => invoke('removeRule', { bundleId }),
    removeExclusion: (request) => invoke('removeExclusion', request),
    resetRules: () => invoke('resetRules', undefined),
    getHistory: () => invoke('getHistory', undefined),
    historyPayload: (id) => invoke('historyPayload', { id }),
    copyDigest: (id) => invoke('copyDigest', { id }),
    deleteReceipt: (id) => invoke('deleteReceipt', { id }),
    clearHistory: () => invoke('clearHistory', undefined),
    getAppearance: () => invoke('getAppearance', undefined),
  };
}
