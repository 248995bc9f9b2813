/**
 * How Glance answers the app's own events, over the few it listens
 * to: main/index.ts passes Electron's `app`, the tests an EventEmitter.
 */

/** The events of Electron's `app` that Glance listens to (Electron's `App` satisfies this). */
export interface AppEvents {
  on(event: 'before-quit' | 'activate' | 'second-instance' | 'window-all-closed' | 'will-quit', listener: () => void): unknown;
}

/** Whether Glance is quitting: only then may the panel's window really close. */
export interface QuitState {
  isQuitting(): boolean;
}

/**
 * Notes when Glance starts quitting (Quit in the menus, app.quit, the system logging out), so
 * the panel's `close` hides it at any other time. Call before the panel window exists.
 */
export function trackQuitting(app: AppEvents): QuitState {
  let quitting = false;
  app.on('before-quit', () => {
    quitting = true;
  });
  return { isQuitting: () => quitting };
}

/** What the events do. */
export interface AppEventDeps {
  showPanel(): void;
  /** On will-quit: unregisters the hotkey, closes connections, ends Sample Notes. */
  onQuit(): void;
}

/**
 * Once the services run: opening Glance again shows its panel. macOS keeps one instance itself
 * and sends the running one `activate` (Finder, `open -a`); elsewhere a second launch sends
 * `second-instance`. Closing every window does not quit: Glance lives in the menu bar until Quit.
 */
export function answerAppEvents(app: AppEvents, deps: AppEventDeps): void {
  app.on('activate', () => deps.showPanel());
  app.on('second-instance', () => deps.showPanel());
  app.on('window-all-closed', () => undefined);
  app.on('will-quit', () => deps.onQuit());
}
