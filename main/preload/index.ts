import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { eventContract, invokeContract, type InvokeName, type InvokeRequest, type InvokeResponse, type PanelState, type PanelView, type SendRequest } from '../ipc/contract.js';
import type { SettingsPatch } from '../../app/settings/settings.js';

/**
 * The panel's only way to reach main: named functions, one per contract channel, and
 * listeners that return their unsubscribe function (design.md, pattern 2). No generic
 * `invoke(channel)` is exposed, so the page cannot reach a channel the contract lacks.
 * Built to CommonJS (main/preload/vite.config.ts): a sandboxed preload cannot load ESM.
 */

function invoke<K extends InvokeName>(name: K, request: InvokeRequest<K>): Promise<InvokeResponse<K>> {
  return ipcRenderer.invoke(invokeContract[name].channel, request) as Promise<InvokeResponse<K>>;
}

/** The bridge exposed as `window.glance`. The end-to-end test bridge implements the same type. */
export const api = {
  getState: (): Promise<PanelState> => invoke('getState', undefined),
  showView: (view: PanelView): Promise<undefined> => invoke('showView', { view }),
  closePanel: (): Promise<undefined> => invoke('closePanel', undefined),
  dismissNotices: (): Promise<undefined> => invoke('dismissNotices', undefined),
  removeAppContext: (invocation: number): Promise<{ aborted: boolean }> => invoke('removeAppContext', { invocation }),
  send: (request: SendRequest): Promise<{ ok: boolean; message: string }> => invoke('send', request),
  getSettings: () => invoke('getSettings', undefined),
  saveSettings: (patch: SettingsPatch) => invoke('saveSettings', patch),
  openExternal: (url: string): Promise<{ opened: boolean }> => invoke('openExternal', { url }),
  onState(listener: (state: PanelState) => void): () => void {
    const handler = (_event: IpcRendererEvent, state: PanelState): void => listener(state);
    ipcRenderer.on(eventContract.state.channel, handler);
    return () => {
      ipcRenderer.removeListener(eventContract.state.channel, handler);
    };
  },
};

/** The bridge's type, for the renderer and the test bridge. */
export type GlanceApi = typeof api;

contextBridge.exposeInMainWorld('glance', api);
