import type { SettingsPatch } from './settings.js';
import type { AnswerState, Drawing, InvokeRequest, InvokeResponse, PanelState, PanelView, SendRequest } from './ipc.js';

/**
 * What each page may call: the panel's `window.glance` and the overlay's `window.glanceOverlay`.
 * Every request and response type comes from the channel contract (ipc.ts). The preloads
 * (main/preload/) build these objects over ipcRenderer and are checked against them with
 * `satisfies`; the end-to-end test bridges implement the same types over HTTP; the pages
 * import only these types, never the preloads. Named functions only, and listeners that
 * return their unsubscribe function (design.md, pattern 2).
 */
export interface GlanceApi {
  getState(): Promise<PanelState>;
  showView(view: PanelView): Promise<undefined>;
  closePanel(): Promise<undefined>;
  dismissNotices(): Promise<undefined>;
  removeAppContext(invocation: number): Promise<InvokeResponse<'removeAppContext'>>;
  /** Asks the same app (or Sample Notes) again, as a new invocation; false when there is nothing to ask. */
  collectAgain(invocation: number): Promise<InvokeResponse<'collectAgain'>>;
  preview(request: InvokeRequest<'preview'>): Promise<InvokeResponse<'preview'>>;
  send(request: SendRequest): Promise<InvokeResponse<'send'>>;
  stop(invocation: number): Promise<InvokeResponse<'stop'>>;
  getAnswer(): Promise<InvokeResponse<'getAnswer'>>;
  locate(invocation: number, id: string): Promise<InvokeResponse<'locate'>>;
  dismissOverlay(): Promise<undefined>;
  getSettings(): Promise<InvokeResponse<'getSettings'>>;
  saveSettings(patch: SettingsPatch): Promise<InvokeResponse<'saveSettings'>>;
  getKeyStatus(): Promise<InvokeResponse<'getKeyStatus'>>;
  /** Sends a key to main's Keychain store; only whether keys are stored ever comes back. */
  setApiKey(request: InvokeRequest<'setApiKey'>): Promise<InvokeResponse<'setApiKey'>>;
  clearApiKey(backend: InvokeRequest<'clearApiKey'>['backend']): Promise<InvokeResponse<'clearApiKey'>>;
  openExternal(url: string): Promise<InvokeResponse<'openExternal'>>;
  /** A rule for the app this invocation asked; its bundle id stays in main. */
  setAppRule(request: InvokeRequest<'setAppRule'>): Promise<InvokeResponse<'setAppRule'>>;
  /** A standing exclusion like the element `id` (its role and subrole), for the app this invocation asked. */
  excludeAlways(invocation: number, id: string): Promise<InvokeResponse<'excludeAlways'>>;
  getRules(): Promise<InvokeResponse<'getRules'>>;
  setRule(request: InvokeRequest<'setRule'>): Promise<InvokeResponse<'setRule'>>;
  removeRule(bundleId: string): Promise<InvokeResponse<'removeRule'>>;
  removeExclusion(request: InvokeRequest<'removeExclusion'>): Promise<InvokeResponse<'removeExclusion'>>;
  getHistory(): Promise<InvokeResponse<'getHistory'>>;
  historyPayload(id: string): Promise<InvokeResponse<'historyPayload'>>;
  deleteReceipt(id: string): Promise<InvokeResponse<'deleteReceipt'>>;
  clearHistory(): Promise<InvokeResponse<'clearHistory'>>;
  trySampleNotes(): Promise<undefined>;
  onState(listener: (state: PanelState) => void): () => void;
  onAnswer(listener: (answer: AnswerState | null) => void): () => void;
  /** Main showed the panel (hotkey, tray, Sample Notes): the page puts the caret in the question. */
  onShown(listener: () => void): () => void;
}

/** The overlay page's bridge: what its display draws, nothing else. */
export interface OverlayApi {
  /** The drawing for `display` (the page reads its display id from its own URL). */
  getDrawing(display: number): Promise<Drawing | null>;
  onDraw(listener: (drawing: Drawing) => void): () => void;
}
