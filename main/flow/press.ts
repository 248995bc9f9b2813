import { bySource, type Logger, type ContextSource, type Collection } from '../../app/host.js';
import type { FrontApp } from '../../app/os/types.js';
import type { ElementRef } from '../../app/invocation/types.js';
import type { Element, Location } from '@app-context/provider-kit/protocol';
import type { Screening } from '../../app/privacy/types.js';
import type { Invocation, SampleFailure } from '../../contract/ipc.js';
import type { ConsentKey } from '../../contract/privacy.js';
import type { SourceKind } from '../../contract/sources.js';
import { createAgentService, type AgentPort, type AgentServiceDeps } from './agent-service.js';
import { cancelledInvocation, collectingInvocation, describeCollection, failedInvocation, redactWords, screeningView } from './describe.js';
import { placeSelection } from './placement.js';
import type { StateHub } from './state-hub.js';

/**
 * The core's collectFrontApp, as a press calls it (app/sources/collect.ts): the provider, or
 * for an app without one the accessibility layer; `granted` is the user's consent for this press
 * alone (the card's "Read it this time").
 */
export type CollectFn = (app: FrontApp, options: { timeoutMs: number; signal: AbortSignal; locateSelection?: boolean; granted?: boolean }) => Promise<Collection>;

/** An app the user picked (Sample Notes, once it runs), or why it could not be had. */
export type PickResult = { ok: true; app: FrontApp } | { ok: false; failure: SampleFailure };

/** What was collected and may be sent: kept in main, so the renderer sends only removals. */
export interface CollectedContext {
  appName: string;
  root: Element;
  /** Who issued the ids, and the only way they are located again (app/sources/source.ts). */
  source: ContextSource;
  /** The app as verified when collecting (read through Accessibility: as the OS names it), for its rules and the receipts; never used to locate. */
  issuer: Omit<ElementRef, 'id'> & { bundleId: string };
  /** What the user's standing exclusions and the secret scan leave out (app/privacy), when screened. */
  screening?: Screening;
}

/** What every press needs; the controller passes the same to each. */
export interface PressDeps {
  collect: CollectFn;
  /** The time limit in force now (from the settings). */
  timeoutMs(): number;
  /** Where the press's view goes: written, never read back. */
  hub: Pick<StateHub, 'update' | 'patch'>;
  logger: Logger;
  /** Blanks every secret Glance holds in the words the panel shows of the app (the tree is screened instead), and writes paths under the home folder as ~/…. */
  redact?(text: string): string;
  /** The conversation's services (absent in tests of collecting alone: nothing can be asked then). */
  agent?: Omit<AgentServiceDeps, 'publish'>;
  /** Moves the panel beside the selection (main/windows/panel.ts). */
  placeBeside?(location: Location): void;
  /** The app's own icon as a data: URL, or undefined (the panel draws its glyph): app/os/app-icon.ts. */
  appIcon?(app: FrontApp): Promise<string | undefined>;
  /** Whether the app is built on Electron (macOS): its consent card says what a read turns on in it. */
  electronApp?(app: FrontApp): Promise<boolean>;
}

/**
 * One hotkey press, from the front app to the last highlight: it owns its abort controller, what
 * it collected, the screening and the "without its context" choice, the conversation and its
 * pending locates (agent-service.ts), the placement, and the one view the panel shows of it. A
 * new press disposes of it, and from then on it neither publishes nor acts: everything it
 * started ends with its signal.
 */
