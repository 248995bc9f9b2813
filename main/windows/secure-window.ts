import { BrowserWindow, shell, type App, type BrowserWindowConstructorOptions, type Session, type WebContents } from 'electron';

/**
 * The secure window recipe applied everywhere (docs/architecture.md): no window.open, no
 * navigation away from our page, no webviews, only http(s) links opened in the browser, and
 * every permission request denied. Applied to every web contents the app ever creates.
 */

/** True for the only URLs that may leave the app: http and https. */
export function isWebUrl(url: string): boolean {
  return /^https?:\/\//i.test(url) && URL.canParse(url);
}

/** Locks one web contents down. */
function hardenContents(contents: WebContents): void {
  contents.setWindowOpenHandler(({ url }) => {
    if (isWebUrl(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
  // Our page is loaded once with loadFile; any later navigation is unwanted by definition.
  contents.on('will-navigate', (event) => event.preventDefault());
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

/** Hardens every web contents as it is created, so no window can be forgotten. */
export function hardenAllContents(app: App): void {
  app.on('web-contents-created', (_event, contents) => hardenContents(contents));
}

/** Denies every permission (camera, notifications, clipboard read…) on Electron's web session: the panel needs none. */
export function denyAllPermissions(session: Session): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
}

/**
 * A window with the secure web preferences the options carry (see config.ts). The three keys
 * that make a page an ordinary web page are pinned here as well, where every window is made,
 * so no caller can weaken them and electronegativity can see them (electronegativity.json).
 */
export function createSecureWindow(options: BrowserWindowConstructorOptions): BrowserWindow {
  const window = new BrowserWindow({ ...options, webPreferences: { ...options.webPreferences, sandbox: true, contextIsolation: true, nodeIntegration: false } });
  hardenContents(window.webContents);
  return window;
}
