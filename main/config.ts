import type { BrowserWindowConstructorOptions, WebPreferences } from 'electron';
import { PANEL_SIZE } from '../contract/appearance.js';

/**
 * Window options as commented data, in one place to review. Every unusual option says why.
 * The same options in development, tests and release: there is no weaker "test" recipe.
 */

/**
 * How long the panel waits after losing focus before it hides. Clicking the tray icon blurs the
 * panel first; without the delay that click would hide the panel and then show it again.
 */
export const HIDE_ON_BLUR_DELAY_MS = 150;

/** The one secure recipe for every window's web contents: sandboxed, isolated, no Node, the same in every build. */
function secureWebPreferences(preloadPath: string): WebPreferences {
  return {
    preload: preloadPath,
    // The renderer is an ordinary web page: no Node, its own JS world, the OS sandbox.
    sandbox: true,
    contextIsolation: true,
    nodeIntegration: false,
    nodeIntegrationInSubFrames: false,
    nodeIntegrationInWorker: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    // Dropping a file on the panel must not navigate it away from our page.
    navigateOnDragDrop: false,
    // The prompt box would otherwise send what the user types to the OS spell checker service.
    spellcheck: false,
    safeDialogs: true,
  };
}

/**
 * The panel: a frameless, hidden-at-start window that behaves like a menu. On macOS a
 * non-activating panel (`type: 'panel'`: Electron adds NSWindowStyleMaskNonactivatingPanel and
 * its show() and focus() skip activating the app), as Spotlight's and Raycast's are: it takes
 * the keyboard while the app the user asked about stays the active app, so that app's focused
 * window, its selection and its key window are what the accessibility reader and providers see.
 */
export function panelWindowOptions(preloadPath: string, platform: NodeJS.Platform = process.platform): BrowserWindowConstructorOptions {
  return {
    ...(platform === 'darwin' ? { type: 'panel' } : {}),
    ...PANEL_SIZE,
    // Created at start and shown on demand, so the hotkey shows it without a load delay.
    show: false,
    frame: false,
    resizable: false,
    movable: false,
    minimizable: false,
    maximizable: false,
    fullscreenable: false,
    // A menu-bar panel is not a document window: no Dock, no Mission Control entry.
    skipTaskbar: true,
    hiddenInMissionControl: true,
    // Above ordinary windows like a menu, so the app the user asked about stays in view beside it.
    alwaysOnTop: true,
    // The rounded, translucent look of macOS menus. The page paints only translucent tints
    // (renderer/src/styles.css), so the material shows through; a clear window background
    // keeps Electron from painting an opaque one under the page before it loads. Only macOS
    // has it: main tells the page so (main/system-appearance.ts), and the page turns translucent.
    vibrancy: 'menu',
    backgroundColor: '#00000000',
    visualEffectState: 'active',
    roundedCorners: true,
    title: 'Glance',
    webPreferences: secureWebPreferences(preloadPath),
  };
}

/**
 * One display's overlay: a borderless, transparent window over the whole display that draws
 * highlight rings and never takes a click or the focus, so the user's app keeps both (as Kap's
 * cropper does). Created when first needed, so Glance opens no window the user does not see.
 */
export function overlayWindowOptions(preloadPath: string, bounds: { x: number; y: number; width: number; height: number }): BrowserWindowConstructorOptions {
  return {
    ...bounds,
    show: false,
    // Nothing but the rings is painted; the page's background is transparent too.
    transparent: true,
    backgroundColor: '#00000000',
    frame: false,
    hasShadow: false,
    // Never the key window: the user keeps typing in their app and the panel keeps its focus.
    focusable: false,
    resizable: false,
    movable: false,
    minimizable: false,
    maximizable: false,
    fullscreenable: false,
    skipTaskbar: true,
    // Mission Control shows windows to switch to; a ring over the screen is not one.
    hiddenInMissionControl: true,
    roundedCorners: false,
    // The display's full bounds include the menu bar, which macOS would otherwise push us below.
    enableLargerThanScreen: true,
    title: 'Glance highlight',
    webPreferences: {
      ...secureWebPreferences(preloadPath),
      // The fade must run on time although the window never has focus.
      backgroundThrottling: false,
    },
  };
}
