import { destinationOf, localRuleBlocks, matchExclusions, subjectOf, type AskSubject, type CollectedContext, type Collection, type SourceKind } from '../../app/host.js';
import type { FrontApp } from '../../app/os/types.js';
import type { Invocation as InvocationView } from '../../contract/ipc.js';
import { patchPush } from '../../contract/panel-push.js';
import type { ConsentKey } from '../../contract/privacy.js';
import { createAgentService } from './agent-service.js';
import { cancelledInvocation, collectingInvocation, describeCollection, failedInvocation, redactWords, screeningView } from './describe.js';
import type { Invocation, InvocationDeps, InvocationSpec } from './invocation-types.js';
import { placeSelection } from './placement.js';

/** An invocation, shown at once as `spec.view`. */
export function createInvocation(spec: InvocationSpec, deps: InvocationDeps): Invocation {
  const { id } = spec;
  /** Its life: aborted when a newer invocation disposes of it. */
  const abort = new AbortController();
  /** The collection on its way (and the selection's location asked with it): aborted by the user too. */
  const collection = new AbortController();
  abort.signal.addEventListener('abort', () => collection.abort(), { once: true });
  let collecting = spec.view.phase === 'collecting';
  /** What a question is about: the collected context (one immutable value), or the kind of reason there is none. */
  let subject: AskSubject = 'not-collected';
  /** The app this invocation asked, and what its accessibility card may do again (absent on any other outcome). */
  let asked: FrontApp | undefined;
  let accessibilityCard: { key?: ConsentKey } | undefined;
  /** The one view of this invocation, the answer included: the hub only passes its pushes on to the panel, and keeps none. */
  let view = spec.view;
  let appIcon: string | undefined; // the app's icon once found: every view shown after carries it
  const held = (): CollectedContext | undefined => (typeof subject === 'string' ? undefined : subject);
  const makeAgent = () => deps.agent && createAgentService({
    ...deps.agent,
    // The answer is part of this invocation's view: a patch, the tree not sent again.
    publish: (answer) => {
      if (answer && !abort.signal.aborted) patch({ answer });
    },
  });
  let agent = makeAgent();
  const show = (next: InvocationView, panelView?: 'review'): void => {
    if (abort.signal.aborted) return;
    view = appIcon === undefined ? next : { ...next, appIcon };
    deps.hub.push({ ...(panelView ? { view: panelView } : {}), invocation: view });
  };
  /** Changes fields of the view; a streamed piece of the answer goes as that piece, worked out from the answer before. */
  const patch = (change: Partial<InvocationView>): void => {
    if (abort.signal.aborted) return;
    const push = patchPush(view, change);
    view = { ...view, ...change };
    deps.hub.push(push);
  };
  /** Whether the app's `local` rule keeps what is held from the backend chosen now, as the core decides it (localRuleBlocks). */
  const localBlocks = (): boolean => {
    const settings = deps.agent?.settings();
    return settings !== undefined && localRuleBlocks(held()?.screening?.rule, destinationOf(settings));
  };
  show(view, spec.panelView);

  const finish = (got: Collection): void => {
    const described = describeCollection(got, { id });
    const next = deps.redact ? redactWords(described, deps.redact) : described;
    accessibilityCard = got.kind === 'no-consent' ? { key: got.key } : got.kind === 'unreadable' ? {} : undefined;
    subject = subjectOf(got, deps.redact);
    if (got.kind === 'collected' && 'selection' in got && got.selection && deps.placeBeside) {
      void placeSelection(got.selection, { id, signal: abort.signal, placeBeside: deps.placeBeside, logger: deps.logger });
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
    show({ ...next, ...(source ? { source } : {}), ...(localBlocks() ? { localBlocks: true } : {}) });
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
      // Removed by the user, or a newer invocation: whatever came back is dropped.
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
  const live = (): boolean => !abort.signal.aborted;

  return {
    id,
    view: () => view,
    collected: held,
    collecting: () => collecting,
    ...(spec.again ? { again: spec.again } : {}),
    collect: (app) => collect(app),
    consentAsked: () => (accessibilityCard?.key !== undefined ? { key: accessibilityCard.key, appName: view.appName } : undefined),
    readAgain(granted) {
      if (!asked || !accessibilityCard || collecting || !live()) return false;
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
      subject = 'cancelled';
      deps.logger.info(`invocation ${id}: ${by === 'removed' ? "the user removed the app's context" : 'the user closed the panel'}; request aborted`);
      collection.abort();
      show(cancelledInvocation(id, view.appName, by));
      return { aborted: true };
    },
    rescreen(rules) {
      const context = held();
      if (!context?.screening || !live()) return false;
      const own = rules.find((rule) => rule.bundleId === context.issuer.bundleId);
      // Only the rule's part changes: the secrets found when collecting are the same.
      const screening = { ...context.screening, rule: own?.rule ?? 'allow', excludedByRule: matchExclusions(context.root, own?.exclusions ?? []) };
      subject = { ...context, screening };
      patch({ screening: screeningView(screening), localBlocks: localBlocks() });
      return true;
    },
    settingsChanged() {
      if (!live() || held()?.screening?.rule !== 'local') return;
      const blocks = localBlocks();
      if ((view.localBlocks === true) !== blocks) patch({ localBlocks: blocks });
    },
    askWithoutContext() {
      // Only the card of a `local` rule offers it: "never" means nothing from the app, not even the question about it.
      if (!live() || view.failure !== 'ruled-out' || view.ruledOutBy !== 'local') return false;
      subject = 'without-context';
      patch({ withoutContext: true });
      return true;
    },
    withoutContext: () => subject === 'without-context',
    ruleOut() {
      const context = held();
      if (!context || !live()) return false;
      // Nothing more goes: the conversation about this context ends, and a new one would carry none of it.
      subject = 'never';
      agent?.dispose();
      agent = makeAgent();
      // No reason of the core's: the panel says the rule the user just set.
      show(failedInvocation(id, context.appName, 'ruled-out', { ruledOutBy: 'never' }));
      return true;
    },
    // What this invocation holds is handed to the conversation with each request: it never reads it back.
    preview: (request) => (live() && agent ? agent.preview(request, subject) : null),
    send: async (request) => (live() && agent ? agent.send(request, subject) : undefined),
    stop: () => (live() && agent ? agent.stop() : { stopped: false }),
    locate: async (chip) => (live() && agent ? agent.locate(chip) : null),
    dispose() {
      agent?.dispose();
      abort.abort();
    },
  };
}
