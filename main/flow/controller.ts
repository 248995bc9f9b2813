import type { Logger } from '../../app/host.js';
import type { FrontApp, OsServices } from '../../app/os/types.js';
import type { Invocation } from '../../contract/ipc.js';
import { appDisplayName, collectingInvocation, failedInvocation } from './describe.js';
import { createPress, type PickResult, type Press, type PressDeps } from './press.js';

export type { CollectFn, PickResult } from './press.js';

/** What the hotkey flow needs: what every press needs, and the front app. Plain functions, so the e2e test server drives the same flow. */
export interface ControllerDeps extends PressDeps {
  os: Pick<OsServices, 'frontApp'>;
  /** Glance's own process id: never the front app. */
  ownPid: number;
  /** Shows the panel; called only after the front app has been taken. */
  showPanel(): void;
  /**
   * Whether the panel is shown with the keyboard. On macOS it is a non-activating panel
   * (main/config.ts): the app the user asked about stays the front app while the panel shows,
   * so "Glance in front" is told by this, not by the front app.
   */
  panelFocused?(): boolean;
  logger: Logger;
}

/** The hotkey flow: take the front app, open a press for it, and dispose of the one before. */
export interface Controller {
  /** The hotkey's callback. Takes the front app before any window of ours is shown. */
  onHotkey(): Promise<void>;
  /**
   * Collects from an app the user picked instead of the front app ("Try with Sample Notes").
   * The panel shows `appName` collecting at once; `pick` may take a moment (starting the app)
   * or fail with its kind, which the panel then says. A newer press supersedes it as usual.
   */
  collectFrom(appName: string, pick: () => Promise<PickResult>): Promise<void>;
  /**
   * The press a request from the panel names, while it is the one on screen: a request naming
   * an older one finds none, since that press is gone. The one place an id is looked up.
   */
  press(invocation: number): Press | undefined;
  /**
   * Cmd-R or "Try again" in the panel: collects once more from the app `invocation` asked
   * (the same front app, or Sample Notes again), as a new press. Not started when that press
   * is no longer the one shown, is still collecting, or never had an app to ask.
   */
  collectAgain(invocation: number): Promise<{ started: boolean }>;
  /**
   * The panel was hidden (Esc, a click elsewhere, the tray): a collection still on its way is
   * aborted, so nothing is read for a panel the user dismissed, and its late answer is discarded.
   */
  panelClosed(): { aborted: boolean };
  /** The settings changed: the press on screen decides again whether its `local` rule blocks a send. */
  settingsChanged(): void;
}

/** A controller over the given services. */
export function createController(deps: ControllerDeps): Controller {
  let counter = 0;
  /** The press on screen; every earlier one was disposed of when this one opened. */
  let current: Press | undefined;

  /** A new press, shown at once: supersedes the previous one, which stops whatever it was doing. */
  const open = (view: (id: number) => Invocation, panelView?: 'review', again?: () => Promise<void>): Press => {
    current?.dispose();
    const id = ++counter;
    current = createPress({ id, view: view(id), ...(panelView ? { panelView } : {}), ...(again ? { again } : {}) }, deps);
    return current;
  };

  const start = (app: FrontApp): Promise<void> => {
    const press = open((id) => collectingInvocation(id, appDisplayName(app)), 'review', () => start(app));
    deps.showPanel();
    return press.collect(app);
  };

  const collectFrom = (appName: string, pick: () => Promise<PickResult>): Promise<void> => {
    const press = open((id) => collectingInvocation(id, appName), 'review', () => collectFrom(appName, pick));
    deps.showPanel();
    return press.collectPicked(pick);
  };

  return {
    async onHotkey() {
      // The panel has the keyboard: show what it holds, as when Glance was in front, rather than
      // asking the app beside it again (a press's context would be replaced under the user).
      if (current !== undefined && deps.panelFocused?.() === true) {
        deps.showPanel();
        return;
      }
      const front = await deps.os.frontApp();
      if (front.ok ? front.app.pid === deps.ownPid : front.glanceInFront) {
        // Glance in front means the panel had focus: show what it holds rather than asking ourselves.
        if (current === undefined) open((id) => failedInvocation(id, 'Glance', 'glance-in-front'));
        deps.showPanel();
        return;
      }
      if (!front.ok) {
        // What the OS said goes as its cause; the command line's advice (`--pid`) stays in the OS's `reason`.
        const cause = front.cause ? { frontAppCause: front.cause } : {};
        open((id) => failedInvocation(id, 'the front app', 'no-front-app', cause), 'review');
        deps.showPanel();
        return;
      }
      await start(front.app);
    },
    collectFrom,
    press: (invocation) => (current?.id === invocation ? current : undefined),
    async collectAgain(invocation) {
      const press = current?.id === invocation ? current : undefined;
      // Only for the press on screen, and not while it is still collecting.
      if (!press?.again || press.collecting()) return { started: false };
      // Not awaited: the new press shows "collecting" at once and fills in like a hotkey's.
      void press.again();
      return { started: true };
    },
    panelClosed: () => current?.cancel('closed') ?? { aborted: false },
    settingsChanged: () => current?.settingsChanged(),
  };
}
