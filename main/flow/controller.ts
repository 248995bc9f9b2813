import type { Logger } from '../../app/host.js';
import type { FrontApp, OsServices } from '../../app/os/types.js';
import type { Invocation as InvocationView } from '../../contract/ipc.js';
import { appDisplayName, collectingInvocation, failedInvocation } from './describe.js';
import { createInvocation } from './invocation.js';
import type { Invocation, InvocationDeps, PickResult } from './invocation-types.js';

export type { CollectFn, PickResult } from './invocation-types.js';

/** What the hotkey flow needs: what every invocation needs, and the front app. Plain functions, so the e2e test server drives the same flow. */
export interface ControllerDeps extends InvocationDeps {
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

/** The hotkey flow: take the front app, open an invocation for it, and dispose of the one before. */
export interface Controller {
  /** The hotkey's callback. Takes the front app before any window of ours is shown. */
  onHotkey(): Promise<void>;
  /**
   * Collects from an app the user picked instead of the front app ("Try with Sample Notes").
   * The panel shows `appName` collecting at once; `pick` may take a moment (starting the app)
   * or fail with its kind, which the panel then says. A newer invocation supersedes it as usual.
   */
  collectFrom(appName: string, pick: () => Promise<PickResult>): Promise<void>;
  /**
   * The invocation a request from the panel names, while it is the one on screen: a request
   * naming an older one finds none, since that one is gone. The one place an id is looked up.
   */
  invocation(id: number): Invocation | undefined;
  /** The invocation on screen, whatever its id: the panel's state is composed from its view (panel-state.ts). */
  current(): Invocation | undefined;
  /**
   * Cmd-R or "Try again" in the panel: collects once more from the app `invocation` asked
   * (the same front app, or Sample Notes again), as a new invocation. Not started when that one
   * is no longer the one shown, is still collecting, or never had an app to ask.
   */
  collectAgain(invocation: number): Promise<{ started: boolean }>;
  /**
   * The panel was hidden (Esc, a click elsewhere, the tray): a collection still on its way is
   * aborted, so nothing is read for a panel the user dismissed, and its late answer is discarded.
   */
  panelClosed(): { aborted: boolean };
  /** The settings changed: the invocation on screen decides again whether its `local` rule blocks a send. */
  settingsChanged(): void;
}

/** A controller over the given services. */
export function createController(deps: ControllerDeps): Controller {
  let counter = 0;
  /** The invocation on screen; every earlier one was disposed of when this one opened. */
  let current: Invocation | undefined;

  /** A new invocation, shown at once: supersedes the previous one, which stops whatever it was doing. */
  const open = (view: (id: number) => InvocationView, panelView?: 'review', again?: () => Promise<void>): Invocation => {
    current?.dispose();
    const id = ++counter;
    current = createInvocation({ id, view: view(id), ...(panelView ? { panelView } : {}), ...(again ? { again } : {}) }, deps);
    return current;
  };

  const start = (app: FrontApp): Promise<void> => {
    const opened = open((id) => collectingInvocation(id, appDisplayName(app)), 'review', () => start(app));
    deps.showPanel();
    return opened.collect(app);
  };

  const collectFrom = (appName: string, pick: () => Promise<PickResult>): Promise<void> => {
    const opened = open((id) => collectingInvocation(id, appName), 'review', () => collectFrom(appName, pick));
    deps.showPanel();
    return opened.collectPicked(pick);
  };

  return {
    async onHotkey() {
      // The panel has the keyboard: show what it holds, as when Glance was in front, rather than
      // asking the app beside it again (an invocation's context would be replaced under the user).
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
    invocation: (id) => (current?.id === id ? current : undefined),
    current: () => current,
    async collectAgain(id) {
      const shown = current?.id === id ? current : undefined;
      // Only for the invocation on screen, and not while it is still collecting.
      if (!shown?.again || shown.collecting()) return { started: false };
      // Not awaited: the new invocation shows "collecting" at once and fills in like a hotkey's.
      void shown.again();
      return { started: true };
    },
    panelClosed: () => current?.cancel('closed') ?? { aborted: false },
    settingsChanged: () => current?.settingsChanged(),
  };
}
