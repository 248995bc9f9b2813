import { pathToFileURL } from 'node:url';
import type { Rectangle, Screen } from 'electron';
import { panelPosition, placeBeside } from '../../app/host.js';
import { PANEL_SIZE } from '../../contract/appearance.js';
import { HIDE_ON_BLUR_DELAY_MS, panelWindowOptions } from '../config.js';
import { eventContract } from '../../contract/ipc.js';
import type { PanelPort } from '../ports.js';
import { createSecureWindow } from './secure-window.js';

/** What the panel needs. */
export interface PanelDeps {
  preloadPath: string;
  /** The built renderer's index.html. */
  rendererFile: string;
  screen: Pick<Screen, 'getAllDisplays' | 'getCursorScreenPoint'>;
  /** The tray icon's bounds now; empty on some macOS states, then the pointer is used. */
  trayBounds(): Rectangle;
  /** True once Glance is quitting: only then may the window really close (app-events.ts). */
  isQuitting(): boolean;
  /** Undoes app.hide() before the panel shows (macOS), so it is not shown inside a hidden app. */
  unhideApp(): void;
  /** The platform whose window options apply (main/config.ts); process.platform by default. */
  platform?: NodeJS.Platform;
}

/** The menu-bar panel: one hidden window, shown under the tray icon. */
export interface Panel extends PanelPort {
  /** The renderer's file URL: the only sender IPC accepts. */
  readonly rendererUrl: string;
}

/** Creates the panel window at start, hidden, so the hotkey shows it without waiting for a page to load. */
export function createPanel(deps: PanelDeps): Panel {
  const window = createSecureWindow(panelWindowOptions(deps.preloadPath, deps.platform));
  // On every Space and over full-screen apps, like a menu; skipTransformProcessType keeps
  // Electron from turning the app into a foreground (Dock) app while doing so.
  window.setVisibleOnAllWorkspaces(true, { visibleOnFullScreen: true, skipTransformProcessType: true });
  void window.loadFile(deps.rendererFile);

  // Hide on blur, like a menu; but not while a system dialog of Glance's own operation (the
  // Keychain's) has the focus: holdOpen counts those.
  let holds = 0;
  let blurTimer: NodeJS.Timeout | undefined;
  window.on('blur', () => {
    blurTimer = setTimeout(() => {
      if (holds === 0) window.hide();
    }, HIDE_ON_BLUR_DELAY_MS);
  });
  window.on('focus', () => clearTimeout(blurTimer));
  // Cmd-W, or anything else that closes the window, hides it instead: a destroyed panel would
  // leave the hotkey and the tray dead until restart. Quitting closes it for real.
  window.on('close', (event) => {
    if (deps.isQuitting()) return;
    event.preventDefault();
    window.hide();
  });

  const anchor = (): Rectangle => {
    const tray = deps.trayBounds();
    if (tray.width > 0 && tray.height > 0) return tray;
    const pointer = deps.screen.getCursorScreenPoint();
    return { x: pointer.x, y: pointer.y, width: 1, height: 1 };
  };

  let shownSerial = 0;
  const show = (): void => {
    deps.unhideApp();
    const displays = deps.screen.getAllDisplays().map((d) => ({ bounds: d.bounds, workArea: d.workArea }));
    const { x, y } = panelPosition({ tray: anchor(), panel: PANEL_SIZE, displays });
    window.setPosition(x, y, false);
    // On macOS the panel is non-activating (main/config.ts): show() and focus() make it the key
    // window without activating Glance, so the front app stays active while it is read.
    window.show();
    window.focus();
    // The page puts the caret in the question field on every show, as Spotlight does.
    shownSerial += 1;
    if (!window.isDestroyed()) window.webContents.send(eventContract.shown.channel, { serial: shownSerial });
  };

  return {
    show,
    hide: () => window.hide(),
    onHidden: (listener) => {
      window.on('hide', listener);
    },
    isVisible: () => !window.isDestroyed() && window.isVisible(),
    isFocused: () => !window.isDestroyed() && window.isVisible() && window.isFocused(),
    holdOpen: () => {
      holds += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        holds -= 1;
      };
    },
    publish: (push) => {
      if (!window.isDestroyed()) window.webContents.send(eventContract.state.channel, push);
    },
    publishAppearance: (appearance) => {
      if (!window.isDestroyed()) window.webContents.send(eventContract.appearance.channel, appearance);
    },
    placeBeside: (location) => {
      if (window.isDestroyed() || !window.isVisible()) return;
      const displays = deps.screen.getAllDisplays().map((d) => ({ bounds: d.bounds, workArea: d.workArea }));
      const spot = placeBeside({ panel: PANEL_SIZE, location, displays });
      // Covering the selection (or what the app asked to keep clear) is worse than the tray spot.
      if (spot && !spot.covers) window.setPosition(spot.x, spot.y, false);
    },
    rendererUrl: pathToFileURL(deps.rendererFile).href,
  };
}
