import { Menu, Tray, nativeImage, type Rectangle } from 'electron';
import type { TrayActions, TrayPort } from './ports.js';
import { TRAY_ICON_1X, TRAY_ICON_2X } from './tray-icon.js';

/** The menu-bar icon: the port the services refresh, and where the panel goes under it. */
export interface GlanceTray extends TrayPort {
  bounds(): Rectangle;
}

/**
 * The menu-bar icon: a template image (macOS tints it for the menu bar's appearance); a click
 * opens the panel, a right-click (or Control-click) opens the menu.
 */
export function createTray(actions: TrayActions): GlanceTray {
  const image = nativeImage.createEmpty();
  image.addRepresentation({ scaleFactor: 1, width: 16, height: 16, dataURL: TRAY_ICON_1X });
  image.addRepresentation({ scaleFactor: 2, width: 32, height: 32, dataURL: TRAY_ICON_2X });
  image.setTemplateImage(true);
  const tray = new Tray(image);

  const menu = (): Menu =>
    Menu.buildFromTemplate([
      // Shown for the user's memory only: the hotkey itself is registered globally (hotkey.ts).
      { label: 'Open Glance', accelerator: actions.hotkey(), registerAccelerator: false, click: actions.openPanel },
      { label: 'Try with Sample Notes', click: actions.trySampleNotes },
      { label: 'Settings…', click: actions.openSettings },
      { type: 'separator' },
      { label: actions.isPaused() ? 'Resume Glance' : 'Pause Glance', click: actions.togglePause },
      { type: 'separator' },
      { label: 'Quit Glance', click: actions.quit },
    ]);

  const refresh = (): void => {
    tray.setToolTip(actions.isPaused() ? 'Glance (paused)' : `Glance: press ${actions.hotkey()} in any app`);
  };
  tray.on('click', actions.openPanel);
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
