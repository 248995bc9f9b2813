// Runs in the browser, not in Node: the end-to-end stand-in for the preload. It implements the
// contract's bridge type (`GlanceApi`, which the preload satisfies too) over HTTP to the test
// server, which runs main's real handlers, controller and core. The compiler holds the shapes together.
import type { GlanceApi } from '../../../contract/bridge.js';
import type { AnswerState, InvokeName, InvokeRequest, InvokeResponse, PanelState } from '../../../contract/ipc.js';

async function invoke<K extends InvokeName>(name: K, payload: InvokeRequest<K>): Promise<InvokeResponse<K>> {
  const response = await fetch(`./bridge/invoke/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ payload }),
  });
  const body = (await response.json()) as { ok: true; value: InvokeResponse<K> } | { ok: false; message: string };
  if (!body.ok) throw new Error(body.message);
  return body.value;
}

const api: GlanceApi = {
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
  onState(listener: (state: PanelState) => void): () => void {
    const source = new EventSource('./bridge/events');
    source.onmessage = (event: MessageEvent<string>) => {
      // When each push arrived (before it is parsed, as IPC's arrival would be), for the
      // panel measurement (large-measure.test.ts): from here to the paint.
      const at = performance.now();
      const state = JSON.parse(event.data) as PanelState;
      (window as unknown as { glancePushes?: { phase: string; at: number }[] }).glancePushes?.push({ phase: state.invocation?.phase ?? 'none', at });
      listener(state);
    };
    return () => source.close();
  },
  onShown(listener: () => void): () => void {
    const source = new EventSource('./bridge/shown');
    source.onmessage = () => listener();
    return () => source.close();
  },
  onAnswer(listener: (answer: AnswerState | null) => void): () => void {
    const source = new EventSource('./bridge/answers');
    source.onmessage = (event: MessageEvent<string>) => listener(JSON.parse(event.data) as AnswerState | null);
    return () => source.close();
  },
};

(window as unknown as { glance: GlanceApi }).glance = api;
