import type { GlanceApi } from '../../contract/bridge.js';

/**
 * The preload's bridge, of the contract's type (contract/bridge.ts): in Electron it is the
 * contextBridge object, in the end-to-end tests an HTTP implementation of the same type.
 */
declare global {
  interface Window {
    glance: GlanceApi;
  }
}

/** The bridge; throws a clear error when the page was opened without one. */
export function bridge(): GlanceApi {
  const api = (window as Partial<Window>).glance;
  if (!api) throw new Error('Glance panel opened without its bridge (window.glance is missing)');
  return api;
}

export type { GlanceApi };
