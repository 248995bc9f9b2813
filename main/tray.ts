import { Menu, Tray, nativeImage, type Rectangle } from 'electron';
import type { TrayActions, TrayPort } from './ports.js';
import { TRAY_ICON_1X, TRAY_ICON_2X } from './tray-icon.js';
import { trayMenu } from './tray-menu.js';

/** The menu-bar icon: the port the services refresh, and where the panel goes under it. */
export interface GlanceTray extends TrayPort {
  bounds(): Rectangle;
}

/**
 * The menu-bar icon: a template image (macOS tints it for the menu bar's appearance); a click
 * opens the panel or puts it away, a right-click (or Control-click) opens the menu.
 */
export function createTray(actions: TrayActions): GlanceTray {
  const image = nativeImage.createEmpty();
  image.addRepresentation({ scaleFactor: 1, width: 16, height: 16, dataURL: TRAY_ICON_1X });
  image.addRepresentation({ scaleFactor: 2, width: 32, height: 32, dataURL: TRAY_ICON_2X });
  image.setTemplateImage(true);
  const tray = new Tray(image);

  const menu = (): Menu => Menu.buildFromTemplate(trayMenu(actions));

  const refresh = (): void => {
    tray.setToolTip(actions.isPaused() ? 'Glance (paused)' : `Glance: press ${actions.hotkey()} in any app`);
  };
  // A click toggles, as a menu-bar icon does; the menu's Open Glance only ever shows.
  tray.on('click', () => actions.togglePanel());
  tray.on('right-click', () => tray.popUpContextMenu(menu()));
  refresh();
  return {
    // Electron may report fractional points; geometry wants whole ones.
    bounds: () => {
      const b = tray.getBounds();
      return { x: Math.round(b.x), y: Math.round(b.y), width: Math.round(b.width), height: Math.round(b.height) };
    },
    refresh,
  };
}
