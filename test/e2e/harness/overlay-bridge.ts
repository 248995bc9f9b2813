// Runs in the browser: the end-to-end stand-in for the overlay's preload (main/preload/overlay.ts),
// of the same type, over HTTP to the test server. Its requests go to the overlay's own bridge
// path, where the server answers only the channels the contract gives the overlay page.
import type { OverlayApi } from '../../../contract/bridge.js';
import type { Drawing } from '../../../contract/ipc.js';

const api: OverlayApi = {
  async getDrawing({ display }) {
    const response = await fetch('./overlay-bridge/invoke/getDrawing', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ payload: { display } }),
    });
    const body = (await response.json()) as { ok: true; value: Drawing | null } | { ok: false; message: string };
    if (!body.ok) throw new Error(body.message);
    return body.value;
  },
  onDraw(listener) {
    const display = new URLSearchParams(location.search).get('display') ?? '';
    const source = new EventSource(`./overlay-bridge/draws?display=${encodeURIComponent(display)}`);
    source.onmessage = (event: MessageEvent<string>) => listener(JSON.parse(event.data) as Drawing);
    return () => source.close();
  },
};

(window as unknown as { glanceOverlay: OverlayApi }).glanceOverlay = api;
