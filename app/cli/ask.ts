import { createBackend } from '../agent/backends.js';
import { Conversation } from '../agent/conversation.js';
import type { LocateFn } from '../agent/highlight-tool.js';
import type { NoContextKind } from '../agent/no-context.js';
import type { SentContext } from '../agent/prompt.js';
import { collectFrontApp } from '../accessibility/collect.js';
import { isAccessibilityRead, type FrontCollection } from '../accessibility/types.js';
import { collectContext, locateRef } from '../host.js';
import { createHostCache } from '../invocation/host-cache.js';
import type { CoreDeps } from '../invocation/verified-call.js';
import { listIds } from '../../contract/review.js';
import { placeOf } from '../../contract/destination.js';
import { receiptRecorder } from '../history/recorder.js';
import { planOutgoing, receiptIds, type Outgoing } from '../privacy/outgoing.js';
import { MODEL_API_KEY } from '../withhold/kinds.js';
import { shownIds } from '../withhold/shown.js';
import { keyFor, parseAskArgs, type AskOptions } from './ask-args.js';
import { completeCliDeps, coreDeps } from './cli-deps.js';
import { commandHistory, commandPrivacy, pruneHistory } from './data.js';
import { jsonReporter, textReporter, type AskReporter, type ContextReport } from './ask-output.js';
import { refusalLine } from './accessibility.js';
import { createAccessibilityReader } from '../os/accessibility/index.js';
import { resolveApp } from './front-app.js';
import { EXIT } from './exit-codes.js';
import type { CliDeps, CliIo, CommandRun } from './io.js';
import type { RequestObserver } from '../agent/types.js';

/** The two invocation functions (collectContext, locateRef) `ask` uses, and how Ctrl-C reaches it; tests may pass their own. */
export interface AskServices {
  collect: typeof collectContext;
  locate: typeof locateRef;
  /** Calls `cancel` on the user's interrupt; returns the function that stops listening. */
  onInterrupt?(cancel: () => void): () => void;
  /** The fetch the model backends send with; tests pass one with their own DNS lookup. */
  fetch?: typeof fetch;
}

/** 128 + SIGINT: what shells expect of a command the user stopped with Ctrl-C. */

/** Ctrl-C: the first press cancels cleanly (the HTTP stream is closed, one error line). */
function onSigint(cancel: () => void): () => void {
  process.once('SIGINT', cancel);
  return () => process.removeListener('SIGINT', cancel);
}

/**
 * Why nothing was collected: one line the user can act on (it may name the app: it is the
 * user's own output), and the kind the model is told instead (app/agent/no-context.ts).
 */
function noContextReason(collection: Exclude<FrontCollection, { kind: 'collected' }>): { reason: string; missing: NoContextKind } {
  switch (collection.kind) {
    case 'no-consent':
      // Without consent asked for, the model hears what it always did: the app does not share.
      return { reason: refusalLine(collection).line, missing: collection.consent === 'never' ? 'accessibility-never' : 'no-provider' };
    case 'unreadable':
      return { reason: refusalLine(collection).line, missing: 'unreadable' };
    case 'ignored':
      return { reason: `every provider for this app was ignored (${collection.reasons.length}); see \`glance providers\``, missing: 'ignored' };
    case 'cancelled':
      return { reason: 'collecting was cancelled', missing: 'cancelled' };
    case 'no-answer':
      return { reason: collection.reason, missing: collection.timedOut ? 'timed-out' : 'no-answer' };
    case 'ruled-out':
      // Its reason says it is the user's rule (app/rules/gate.ts).
      return { reason: collection.reason, missing: collection.rule === 'damaged' ? 'damaged-rules' : collection.rule };
    default:
      return { reason: collection.reason, missing: collection.kind };
  }
}

/** What the first line reports and what the receipts need: the report and, with context, the plan. */
interface Reviewed {
  report: ContextReport;
  outgoing?: Outgoing;
  /** Why no context goes, as the model is told it; absent when a root goes. */
  missing?: NoContextKind;
}

const NOTHING_HELD = { withheld: [], excludedByRule: [] };

/**
 * What goes to the model: the answer without the user's exclusions, the standing exclusions of
 * the app's rule and the elements holding a secret, each with its subtree (app/privacy), less
 * what --allow sends for this message. An --exclude or --allow id that changes nothing is a
 * warning on stderr (it may be a typo, and the user should know). An element whose id holds a
 * secret is shown, and may be named in --allow and --exclude, as `withheld@N` (withhold/shown.ts).
 */
