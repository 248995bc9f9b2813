import type { MenuItemConstructorOptions } from 'electron';

/** What the application menu does; the services make these (services.ts). */
export interface AppMenuActions {
  openSettings(): void;
  /** Links the app's own `glance` onto the PATH, then shows Settings › Command line with the result. */
  installCommand(): void;
  /** Removes Glance's `glance` link, then shows Settings › Command line. */
  removeCommand(): void;
  /** Cmd-W: hides the panel and gives the focus back, as Esc does. */
  closePanel(): void;
  quit(): void;
}

/**
 * The application menu, as data, so tests read it without Electron. A menu-bar app shows no menu bar, but macOS
 * still routes key equivalents through the app's menu: without one of our own Electron's default
 * ships, where Cmd-W destroys the panel (the hotkey and the tray are then dead until restart),
 * Cmd-R reloads it and Alt-Cmd-I opens DevTools in the release build. Without any menu, copy and
 * paste stop working in the fields. So: the app menu and Edit, nothing that reloads, inspects or
 * closes a window. main/index.ts builds it with Menu.buildFromTemplate.
 */
export function applicationMenu(actions: AppMenuActions): MenuItemConstructorOptions[] {
  return [
    {
      label: 'Glance',
      submenu: [
        { role: 'about' },
        { type: 'separator' },
        { label: 'Settings…', accelerator: 'CommandOrControl+,', click: () => actions.openSettings() },
        { type: 'separator' },
        // As editors offer their command: the app's own single executable, linked onto the PATH (docs/app.md).
        { label: 'Install the glance Command', click: () => actions.installCommand() },
        { label: 'Remove the glance Command', click: () => actions.removeCommand() },
        { type: 'separator' },
        // Not the `close` role: that closes (destroys) the window. This hides the panel.
        { label: 'Close Panel', accelerator: 'CommandOrControl+W', click: () => actions.closePanel() },
        { label: 'Quit Glance', accelerator: 'CommandOrControl+Q', click: () => actions.quit() },
      ],
    },
    {
      label: 'Edit',
      submenu: [
        { role: 'undo' },
        { role: 'redo' },
        { type: 'separator' },
        { role: 'cut' },
        { role: 'copy' },
        { role: 'paste' },
        { role: 'pasteAndMatchStyle' },
        { role: 'delete' },
        { role: 'selectAll' },
      ],
    },
  ];
}
