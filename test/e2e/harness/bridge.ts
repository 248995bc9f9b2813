// Runs in the browser, not in Node: the end-to-end stand-in for the preload. It implements the
// contract's bridge type (`GlanceApi`, which the preload satisfies too) over HTTP to the test
// server, which runs main's real handlers, controller and core. The compiler holds the shapes together.
import type { GlanceApi } from '../../../contract/bridge.js';
import { panelRequests } from '../../../contract/panel-requests.js';
import type { Appearance } from '../../../contract/appearance.js';
import type { InvokeName, InvokeRequest, InvokeResponse, PanelPush } from '../../../contract/ipc.js';

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
  ...panelRequests(invoke),
  onState(listener: (push: PanelPush) => void): () => void {
    const source = new EventSource('./bridge/events');
    source.onmessage = (event: MessageEvent<string>) => {
      // When each push arrived (before it is parsed, as IPC's arrival would be), for the
      // panel measurement (large-measure.test.ts): from here to the paint.
      const at = performance.now();
      const push = JSON.parse(event.data) as PanelPush;
      (window as unknown as { glancePushes?: { phase: string; at: number }[] }).glancePushes?.push({ phase: push.invocation?.phase ?? push.patch?.phase ?? 'none', at });
      listener(push);
    };
    return () => source.close();
  },
  onShown(listener: () => void): () => void {
    const source = new EventSource('./bridge/shown');
    source.onmessage = () => listener();
    return () => source.close();
  },
  onAppearance(listener: (appearance: Appearance) => void): () => void {
    const source = new EventSource('./bridge/appearance');
    source.onmessage = (event: MessageEvent<string>) => listener(JSON.parse(event.data) as Appearance);
    return () => source.close();
  },
};

(window as unknown as { glance: GlanceApi }).glance = api;
