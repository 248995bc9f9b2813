import type { Logger } from '../../app/log/logger.js';
import type { FrontApp, FrontAppResult, OsServices } from '../../app/os/types.js';
import type { Collection, ElementRef } from '../../app/session/types.js';
import type { Element } from '../../app/protocol/element.js';
import type { Screening } from '../../app/privacy/types.js';
import { appDisplayName, cancelledInvocation, collectingInvocation, describeCollection, failedInvocation } from './describe.js';
import type { StateHub } from './state-hub.js';

/** The core's collectContext, as the controller calls it (app/session/collect.ts). */
export type CollectFn = (app: FrontApp, options: { timeoutMs: number; signal: AbortSignal }) => Promise<Collection>;

/** What one hotkey flow needs. Plain functions, so the e2e test server drives the same flow. */
export interface ControllerDeps {
  os: Pick<OsServices, 'frontApp'>;
  collect: CollectFn;
  /** The time limit in force now (from the settings). */
  timeoutMs(): number;
  /** Glance's own process id: never the front app. */
  ownPid: number;
  /** Shows the panel; called only after the front app has been taken. */
  showPanel(): void;
  hub: StateHub;
  logger: Logger;
}

/** What was collected and may be sent: kept in main, so the renderer sends only removals. */
export interface CollectedContext {
  invocation: number;
  appName: string;
  root: Element;
  /**
   * The provider and instance that issued the ids, as verified when collecting: every later
   * `location` goes to this triple and no other (concepts.txt, "Keep the provider with the id").
   */
  issuer: Omit<ElementRef, 'id'> & { bundleId: string };
  /** What the user's standing exclusions and the secret scan leave out (app/privacy), when screened. */
  screening?: Screening;
}

/** The hotkey flow: take the front app, collect within the limit, fill the panel in. */
export interface Controller {
  /** The hotkey's callback. Takes the front app before any window of ours is shown. */
  onHotkey(): Promise<void>;
  /**
   * Collects from an app the user picked instead of the front app ("Try with Sample Notes").
   * The panel shows `appName` collecting at once; `pick` may take a moment (starting the app)
   * or fail with a reason, which the panel then says. A newer press supersedes it as usual.
   */
  collectFrom(appName: string, pick: () => Promise<FrontAppResult>): Promise<void>;
  /** The user removed the app's context: aborts a collection on its way. */
  removeAppContext(invocation: number): { aborted: boolean };
  /**
   * The panel was hidden (Esc, a click elsewhere, the tray): a collection still on its way is
   * aborted, so nothing is read for a panel the user dismissed, and its late answer is discarded.
   */
  panelClosed(): { aborted: boolean };
  /** What the current invocation collected, or undefined. */
  collected(invocation: number): CollectedContext | undefined;
}

/** A controller over the given services. */
export function createController(deps: ControllerDeps): Controller {
  let counter = 0;
  let inFlight: { id: number; abort: AbortController } | undefined;
  let collected: CollectedContext | undefined;

  /** A new invocation: supersedes the previous one, shows the panel collecting for `appName`. */
  const begin = (appName: string): { id: number; abort: AbortController } => {
    inFlight?.abort.abort(); // a new hotkey supersedes the previous request
    const id = ++counter;
    const abort = new AbortController();
    inFlight = { id, abort };
    collected = undefined;
    deps.hub.update({ view: 'review', invocation: collectingInvocation(id, appName) });
    deps.showPanel();
    return { id, abort };
  };

  const start = (app: FrontApp): Promise<void> => {
    const appName = appDisplayName(app);
    return collectInto(begin(appName), app, appName);
  };

  const collectInto = async ({ id, abort }: { id: number; abort: AbortController }, app: FrontApp, appName: string): Promise<void> => {
    const timeoutMs = deps.timeoutMs();
    let collection: Collection | Error;
    try {
      collection = await deps.collect(app, { timeoutMs, signal: abort.signal });
    } catch (error) {
      collection = error instanceof Error ? error : new Error(String(error));
    }
    if (inFlight?.id !== id || abort.signal.aborted) {
      // Removed by the user or superseded by a newer hotkey: whatever came back is dropped.
      deps.logger.info(`invocation ${id}: a late answer was discarded`);
      return;
    }
    inFlight = undefined;
    if (collection instanceof Error) {
      deps.logger.error(`invocation ${id}: collecting failed: ${collection.name}`);
      deps.hub.update({ invocation: failedInvocation(id, appName, `Glance could not collect ${appName}'s context because of an internal error.`) });
      return;
    }
    const invocation = describeCollection(collection, { id });
    if (collection.kind === 'collected') {
      const { pid, bundleId, instance } = collection.provider;
      collected = { invocation: id, appName: invocation.appName, root: collection.answer.root, issuer: { pid, bundleId, instance }, ...(collection.screening ? { screening: collection.screening } : {}) };
    }
    deps.logger.info(`invocation ${id}: ${collection.kind}`);
    deps.hub.update({ invocation });
  };

  const abortInFlight = (invocation: number, by: 'removed' | 'closed'): { aborted: boolean } => {
    const current = deps.hub.get().invocation;
    if (!inFlight || inFlight.id !== invocation || current?.id !== invocation) return { aborted: false };
    inFlight.abort.abort();
    inFlight = undefined;
    deps.logger.info(`invocation ${invocation}: ${by === 'removed' ? "the user removed the app's context" : 'the user closed the panel'}; request aborted`);
    deps.hub.update({ invocation: cancelledInvocation(invocation, current.appName, by) });
    return { aborted: true };
  };

  return {
    async onHotkey() {
      const front = await deps.os.frontApp();
      if (!front.ok) {
        const id = ++counter;
        deps.hub.update({ view: 'review', invocation: failedInvocation(id, 'the front app', `Glance cannot tell which app is in front: ${front.reason}`) });
        deps.showPanel();
        return;
      }
      if (front.app.pid === deps.ownPid) {
        // Glance in front means the panel had focus: show what it holds rather than asking ourselves.
        if (deps.hub.get().invocation === null) {
          const id = ++counter;
          deps.hub.update({ invocation: failedInvocation(id, 'Glance', 'Glance itself is in front. Switch to the app you want to ask about, then press the hotkey.') });
        }
        deps.showPanel();
        return;
      }
      await start(front.app);
    },
    async collectFrom(appName, pick) {
      const run = begin(appName);
      const picked = await pick();
      if (inFlight?.id !== run.id || run.abort.signal.aborted) return; // superseded or dismissed meanwhile
      if (!picked.ok) {
        inFlight = undefined;
        deps.hub.update({ invocation: failedInvocation(run.id, appName, picked.reason) });
        return;
      }
      await collectInto(run, picked.app, appName);
    },
    removeAppContext(invocation) {
      return abortInFlight(invocation, 'removed');
    },
    panelClosed() {
      return inFlight ? abortInFlight(inFlight.id, 'closed') : { aborted: false };
    },
    collected(invocation) {
      return collected?.invocation === invocation ? collected : undefined;
    },
  };
}
