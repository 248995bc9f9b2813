import type { Logger } from '../../app/log/logger.js';
import type { FrontApp, FrontAppResult, OsServices } from '../../app/os/types.js';
import type { Collection, ElementRef } from '../../app/invocation/types.js';
import type { Element } from '@app-context/provider-kit/protocol';
import type { Screening } from '../../app/privacy/types.js';
import { appDisplayName, redactWords, cancelledInvocation, collectingInvocation, describeCollection, failedInvocation, screeningView } from './describe.js';
import type { Failure, Invocation } from '../../contract/ipc.js';
import type { StateHub } from './state-hub.js';

/** The core's collectContext, as the controller calls it (app/invocation/collect.ts). */
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
  /**
   * Where the invocation's view goes. Written, never read: what the controller decides on
   * (which invocation is current, whether it is still collecting, what it last showed) it
   * keeps itself.
   */
  hub: Pick<StateHub, 'update'>;
  logger: Logger;
  /**
   * Blanks every secret Glance holds (the SecretRegistry: each token read from a descriptor,
   * each stored API key) in what the panel shows and the model is told of the app: its name,
   * the sentences and the details. The tree's secrets are withheld by the scan instead.
   */
  redact?(text: string): string;
}

/** What was collected and may be sent: kept in main, so the renderer sends only removals. */
export interface CollectedContext {
  invocation: number;
  appName: string;
  root: Element;
  /**
   * The provider and instance that issued the ids, as verified when collecting: every later
   * `location` goes to this triple and no other (docs/protocol.md, "What a host must do": keep the
   * provider with the id).
   */
  issuer: Omit<ElementRef, 'id'> & { bundleId: string };
  /** What the user's standing exclusions and the secret scan leave out (app/privacy), when screened. */
  screening?: Screening;
}

/**
 * What happens to invocations, said once by their one owner (the controller): the agent and
 * the placement follow these instead of each keeping a "current invocation" of their own.
 * Every invocation starts, then ends at most once as collected, failed or cancelled; closed
 * says the user put the panel showing it away (after cancelled, when that stopped a collection).
 */
export type InvocationEvent =
  /** A new hotkey press (or Try with Sample Notes): a new context, so a new conversation. */
  | { type: 'started'; invocation: number; appName: string }
  /** Its context arrived and may be sent; `context` is what collected(invocation) returns. */
  | { type: 'collected'; invocation: number; context: CollectedContext }
  /** Nothing was collected; `message` is the sentence the panel shows. */
  | { type: 'failed'; invocation: number; message: string }
  /** The user removed the app's context, or closed the panel, while it was being collected. */
  | { type: 'cancelled'; invocation: number; by: 'removed' | 'closed' }
  | { type: 'closed'; invocation: number };

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
   * Cmd-R or "Try again" in the panel: collects once more from the app `invocation` asked
   * (the same front app, or Sample Notes again), as a new invocation. Not started when that
   * invocation is no longer the one shown, is still collecting, or never had an app to ask.
   */
  collectAgain(invocation: number): Promise<{ started: boolean }>;
  /**
   * The user changed this app's rules from the panel: the collected context is screened again
   * (a new standing exclusion applies at once, to what is shown and what is sent).
   */
  rescreen(invocation: number, screening: Screening): boolean;
  /**
   * The user chose "Ask without its context" on the card of a `local` rule: the question field
   * opens for this invocation, and its questions go with none of the app's context (the app
   * was never asked). False unless it is the invocation on screen and a `local` rule kept it out.
   */
  askWithoutContext(invocation: number): boolean;
  /** Whether the user chose to ask this invocation's questions without its context. */
  withoutContext(invocation: number): boolean;
  /** The user chose "Never from this app": nothing collected from it may be sent, and the panel says so. */
  ruleOut(invocation: number, message: string): boolean;
  /**
   * The panel was hidden (Esc, a click elsewhere, the tray): a collection still on its way is
   * aborted, so nothing is read for a panel the user dismissed, and its late answer is discarded.
   */
  panelClosed(): { aborted: boolean };
  /** What the current invocation collected, or undefined. */
  collected(invocation: number): CollectedContext | undefined;
  /** Is this the invocation on screen? A request naming an older one is stale. */
  isCurrent(invocation: number): boolean;
  /** Listens for invocation events, in the order they happen; returns the unsubscribe. */
  subscribe(listener: (event: InvocationEvent) => void): () => void;
}

