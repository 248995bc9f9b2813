import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type { GlanceApi } from '../../contract/bridge.js';
import { panelRequests } from '../../contract/panel-requests.js';
import type { Appearance } from '../../contract/appearance.js';
import { eventContract, invokeContract, type InvokeName, type InvokeRequest, type InvokeResponse, type PanelPush } from '../../contract/ipc.js';

/**
 * The panel's only way to reach main: named functions, one per contract channel, and
 * listeners that return their unsubscribe function. No generic
 * `invoke(channel)` is exposed, so the page cannot reach a channel the contract lacks.
 * Built to CommonJS (main/preload/vite.config.ts): a sandboxed preload cannot load ESM.
 */

function invoke<K extends InvokeName>(name: K, request: InvokeRequest<K>): Promise<InvokeResponse<K>> {
  return ipcRenderer.invoke(invokeContract[name].channel, request) as Promise<InvokeResponse<K>>;
}

/** The bridge exposed as `window.glance`, of the contract's type; the end-to-end test bridge implements the same. */
const api = {
  ...panelRequests(invoke),
  onState(listener) {
    const handler = (_event: IpcRendererEvent, push: PanelPush): void => listener(push);
    ipcRenderer.on(eventContract.state.channel, handler);
    return () => {
      ipcRenderer.removeListener(eventContract.state.channel, handler);
    };
  },
  onShown(listener) {
    const handler = (): void => listener();
    ipcRenderer.on(eventContract.shown.channel, handler);
    return () => {
      ipcRenderer.removeListener(eventContract.shown.channel, handler);
    };
  },
  onAppearance(listener) {
    const handler = (_event: IpcRendererEvent, appearance: Appearance): void => listener(appearance);
    ipcRenderer.on(eventContract.appearance.channel, handler);
    return () => {
      ipcRenderer.removeListener(eventContract.appearance.channel, handler);
    };
  },
} satisfies GlanceApi;

contextBridge.exposeInMainWorld('glance', api);
