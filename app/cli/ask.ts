import { createBackend } from '../agent/backends.js';
import { Conversation } from '../agent/conversation.js';
import type { LocateFn } from '../agent/highlight-tool.js';
import { collectContext } from '../invocation/collect.js';
import { locateRef } from '../invocation/locate.js';
import { createHostCache } from '../invocation/host-cache.js';
import type { CoreDeps } from '../invocation/verified-call.js';
import { applyRemovals, listIds } from '../../contract/review.js';
import type { Collection } from '../invocation/types.js';
import { keyFor, parseAskArgs, type AskOptions } from './ask-args.js';
import { coreDeps } from './cli-deps.js';
import { jsonReporter, textReporter, type AskReporter, type ContextReport } from './ask-output.js';
import { resolveApp } from './front-app.js';
import { EXIT } from './exit-codes.js';
import type { CliDeps, CliIo, CommandRun } from './io.js';
import type { AgentBackend } from '../agent/types.js';

/** The two invocation functions (collectContext, locateRef) `ask` uses, and how Ctrl-C reaches it; tests may pass their own. */
export interface AskServices {
  collect: typeof collectContext;
  locate: typeof locateRef;
  /** Calls `cancel` on the user's interrupt; returns the function that stops listening. */
  onInterrupt?(cancel: () => void): () => void;
}

/** 128 + SIGINT: what shells expect of a command the user stopped with Ctrl-C. */
export const EXIT_INTERRUPTED = 130;

/** Ctrl-C: the first press cancels cleanly (the HTTP stream is closed, one error line). */
function onSigint(cancel: () => void): () => void {
  process.once('SIGINT', cancel);
  return () => process.removeListener('SIGINT', cancel);
}

/** Why nothing was collected, in one line the user can act on (never provider text). */
function noContextReason(collection: Exclude<Collection, { kind: 'collected' }>): string {
  switch (collection.kind) {
    case 'ignored':
      return `every provider for this app was ignored (${collection.reasons.length}); see \`glance providers\``;
    case 'cancelled':
      return 'collecting was cancelled';
    default:
      return collection.reason;
  }
}

/**
 * What goes to the model: the answer without the excluded elements and their subtrees. An
 * --exclude id that is not in the answer is a warning on stderr (it may be a typo, and the
 * user should know nothing was left out for it).
 */
function reviewed(collection: Collection, options: AskOptions, io: CliIo): { report: ContextReport } {
  if (collection.kind !== 'collected') {
    if (collection.kind === 'ignored') for (const reason of collection.reasons) io.stderr(`glance: ${reason}\n`);
    return { report: { provider: null, sent: null, reason: noContextReason(collection) } };
  }
  for (const note of collection.ignored) io.stderr(`glance: note: ${note}\n`);
  for (const warning of collection.warnings) io.stderr(`glance: warning: ${warning}\n`);
  const present = new Set(listIds(collection.answer.root));
  for (const id of options.exclude) {
    if (!present.has(id)) io.stderr(`glance: warning: --exclude ${id.slice(0, 128)}: no element with that id in the answer; nothing was left out for it\n`);
  }
  const { protocol: _protocol, ...provider } = collection.provider;
  const sent = applyRemovals(collection.answer.root, new Set(options.exclude));
  return { report: { provider, sent, ...(sent === null ? { reason: 'the root element was excluded, so no context is sent' } : {}) } };
}

/** Builds `ask` over the given invocation functions. */
export function createAsk(services: AskServices): CommandRun {
  return async (argv, io, deps: CliDeps) => {
    const options = parseAskArgs(argv);
    const reporter = options.json ? jsonReporter(io) : textReporter(io);
    const { apiKey, keyHint, required } = keyFor(options.backend, io.env);
    if (required && apiKey === undefined) {
      // Fail before asking the app for anything: without a key nothing would be sent anyway.
      reporter.event({ type: 'error', kind: 'no-key', reason: `no API key for ${options.backend.backend}; set ${keyHint}` });
      return EXIT.backendFailed;
    }
    const backend = createBackend(options.backend, apiKey, keyHint);
    const interrupt = new AbortController();
    const stopListening = (services.onInterrupt ?? onSigint)(() => interrupt.abort());
    try {
      return await collectAndAsk({ options, io, deps, services, reporter, backend, signal: interrupt.signal });
    } finally {
      stopListening();
    }
  };
}

/** One `ask` run after its arguments were read: collect, review, ask, stream; `signal` is Ctrl-C. */
async function collectAndAsk(run: { options: AskOptions; io: CliIo; deps: CliDeps; services: AskServices; reporter: AskReporter; backend: AgentBackend; signal: AbortSignal }): Promise<number> {
  // One run collects and then locates several ids at the same provider: the cache lets those
  // exchanges reuse the session initialised for `current` (every check still runs per call).
  const cache = createHostCache();
  try {
    return await collectLocateAndAsk({ ...run, core: { ...coreDeps(run.io, run.deps), cache } });
  } finally {
    await cache.close();
  }
}

async function collectLocateAndAsk(run: Parameters<typeof collectAndAsk>[0] & { core: CoreDeps }): Promise<number> {
  const { options, io, services, reporter, signal, core } = run;
  const app = await resolveApp(options.pid, io, run.deps);
  const collection: Collection | undefined = app ? await services.collect(app, core, { timeoutMs: options.timeoutMs, signal }) : undefined;
  if (signal.aborted) {
    reporter.event({ type: 'error', kind: 'cancelled', reason: 'interrupted: nothing was sent' });
    return EXIT_INTERRUPTED;
  }
  const { report } = collection ? reviewed(collection, options, io) : { report: { provider: null, sent: null, reason: 'Glance could not tell which app is in front' } };
  reporter.context(report);

  const provider = report.provider;
  const locate: LocateFn = async (id, locateSignal) => {
    if (!provider) return { ok: false, reason: 'no provider' };
    const ref = { pid: provider.pid, bundleId: provider.bundleId, instance: provider.instance, id };
    const result = await services.locate(ref, core, { timeoutMs: options.timeoutMs, signal: locateSignal });
    return result.ok ? { ok: true, location: result.location } : { ok: false, reason: result.reason };
  };
  const conversation = new Conversation({ backend: run.backend, context: { appName: provider?.name, root: report.sent, reason: report.reason }, locate });
  let failed = false;
  for await (const event of conversation.ask(options.prompt, signal)) {
    // The user's Ctrl-C, said as such (the conversation's own words are "the request was cancelled").
    reporter.event(event.type === 'error' && event.kind === 'cancelled' && signal.aborted ? { ...event, reason: 'interrupted: the request was cancelled' } : event);
    if (event.type === 'error') failed = true;
  }
  if (signal.aborted) return EXIT_INTERRUPTED;
  return failed ? EXIT.backendFailed : EXIT.ok;
}

/** `glance ask PROMPT ...` (cli.md): collect, leave out the excluded, ask, stream, highlight. */
export const runAsk: CommandRun = createAsk({ collect: collectContext, locate: locateRef });
