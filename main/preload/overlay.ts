import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { eventContract, invokeContract, type Drawing } from '../ipc/contract.js';

/**
 * The overlay page's only way to reach main: what its display draws, nothing else. The panel's
 * functions are not here, so an overlay page could not send a question even if it tried (and
 * main refuses panel channels from it anyway: register.ts checks each channel's page).
 * Built to CommonJS beside the panel's preload (main/preload/vite.config.ts).
 */
export const overlayApi = {
  /** The drawing for `display` (the page reads its display id from its own URL). */
  getDrawing: (display: number): Promise<Drawing | null> => ipcRenderer.invoke(invokeContract.getDrawing.channel, { display }) as Promise<Drawing | null>,
  onDraw(listener: (drawing: Drawing) => void): () => void {
    const handler = (_event: IpcRendererEvent, drawing: Drawing): void => listener(drawing);
    ipcRenderer.on(eventContract.draw.channel, handler);
    return () => {
      ipcRenderer.removeListener(eventContract.draw.channel, handler);
    };
  },
};

/** The overlay bridge's type, for the overlay page and the e2e test bridge. */
export type OverlayApi = typeof overlayApi;

contextBridge.exposeInMainWorld('glanceOverlay', overlayApi);
