import type { MenuItemConstructorOptions } from 'electron';
import { hotkeySilentHint } from './hotkey.js';
import type { TrayActions } from './ports.js';

/**
 * The tray's menu, as data (main/tray.ts builds it each time it opens, so the pause state and
 * the hotkey are current). Open Glance shows the panel and never hides it (a click on the icon
 * toggles); it names the hotkey, and its tooltip says what to do when a press does nothing.
 */
export function trayMenu(actions: TrayActions): MenuItemConstructorOptions[] {
  const hotkey = actions.hotkey();
  return [
    // The accelerator is shown for the user's memory only: the hotkey is registered globally (hotkey.ts).
    { label: 'Open Glance', accelerator: hotkey, registerAccelerator: false, toolTip: hotkeySilentHint(hotkey), click: () => actions.openPanel() },
    { label: 'Try with Sample Notes', click: () => actions.trySampleNotes() },
    { label: 'Settings…', click: () => actions.openSettings() },
    { type: 'separator' },
    { label: actions.isPaused() ? 'Resume Glance' : 'Pause Glance', click: () => actions.togglePause() },
    { type: 'separator' },
    { label: 'Quit Glance', click: () => actions.quit() },
  ];
}