export interface Press {
  readonly id: number;
  /** What it collected, while it holds it (until "Never from this app"). */
  collected(): CollectedContext | undefined;
  collecting(): boolean;
  /** Asks the same app again, as a new press (Cmd-R, Try again); absent when there was no app to ask. */
  readonly again?: () => Promise<void>;
  /** Collects from the app; the view follows. */
  collect(app: FrontApp): Promise<void>;
  /**
   * An app without a provider, its consent asked on this press's card: its identity and name, for
   * the card's "Always" and "Never" (set by the privacy panel, which owns the rules file).
   */
  consentAsked(): { key: ConsentKey; appName: string } | undefined;
  /**
   * Reads the app once more after the user chose on an accessibility card (consent, permission,
   * an unreadable read): `granted` is "Read it this time", for this press only. False, and
   * nothing done, on any other card or while collecting.
   */
  readAgain(granted: boolean): boolean;
  /** Collects from an app still being picked (Sample Notes starting); a failure to start is said. */
  collectPicked(pick: () => Promise<PickResult>): Promise<void>;
  /** Stops a collection on its way (the user removed the context, or closed the panel). */
  cancel(by: 'removed' | 'closed'): { aborted: boolean };
  /** The user changed this app's rules: the context is screened again, shown and sent alike. */
  rescreen(screening: Screening): boolean;
  /** "Ask without its context" on the card of a `local` rule; false on any other card. */
  askWithoutContext(): boolean;
  withoutContext(): boolean;
  /** "Never from this app": what was collected goes, and nothing more is sent. */
  ruleOut(): boolean;
  /** The conversation (absent without agent services). */
  agent(): AgentPort | undefined;
  dispose(): void;
}

/** What a press is opened with: its id, the app's name for the panel, and the view shown at once. */
export interface PressSpec {
  id: number;
  view: Invocation;
  panelView?: 'review';
  again?: () => Promise<void>;
}