function reviewed(collection: FrontCollection, options: AskOptions, io: CliIo, redact: (text: string) => string): Reviewed {
  if (collection.kind !== 'collected') {
    if (collection.kind === 'ignored') for (const reason of collection.reasons) io.stderr(`glance: ${reason}\n`);
    const { reason, missing } = noContextReason(collection);
    return { report: { source: null, provider: null, sent: null, reason, ...NOTHING_HELD }, missing };
  }
  for (const note of collection.ignored) io.stderr(`glance: note: ${note}\n`);
  for (const warning of collection.warnings) io.stderr(`glance: warning: ${warning}\n`);
  const names = shownIds(collection.screening?.withheld ?? []);
  const exclude = options.exclude.map(names.resolve);
  const present = new Set(listIds(collection.answer.root));
  options.exclude.forEach((id, i) => {
    if (!present.has(exclude[i] as string)) io.stderr(`glance: warning: --exclude ${id.slice(0, 128)}: no element with that id in the answer; nothing was left out for it\n`);
  });
  // The app's name goes to the model and into each receipt: a token Glance holds is blanked in it.
  const who = isAccessibilityRead(collection)
    ? { source: 'accessibility' as const, provider: null, app: { ...collection.identity, name: redact(collection.identity.name) } }
    : { source: 'provider' as const, provider: shownProvider(collection.provider, redact) };
  const outgoing = planOutgoing(collection.answer.root, collection.screening, { removed: new Set(exclude), allowed: new Set(options.allow.map(names.resolve)) });
  for (const id of outgoing.unusedAllows) {
    io.stderr(`glance: warning: --allow ${id.slice(0, 128)}: no element with that id was withheld or left out by a rule; nothing changed for it\n`);
  }
  const { root: sent, reason, missing } = outgoing;
  const withheld = outgoing.withheld.map((w) => ({ id: names.show(w.id), kind: w.kind }));
  const excludedByRule = outgoing.excludedByRule.map((m) => ({ id: names.show(m.id), rule: m.rule }));
  return { report: { ...who, sent, ...(reason !== undefined ? { reason } : {}), withheld, excludedByRule }, outgoing, ...(missing !== undefined ? { missing } : {}) };
}

/** The descriptor as reported: no protocol, the name and version with every token Glance holds blanked. */
function shownProvider(descriptor: Extract<FrontCollection, { kind: 'collected'; provider: unknown }>['provider'], redact: (text: string) => string): NonNullable<ContextReport['provider']> {
  const { protocol: _protocol, ...rest } = descriptor;
  return { ...rest, name: redact(rest.name), version: redact(rest.version) };
}

/** Builds `ask` over the given invocation functions. */
export function createAsk(services: AskServices): CommandRun {
  return async (argv, io, given: CliDeps) => {
    // Completed once: the key below and the tokens discovery reads go into one registry.
    const deps = completeCliDeps(io, given);
    const options = parseAskArgs(argv);
    const reporter = options.json ? jsonReporter(io) : textReporter(io);
    // Every run, not only one that records a receipt: old receipts go even when no context does.
    await pruneHistory(io);
    const { apiKey, keyHint, required } = keyFor(options.backend, io.env);
    // The key is a secret Glance holds: an element showing it is withheld, and no output prints it.
    if (apiKey !== undefined) deps.secrets.add(apiKey, MODEL_API_KEY);
    if (required && apiKey === undefined) {
      // Fail before asking the app for anything: without a key nothing would be sent anyway.
      reporter.event({ type: 'error', kind: 'no-key', reason: `no API key for ${options.backend.backend}; set ${keyHint}` });
      return EXIT.backendFailed;
    }
    const interrupt = new AbortController();
    const stopListening = (services.onInterrupt ?? onSigint)(() => interrupt.abort());
    try {
      return await collectAndAsk({ options, io, deps, services, reporter, key: { apiKey, keyHint }, signal: interrupt.signal });
    } finally {
      stopListening();
    }
  };
}

/** One `ask` run after its arguments were read: collect, review, ask, stream; `signal` is Ctrl-C. */
async function collectAndAsk(run: { options: AskOptions; io: CliIo; deps: CliDeps; services: AskServices; reporter: AskReporter; key: { apiKey: string | undefined; keyHint: string }; signal: AbortSignal }): Promise<number> {
  // One run collects and then locates several ids at the same provider: the cache lets those
  // exchanges reuse the session initialised for `current` (every check still runs per call).
  const cache = createHostCache();
  try {
    // The user's rules and the secret scan (app/privacy), for a context headed to this backend.
    const { backend, baseURL } = run.options.backend;
    const privacy = commandPrivacy(run.io, { kind: 'model', backend, ...(baseURL !== undefined ? { baseURL } : {}) }, true);
    return await collectLocateAndAsk({ ...run, core: { ...coreDeps(run.io, run.deps), cache, privacy } });
  } finally {
    await cache.close();
  }
}

