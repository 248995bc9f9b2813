import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type { GlanceApi } from '../../contract/bridge.js';
import { eventContract, invokeContract, type AnswerState, type InvokeName, type InvokeRequest, type InvokeResponse, type PanelState } from '../../contract/ipc.js';

/**
 * The panel's only way to reach main: named functions, one per contract channel, and
 * listeners that return their unsubscribe function (design.md, pattern 2). No generic
 * `invoke(channel)` is exposed, so the page cannot reach a channel the contract lacks.
 * Built to CommonJS (main/preload/vite.config.ts): a sandboxed preload cannot load ESM.
 */

function invoke<K extends InvokeName>(name: K, request: InvokeRequest<K>): Promise<InvokeResponse<K>> {
  return ipcRenderer.invoke(invokeContract[name].channel, request) as Promise<InvokeResponse<K>>;
}

/** The bridge exposed as `window.glance`, of the contract's type; the end-to-end test bridge implements the same. */
const api = {
  getState: () => invoke('getState', undefined),
  showView: (view) => invoke('showView', { view }),
  closePanel: () => invoke('closePanel', undefined),
  dismissNotices: () => invoke('dismissNotices', undefined),
  removeAppContext: (invocation) => invoke('removeAppContext', { invocation }),
  collectAgain: (invocation) => invoke('collectAgain', { invocation }),
  preview: (request) => invoke('preview', request),
  send: (request) => invoke('send', request),
  stop: (invocation) => invoke('stop', { invocation }),
  getAnswer: () => invoke('getAnswer', undefined),
  locate: (invocation, id) => invoke('locate', { invocation, id }),
  dismissOverlay: () => invoke('dismissOverlay', undefined),
  getSettings: () => invoke('getSettings', undefined),
  saveSettings: (patch) => invoke('saveSettings', patch),
  getKeyStatus: () => invoke('getKeyStatus', undefined),
  setApiKey: (request) => invoke('setApiKey', request),
  clearApiKey: (backend) => invoke('clearApiKey', { backend }),
  openExternal: (url) => invoke('openExternal', { url }),
  trySampleNotes: () => invoke('trySampleNotes', undefined),
  setAppRule: (request) => invoke('setAppRule', request),
  excludeAlways: (invocation, id) => invoke('excludeAlways', { invocation, id }),
  getRules: () => invoke('getRules', undefined),
  setRule: (request) => invoke('setRule', request),
  removeRule: (bundleId) => invoke('removeRule', { bundleId }),
  removeExclusion: (request) => invoke('removeExclusion', request),
  getHistory: () => invoke('getHistory', undefined),
  historyPayload: (id) => invoke('historyPayload', { id }),
  deleteReceipt: (id) => invoke('deleteReceipt', { id }),
  clearHistory: () => invoke('clearHistory', undefined),
  onState(listener) {
    const handler = (_event: IpcRendererEvent, state: PanelState): void => listener(state);
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
  onAnswer(listener) {
    const handler = (_event: IpcRendererEvent, answer: AnswerState | null): void => listener(answer);
    ipcRenderer.on(eventContract.answer.channel, handler);
    return () => {
      ipcRenderer.removeListener(eventContract.answer.channel, handler);
    };
  },
} satisfies GlanceApi;

contextBridge.exposeInMainWorld('glance', api);