/** A press, shown at once as `spec.view`. */
export function createPress(spec: PressSpec, deps: PressDeps): Press {
  const { id } = spec;
  /** The press's life: aborted when a newer press disposes of it. */
  const abort = new AbortController();
  /** The collection on its way (and the selection's location asked with it): aborted by the user too. */
  const collection = new AbortController();
  abort.signal.addEventListener('abort', () => collection.abort(), { once: true });
  let collecting = spec.view.phase === 'collecting';
  let collected: CollectedContext | undefined;
  let withoutContext = false;
  /** The app this press asked, and what its accessibility card may do again (absent on any other outcome). */
  let asked: FrontApp | undefined;
  let accessibilityCard: { key?: ConsentKey } | undefined;
  let view = spec.view;
  let appIcon: string | undefined; // the app's icon once found: every view shown after carries it
  const held = { collected: (): CollectedContext | undefined => collected, withoutContext: (): boolean => withoutContext };
  const makeAgent = (): AgentPort | undefined => deps.agent && createAgentService(held, {
    ...deps.agent,
    // The answer is part of this press's view: a patch, the tree not sent again.
    publish: (answer) => {
      if (answer && !abort.signal.aborted) deps.hub.patch({ id, answer });
    },
  });
  let agent = makeAgent();
  const show = (next: Invocation, panelView?: 'review'): void => {
    if (abort.signal.aborted) return;
    view = appIcon === undefined ? next : { ...next, appIcon };
    deps.hub.update({ ...(panelView ? { view: panelView } : {}), invocation: view });
  };
  const patch = (change: Partial<Invocation>): void => {
    view = { ...view, ...change };
    deps.hub.patch({ id, ...change });
  };
  show(view, spec.panelView);

  const finish = (got: Collection): void => {
    const described = describeCollection(got, { id });
    const next = deps.redact ? redactWords(described, deps.redact) : described;
    accessibilityCard = got.kind === 'no-consent' ? { key: got.key } : got.kind === 'unreadable' ? {} : undefined;
    if (got.kind === 'collected') {
      // Read through Accessibility, the app is named by the OS and the read's own instance: there is no descriptor.
      const issuer = bySource(got, {
        provider: ({ provider }) => ({ pid: provider.pid, bundleId: provider.bundleId, instance: provider.instance }),
        accessibility: ({ identity, answer }) => ({ pid: identity.pid, bundleId: identity.bundleId, instance: answer.instance }),
      });
      collected = { appName: next.appName, root: got.answer.root, source: got.source, issuer, ...(got.screening ? { screening: got.screening } : {}) };
      if ('selection' in got && got.selection && deps.placeBeside) void placeSelection(got.selection, { id, signal: abort.signal, placeBeside: deps.placeBeside, logger: deps.logger });
    }
    // Asked beside the card, as the icon is: the card shows at once and gains the sentence when known.
    if (got.kind === 'no-consent' && got.consent === 'ask' && deps.electronApp) {
      deps.electronApp(got.app).then((electron) => {
        if (electron && !abort.signal.aborted && view.failure === 'accessibility-consent') patch({ electronApp: true });
      }, () => undefined);
    }
    deps.logger.info(`invocation ${id}: ${got.kind}`);
    // The view names where the context came from as a plain kind, never the source itself.
    const source: SourceKind | undefined = got.kind === 'collected' ? got.source.kind : undefined;
    show(source ? { ...next, source } : next);
  };

  /** Looks for the app's icon beside the collection: it is added to the view when it comes, never waited for. */
  const findIcon = (app: FrontApp): void => {
    if (!deps.appIcon || appIcon !== undefined) return;
    deps.appIcon(app).then((icon) => {
      if (icon !== undefined && !abort.signal.aborted) patch({ appIcon: (appIcon = icon) });
    }, () => undefined);
  };

  const collect = async (app: FrontApp, granted = false): Promise<void> => {
    asked = app;
    findIcon(app);
    let got: Collection | Error;
    try {
      got = await deps.collect(app, { timeoutMs: deps.timeoutMs(), signal: collection.signal, locateSelection: deps.placeBeside !== undefined, granted });
    } catch (error) {
      got = error instanceof Error ? error : new Error(String(error));
    }
    if (collection.signal.aborted) {
      // Removed by the user, or a newer press: whatever came back is dropped.
      deps.logger.info(`invocation ${id}: a late answer was discarded`);
      return;
    }
    collecting = false;
    if (got instanceof Error) {
      deps.logger.error(`invocation ${id}: collecting failed: ${got.name}`);
      show(failedInvocation(id, view.appName, 'internal'));
      return;
    }
    finish(got);
  };

  return {
    id,
    collected: () => collected,
    collecting: () => collecting,
    ...(spec.again ? { again: spec.again } : {}),
    collect: (app) => collect(app),
    consentAsked: () => (accessibilityCard?.key !== undefined ? { key: accessibilityCard.key, appName: view.appName } : undefined),
    readAgain(granted) {
      if (!asked || !accessibilityCard || collecting || abort.signal.aborted) return false;
      accessibilityCard = undefined;
      collecting = true;
      show(collectingInvocation(id, view.appName));
      // Not awaited: the view says "collecting" at once and fills in as a hotkey's does.
      void collect(asked, granted);
      return true;
    },
    async collectPicked(pick) {
      const picked = await pick();
      if (collection.signal.aborted) return; // superseded or dismissed meanwhile
      if (picked.ok) return collect(picked.app);
      collecting = false;
      show(failedInvocation(id, view.appName, 'sample-failed', { sampleFailure: picked.failure }));
    },
    cancel(by) {
      if (!collecting) return { aborted: false };
      collecting = false;
      deps.logger.info(`invocation ${id}: ${by === 'removed' ? "the user removed the app's context" : 'the user closed the panel'}; request aborted`);
      collection.abort();
      show(cancelledInvocation(id, view.appName, by));
      return { aborted: true };
    },
    rescreen(screening) {
      if (!collected || abort.signal.aborted) return false;
      collected = { ...collected, screening };
      patch({ screening: screeningView(screening) });
      return true;
    },
    askWithoutContext() {
      // Only the card of a `local` rule offers it: "never" means nothing from the app, not even the question about it.
      if (abort.signal.aborted || view.failure !== 'ruled-out' || view.ruledOutBy !== 'local') return false;
      withoutContext = true;
      patch({ withoutContext: true });
      return true;
    },
    withoutContext: () => withoutContext,
    ruleOut() {
      if (!collected || abort.signal.aborted) return false;
      const { appName } = collected;
      collected = undefined;
      // Nothing more goes: the conversation about this context ends, and a new one would carry none of it.
      agent?.dispose();
      agent = makeAgent();
      // No reason of the core's: the panel says the rule the user just set.
      show(failedInvocation(id, appName, 'ruled-out', { ruledOutBy: 'never' }));
      return true;
    },
    agent: () => (abort.signal.aborted ? undefined : agent),
    dispose() {
      agent?.dispose();
      abort.abort();
    },
  };
}