async function collectLocateAndAsk(run: Parameters<typeof collectAndAsk>[0] & { core: CoreDeps }): Promise<number> {
  const { options, io, services, signal, core } = run;
  const app = await resolveApp(options.target, io, run.deps, { mustRun: false });
  // Without a provider, the app may be read through Accessibility: this call's --accessibility, or a stored `always`.
  const reader = createAccessibilityReader({ env: io.env, permissionHolder: 'terminal' });
  try {
    const access = { reader, granted: options.accessibility };
    const collection = app ? await collectFrontApp(app, core, { timeoutMs: options.timeoutMs, signal }, access, services.collect) : undefined;
    return await reviewAndAsk({ ...run, collection });
  } finally {
    await reader.close();
  }
}

async function reviewAndAsk(run: Parameters<typeof collectLocateAndAsk>[0] & { collection: FrontCollection | undefined }): Promise<number> {
  const { options, io, services, reporter, signal, core, collection } = run;
  if (signal.aborted) {
    reporter.event({ type: 'error', kind: 'cancelled', reason: 'interrupted: nothing was sent' }, EXIT.interrupted);
    return EXIT.interrupted;
  }
  const { report, outgoing, missing }: Reviewed = collection ? reviewed(collection, options, io, (text) => run.deps.secrets?.redact(text) ?? text) : { report: { source: null, provider: null, sent: null, reason: 'Glance could not tell which app is in front', ...NOTHING_HELD }, missing: 'no-front-app' };
  reporter.context({ ...report, to: placeOf(options.backend) });

  const provider = report.provider;
  const read = collection !== undefined && isAccessibilityRead(collection) ? collection : undefined;
  const locate: LocateFn = async (id, locateSignal) => {
    if (read) {
      // Read through Accessibility: its ids are located again through the reader only.
      const result = await read.source.locate(id, { timeoutMs: options.timeoutMs, signal: locateSignal });
      return result.ok ? { ok: true, location: result.location } : { ok: false, reason: result.reason };
    }
    if (!provider) return { ok: false, reason: 'no provider' };
    const ref = { pid: provider.pid, bundleId: provider.bundleId, instance: provider.instance, id };
    const result = await services.locate(ref, core, { timeoutMs: options.timeoutMs, signal: locateSignal });
    return result.ok ? { ok: true, location: result.location } : { ok: false, reason: result.reason };
  };
  const fetch = services.fetch ? { fetch: services.fetch } : {};
  const backend = createBackend({ ...options.backend, ...fetch, ...receipts(io, report, outgoing, collection), citeByTitle: true }, run.key.apiKey, run.key.keyHint);
  // Under the user's rule, or with no context at all, the model is told why in Glance's words alone
  // (a kind from a closed set, app/agent/no-context.ts): nothing of the app, not even its bundle id.
  const context: SentContext = { appName: provider?.name ?? report.app?.name, root: report.sent, ...(read ? { source: 'accessibility' as const } : {}), ...(missing !== undefined ? { missing } : {}) };
  const conversation = new Conversation({ backend, context, locate });
  let failed = false;
  for await (const event of conversation.ask(options.prompt, signal)) {
    // The user's Ctrl-C, said as such (the conversation's own words are "the request was cancelled").
    const interrupted = event.type === 'error' && event.kind === 'cancelled' && signal.aborted;
    reporter.event(interrupted ? { ...event, reason: 'interrupted: the request was cancelled' } : event, interrupted ? EXIT.interrupted : EXIT.backendFailed);
    if (event.type === 'error') failed = true;
  }
  if (signal.aborted) return EXIT.interrupted;
  return failed ? EXIT.backendFailed : EXIT.ok;
}

/**
 * The receipts of this run (app/history): each request that carries the context records one in
 * the shared history before it is sent. Metadata only: the command keeps no payloads.
 */
function receipts(io: CliIo, report: ContextReport, outgoing: Outgoing | undefined, collection: FrontCollection | undefined): { onRequest?: RequestObserver } {
  const who = report.provider ?? report.app;
  if (!who || !report.source || !outgoing || collection?.kind !== 'collected') return {};
  const { bundleId, name, pid } = who;
  const rule = collection.screening?.rule;
  const facts = { app: { bundleId, name, pid }, source: report.source, ...receiptIds(outgoing, collection.screening), ...(rule ? { rule } : {}) };
  return { onRequest: receiptRecorder({ history: commandHistory(io), facts }) };
}

/**
 * `glance ask PROMPT ...` (docs/cli.md, "glance ask"): collect, leave out the excluded, ask,
 * stream, highlight.
 */
export const runAsk: CommandRun = createAsk({ collect: collectContext, locate: locateRef });