/**
 * The panel's sentence when the OS cannot tell which app is in front: what it said, and what to
 * do in the panel's terms. The command line's advice (`--pid`) stays in the OS's `reason`.
 */
function frontAppUnknown(cause: string | undefined): string {
  return `Glance cannot tell which app is in front${cause ? ` (${cause})` : ''}. Bring the app you want to ask about to the front, then press the hotkey again.`;
}

/** A controller over the given services. */
export function createController(deps: ControllerDeps): Controller {
  let counter = 0;
  /** The invocation on screen: the one owner of "the current invocation". */
  let current: { id: number; appName: string } | undefined;
  let inFlight: { id: number; abort: AbortController } | undefined;
  let collected: CollectedContext | undefined;
  /** The invocation whose questions the user chose to ask without the app's context. */
  let contextless: number | undefined;
  const listeners = new Set<(event: InvocationEvent) => void>();
  const emit = (event: InvocationEvent): void => {
    for (const listener of listeners) listener(event);
  };
  /** Where the shown invocation collected from, for collectAgain. */
  let source: { invocation: number; again(): Promise<void> } | undefined;
  /** The invocation's view as last published, for rescreen to add to. */
  let shown: Invocation | null = null;
  /** Publishes the invocation's view (with the panel's view, when it changes too). */
  const show = (invocation: Invocation, view?: 'review'): void => {
    shown = invocation;
    deps.hub.update({ ...(view ? { view } : {}), invocation });
  };

  /** A new invocation: supersedes the previous one and tells the listeners. */
  const open = (appName: string): number => {
    inFlight?.abort.abort(); // a new hotkey supersedes the previous request
    inFlight = undefined;
    collected = undefined;
    contextless = undefined;
    const id = ++counter;
    current = { id, appName };
    return id;
  };

  /** An invocation that failed before any provider was asked, shown at once. */
  const failAtOnce = (appName: string, message: string, failure: Failure, view?: 'review'): void => {
    const id = open(appName);
    show(failedInvocation(id, appName, message, failure), view);
    emit({ type: 'started', invocation: id, appName });
    emit({ type: 'failed', invocation: id, message });
  };

  /** A new invocation collecting for `appName`: the panel shows it at once. */
  const begin = (appName: string): { id: number; abort: AbortController } => {
    const id = open(appName);
    const abort = new AbortController();
    inFlight = { id, abort };
    show(collectingInvocation(id, appName), 'review');
    emit({ type: 'started', invocation: id, appName });
    deps.showPanel();
    return { id, abort };
  };

  const start = (app: FrontApp): Promise<void> => {
    const appName = appDisplayName(app);
    const run = begin(appName);
    source = { invocation: run.id, again: () => start(app) };
    return collectInto(run, app, appName);
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
      const message = `Glance could not collect ${appName}'s context because of an internal error.`;
      show(failedInvocation(id, appName, message, 'internal'));
      emit({ type: 'failed', invocation: id, message });
      return;
    }
    const described = describeCollection(collection, { id });
    const invocation = deps.redact ? redactWords(described, deps.redact) : described;
    if (collection.kind === 'collected') {
      const { pid, bundleId, instance } = collection.provider;
      collected = { invocation: id, appName: invocation.appName, root: collection.answer.root, issuer: { pid, bundleId, instance }, ...(collection.screening ? { screening: collection.screening } : {}) };
    }
    deps.logger.info(`invocation ${id}: ${collection.kind}`);
    show(invocation);
    if (collected?.invocation === id) emit({ type: 'collected', invocation: id, context: collected });
    else if (invocation.phase === 'cancelled') emit({ type: 'cancelled', invocation: id, by: 'removed' });
    else emit({ type: 'failed', invocation: id, message: invocation.message });
  };

  const abortInFlight = (invocation: number, by: 'removed' | 'closed'): { aborted: boolean } => {
    if (!inFlight || inFlight.id !== invocation || current?.id !== invocation) return { aborted: false };
    inFlight.abort.abort();
    inFlight = undefined;
    deps.logger.info(`invocation ${invocation}: ${by === 'removed' ? "the user removed the app's context" : 'the user closed the panel'}; request aborted`);
    show(cancelledInvocation(invocation, current.appName, by));
    emit({ type: 'cancelled', invocation, by });
    return { aborted: true };
  };

  const collectFrom = async (appName: string, pick: () => Promise<FrontAppResult>): Promise<void> => {
    const run = begin(appName);
    source = { invocation: run.id, again: () => collectFrom(appName, pick) };
    const picked = await pick();
    if (inFlight?.id !== run.id || run.abort.signal.aborted) return; // superseded or dismissed meanwhile
    if (!picked.ok) {
      inFlight = undefined;
      show(failedInvocation(run.id, appName, picked.reason, 'sample-failed'));
      emit({ type: 'failed', invocation: run.id, message: picked.reason });
      return;
    }
    await collectInto(run, picked.app, appName);
  };

  return {
    async onHotkey() {
      const front = await deps.os.frontApp();
      if (front.ok ? front.app.pid === deps.ownPid : front.glanceInFront) {
        // Glance in front means the panel had focus: show what it holds rather than asking ourselves.
        if (current === undefined) failAtOnce('Glance', 'Glance itself is in front. Switch to the app you want to ask about, then press the hotkey.', 'glance-in-front');
        deps.showPanel();
        return;
      }
      if (!front.ok) {
        failAtOnce('the front app', frontAppUnknown(front.cause), 'no-front-app', 'review');
        deps.showPanel();
        return;
      }
      await start(front.app);
    },
    collectFrom,
    removeAppContext(invocation) {
      return abortInFlight(invocation, 'removed');
    },
    async collectAgain(invocation) {
      // Only for the invocation on screen, and not while it is still collecting.
      if (!source || source.invocation !== invocation || current?.id !== invocation || inFlight?.id === invocation) return { started: false };
      // Not awaited: the new invocation shows "collecting" at once and fills in like a hotkey's.
      void source.again();
      return { started: true };
    },
    rescreen(invocation, screening) {
      if (!collected || collected.invocation !== invocation || current?.id !== invocation || shown?.id !== invocation) return false;
      collected = { ...collected, screening };
      show({ ...shown, screening: screeningView(screening) });
      return true;
    },
    askWithoutContext(invocation) {
      // Only the card of a `local` rule offers it: "never" means nothing from the app, not even the question about it.
      if (current?.id !== invocation || shown?.id !== invocation || shown.failure !== 'ruled-out' || shown.ruledOutBy !== 'local') return false;
      contextless = invocation;
      show({ ...shown, withoutContext: true });
      return true;
    },
    withoutContext: (invocation) => contextless === invocation && current?.id === invocation,
    ruleOut(invocation, message) {
      if (!collected || collected.invocation !== invocation || current?.id !== invocation) return false;
      const { appName } = collected;
      collected = undefined;
      // Only "Never from this app" drops what was collected (privacy-panel.ts).
      show({ ...failedInvocation(invocation, appName, message, 'ruled-out'), ruledOutBy: 'never' });
      emit({ type: 'failed', invocation, message });
      return true;
    },
    panelClosed() {
      const result = inFlight ? abortInFlight(inFlight.id, 'closed') : { aborted: false };
      if (current) emit({ type: 'closed', invocation: current.id });
      return result;
    },
    collected(invocation) {
      return collected?.invocation === invocation ? collected : undefined;
    },
    isCurrent: (invocation) => current?.id === invocation,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
