import { askAbout, type Ask } from '../ask/ask.js';
import { subjectOf } from '../ask/subject.js';
import { collectFrontApp } from '../sources/collect.js';
import { bySource } from '../sources/by-source.js';
import type { Collected, Collection } from '../sources/types.js';
import { collectContext } from '../host.js';
import { createHostCache } from '../invocation/host-cache.js';
import type { CoreDeps } from '../invocation/verified-call.js';
import { listIds } from '../../contract/review.js';
import { destinationOf, placeOf } from '../../contract/destination.js';
import { receiptRecorder } from '../history/recorder.js';
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

/**
 * How `ask` collects (collectContext: the provider's side of collectFrontApp) and how Ctrl-C
 * reaches it; tests may pass their own. Locating needs nothing here: it goes through the
 * collection's own source (app/ask/ask.ts).
 */
export interface AskServices {
  collect: typeof collectContext;
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

/** Why nothing was collected: one line the user can act on (it may name the app: it is the user's own output). */
function noContextReason(collection: Exclude<Collection, { kind: 'collected' }>): string {
  switch (collection.kind) {
    case 'no-consent':
    case 'unreadable':
      return refusalLine(collection).line;
    case 'ignored':
      return `every provider for this app was ignored (${collection.reasons.length}); see \`glance providers\``;
    case 'cancelled':
      return 'collecting was cancelled';
    case 'no-answer':
    case 'ruled-out':
    case 'no-provider':
    case 'refused':
      // A ruled-out reason says it is the user's rule (app/rules/gate.ts).
      return collection.reason;
  }
}

const NOTHING_HELD = { withheld: [], excludedByRule: [] };

/**
 * The first line: what was collected and what goes to the model (the one ask planned it: the
 * answer without the user's exclusions, the standing exclusions of the app's rule and the
 * elements holding a secret, each with its subtree, less what --allow sends for this message).
 * An --exclude or --allow id that changes nothing is a warning on stderr (it may be a typo, and
 * the user should know). An element whose id holds a secret is shown, and may be named in
 * --allow and --exclude, as `withheld@N` (withhold/shown.ts).
 */
function reviewed(collection: Collection | undefined, ask: Ask, options: AskOptions, io: CliIo, redact: (text: string) => string): ContextReport {
  if (!collection) return { source: null, provider: null, sent: null, reason: 'Glance could not tell which app is in front', ...NOTHING_HELD };
  if (collection.kind !== 'collected') {
    if (collection.kind === 'ignored') for (const reason of collection.reasons) io.stderr(`glance: ${reason}\n`);
    return { source: null, provider: null, sent: null, reason: noContextReason(collection), ...NOTHING_HELD };
  }
  for (const note of collection.ignored) io.stderr(`glance: note: ${note}\n`);
  for (const warning of collection.warnings) io.stderr(`glance: warning: ${warning}\n`);
  const names = shownIds(collection.screening?.withheld ?? []);
  const present = new Set(listIds(collection.answer.root));
  for (const id of options.exclude) {
    if (!present.has(names.resolve(id))) io.stderr(`glance: warning: --exclude ${id.slice(0, 128)}: no element with that id in the answer; nothing was left out for it\n`);
  }
  // The app's name is the user's own output here: a token Glance holds is blanked in it.
  const who = bySource<Pick<ContextReport, 'source' | 'provider' | 'app'>>(collection, {
    provider: (collected) => ({ source: 'provider', provider: shownProvider(collected.provider, redact) }),
    accessibility: (read) => ({ source: 'accessibility', provider: null, app: { ...read.identity, name: redact(read.identity.name) } }),
  });
  const outgoing = ask.outgoing;
  for (const id of outgoing?.unusedAllows ?? []) {
    io.stderr(`glance: warning: --allow ${id.slice(0, 128)}: no element with that id was withheld or left out by a rule; nothing changed for it\n`);
  }
  const withheld = (outgoing?.withheld ?? []).map((w) => ({ id: names.show(w.id), kind: w.kind }));
  const excludedByRule = (outgoing?.excludedByRule ?? []).map((m) => ({ id: names.show(m.id), rule: m.rule }));
  const reason = outgoing?.reason;
  return { ...who, sent: ask.context.root, ...(reason !== undefined ? { reason } : {}), withheld, excludedByRule };
}

/** The descriptor as reported: no protocol, the name and version with every token Glance holds blanked. */
function shownProvider(descriptor: Collected<'provider'>['provider'], redact: (text: string) => string): NonNullable<ContextReport['provider']> {
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
    const privacy = commandPrivacy(run.io, destinationOf(run.options.backend), true);
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

async function reviewAndAsk(run: Parameters<typeof collectLocateAndAsk>[0] & { collection: Collection | undefined }): Promise<number> {
  const { options, io, services, reporter, signal, collection } = run;
  if (signal.aborted) {
    reporter.event({ type: 'error', kind: 'cancelled', reason: 'interrupted: nothing was sent' }, EXIT.interrupted);
    return EXIT.interrupted;
  }
  const redact = (text: string): string => run.deps.secrets?.redact(text) ?? text;
  // The one ask, as the panel's (app/ask): without a front app, the model is told just that.
  const ask = askAbout(collection ? subjectOf(collection, redact) : 'no-front-app', { removed: options.exclude, allowed: options.allow }, {
    settings: { ...options.backend, ...(services.fetch ? { fetch: services.fetch } : {}), citeByTitle: true },
    apiKey: run.key.apiKey,
    keyHint: run.key.keyHint,
  }, {
    timeoutMs: () => options.timeoutMs,
    // Metadata only: the command keeps no payloads.
    recorder: (facts) => receiptRecorder({ history: commandHistory(io), facts }),
  });
  reporter.context({ ...reviewed(collection, ask, options, io, redact), to: placeOf(options.backend) });
  let failed = false;
  for await (const event of ask.conversation.ask(options.prompt, signal)) {
    // The user's Ctrl-C, said as such (the conversation's own words are "the request was cancelled").
    const interrupted = event.type === 'error' && event.kind === 'cancelled' && signal.aborted;
    reporter.event(interrupted ? { ...event, reason: 'interrupted: the request was cancelled' } : event, interrupted ? EXIT.interrupted : EXIT.backendFailed);
    if (event.type === 'error') failed = true;
  }
  if (signal.aborted) return EXIT.interrupted;
  return failed ? EXIT.backendFailed : EXIT.ok;
}

/**
 * `glance ask PROMPT ...` (docs/cli.md, "glance ask"): collect, leave out the excluded, ask,
 * stream, highlight.
 */
export const runAsk: CommandRun = createAsk({ collect: collectContext });
