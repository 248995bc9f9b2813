import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { eventContract, invokeContract, type AnswerState, type InvokeName, type InvokeRequest, type InvokeResponse, type PanelState, type PanelView, type SendRequest } from '../ipc/contract.js';
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
  preview: (request: InvokeRequest<'preview'>) => invoke('preview', request),
  send: (request: SendRequest): Promise<{ ok: boolean; message: string }> => invoke('send', request),
  stop: (invocation: number) => invoke('stop', { invocation }),
  getAnswer: () => invoke('getAnswer', undefined),
  locate: (invocation: number, id: string) => invoke('locate', { invocation, id }),
  dismissOverlay: () => invoke('dismissOverlay', undefined),
  getSettings: () => invoke('getSettings', undefined),
  saveSettings: (patch: SettingsPatch) => invoke('saveSettings', patch),
  getKeyStatus: () => invoke('getKeyStatus', undefined),
  /** Sends a key to main's Keychain store; only whether keys are stored ever comes back. */
  setApiKey: (request: InvokeRequest<'setApiKey'>) => invoke('setApiKey', request),
  clearApiKey: (backend: InvokeRequest<'clearApiKey'>['backend']) => invoke('clearApiKey', { backend }),
  openExternal: (url: string): Promise<{ opened: boolean }> => invoke('openExternal', { url }),
  trySampleNotes: (): Promise<undefined> => invoke('trySampleNotes', undefined),
  onState(listener: (state: PanelState) => void): () => void {
    const handler = (_event: IpcRendererEvent, state: PanelState): void => listener(state);
    ipcRenderer.on(eventContract.state.channel, handler);
    return () => {
      ipcRenderer.removeListener(eventContract.state.channel, handler);
    };
  },
  onAnswer(listener: (answer: AnswerState | null) => void): () => void {
    const handler = (_event: IpcRendererEvent, answer: AnswerState | null): void => listener(answer);
    ipcRenderer.on(eventContract.answer.channel, handler);
    return () => {
      ipcRenderer.removeListener(eventContract.answer.channel, handler);
    };
  },
};

/** The bridge's type, for the renderer and the test bridge. */
export type GlanceApi = typeof api;

contextBridge.exposeInMainWorld('glance', api);
