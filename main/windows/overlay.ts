import { pathToFileURL } from 'node:url';
import type { BrowserWindow } from 'electron';
import type { OverlayDisplay } from '../../app/host.js';
import { overlayWindowOptions } from '../config.js';
import type { OverlayWindows } from '../flow/overlay-service.js';
import { eventContract, type Drawing } from '../../contract/ipc.js';
import { createSecureWindow } from './secure-window.js';

/** What the overlay windows need. */
export interface OverlayWindowsDeps {
  /** The overlay's own preload (dist/preload/overlay.cjs): it exposes only the drawing API. */
  preloadPath: string;
  /** The built renderer's overlay.html. */
  rendererFile: string;
}

/** The overlay windows and the page URL IPC accepts from them. */
export interface ElectronOverlayWindows extends OverlayWindows {
  readonly rendererUrl: string;
}

/**
 * One transparent, click-through, always-on-top window per display, created the first time
 * that display has something to draw, so Glance opens no window with nothing on it. Each loads overlay.html with its
 * display id in the query; the page asks for its drawing once loaded (overlay:get-drawing)
 * and receives later ones pushed (overlay:draw).
 */
export function createOverlayWindows(deps: OverlayWindowsDeps): ElectronOverlayWindows {
  const windows = new Map<number | string, BrowserWindow>();

  const create = (display: OverlayDisplay): BrowserWindow => {
    const window = createSecureWindow(overlayWindowOptions(deps.preloadPath, display.bounds));
    // Clicks go through to the app underneath: the overlay only points.
    window.setIgnoreMouseEvents(true);
    // Above full-screen apps and the menu bar, where the element may be.
    window.setAlwaysOnTop(true, 'screen-saver');
    // On every Space; skipTransformProcessType keeps Glance from becoming a Dock app.
    window.setVisibleOnAllWorkspaces(true, { visibleOnFullScreen: true, skipTransformProcessType: true });
    void window.loadFile(deps.rendererFile, { query: { display: String(display.id) } });
    window.on('closed', () => windows.delete(display.id));
    windows.set(display.id, window);
    return window;
  };

  return {
    draw(display, drawing: Drawing) {
      let window = windows.get(display.id);
      if (!window || window.isDestroyed()) window = create(display);
      else window.setBounds(display.bounds);
      // A page still loading asks for its drawing itself; a loaded one gets it pushed.
      if (!window.webContents.isLoading()) window.webContents.send(eventContract.draw.channel, drawing);
      if (drawing.rects.length > 0) window.showInactive();
      else window.hide();
    },
    hideAll() {
      for (const window of windows.values()) if (!window.isDestroyed()) window.hide();
    },
    rendererUrl: pathToFileURL(deps.rendererFile).href,
  };
}
