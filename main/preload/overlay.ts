import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type { OverlayApi } from '../../contract/bridge.js';
import { eventContract, invokeContract, type Drawing } from '../../contract/ipc.js';

/**
 * The overlay page's only way to reach main: what its display draws, nothing else. The panel's
 * functions are not here, so an overlay page could not send a question even if it tried (and
 * main refuses panel channels from it anyway: register.ts checks each channel's page).
 * Built to CommonJS beside the panel's preload (main/preload/vite.config.ts).
 */
const overlayApi = {
  getDrawing: (request): Promise<Drawing | null> => ipcRenderer.invoke(invokeContract.getDrawing.channel, request) as Promise<Drawing | null>,
  onDraw(listener) {
    const handler = (_event: IpcRendererEvent, drawing: Drawing): void => listener(drawing);
    ipcRenderer.on(eventContract.draw.channel, handler);
    return () => {
      ipcRenderer.removeListener(eventContract.draw.channel, handler);
    };
  },
} satisfies OverlayApi;

contextBridge.exposeInMainWorld('glanceOverlay', overlayApi);
