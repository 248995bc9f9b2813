import type { Appearance } from './appearance.js';
import type { Drawing, invokeContract, InvokeName, InvokeRequest, InvokeResponse, PanelPush } from './ipc.js';

/**
 * What each page may call: the panel's `window.glance` and the overlay's `window.glanceOverlay`.
 * Derived from the channel contract (ipc.ts): each of the page's channels is one method from its
 * request to a promise of its response, so a channel is written once, in the contract, and the
 * compiler names its handler, the preload and the page's callers. The preloads (main/preload/)
 * build these objects over ipcRenderer and are checked against them with `satisfies`; the
 * end-to-end test bridges implement the same types over HTTP; the pages import only these
 * types, never the preloads. Named functions only, and listeners that return their unsubscribe
 * function, so the page holds no generic `ipcRenderer` and cleans up after itself.
 */

/** The channels one page may call (each channel names its page in the contract). */
type ChannelsOf<P extends string> = { [K in InvokeName]: (typeof invokeContract)[K]['page'] extends P ? K : never }[InvokeName];
export type PanelChannel = ChannelsOf<'panel'>;

/** One channel as a method: no argument where the request is empty, else the request itself. */
type Method<K extends InvokeName> = undefined extends InvokeRequest<K> ? () => Promise<InvokeResponse<K>> : (request: InvokeRequest<K>) => Promise<InvokeResponse<K>>;

/** A page's requests: one method per channel of the contract that names the page. */
type Requests<P extends string> = { [K in ChannelsOf<P>]: Method<K> };
export type GlanceRequests = Requests<'panel'>;

export interface GlanceApi extends GlanceRequests {
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

/** The overlay page's bridge: what its display draws, nothing else (the page reads its display id from its own URL). */
export interface OverlayApi extends Requests<'overlay'> {
  onDraw(listener: (drawing: Drawing) => void): () => void;
}

/** Sends one request on its channel: ipcRenderer.invoke in the preload, HTTP in the e2e bridge. */
export type Invoke = <K extends InvokeName>(name: K, request: InvokeRequest<K>) => Promise<InvokeResponse<K>>;
