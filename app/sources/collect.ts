/**
 * One press's collection from the front app, source-neutral: the sources are tried in the order
 * of contract/sources.ts (the app's provider first: a provider always wins), each a plug-in
 * (plugin.ts). A later source reads only when the one before passes the app on (the provider:
 * only for an app with no descriptor at all), the process still runs, and within what is left
 * of the same time limit.
 */
import { DEFAULT_TIMEOUT_MS } from '@app-context/provider-kit/protocol';
import { accessibilityPlugin } from '../accessibility/collect.js';
import type { AccessibilityAccess } from '../accessibility/types.js';
import { collectContext, type CollectOptions } from '../invocation/collect.js';
import { providerPlugin } from '../invocation/plugin.js';
import type { CoreDeps } from '../invocation/verified-call.js';
import type { FrontApp } from '../os/types.js';
import { SOURCE_KINDS, type SourceKind } from '../../contract/sources.js';
import type { SourcePlugin } from './plugin.js';
import type { Collection } from './types.js';

/** The sources one press may read with: each kind's plug-in, or undefined when this press has none for it. */
type Sources = { [K in SourceKind]: SourcePlugin<K> | undefined };

/** The front app's context: its provider's answer, or, without a provider and with `access`, an accessibility read. */
export function collectFrontApp(
  app: FrontApp,
  deps: CoreDeps,
  /** The provider path's options too (`locateSelection`): the accessibility path reads only the time limit and the signal. */
  options: CollectOptions = {},
  access?: AccessibilityAccess,
  /** The provider path; `glance ask`'s tests pass their own (app/cli/ask.ts, AskServices). */
  collect: typeof collectContext = collectContext,
): Promise<Collection> {
  const sources: Sources = {
    provider: providerPlugin(collect),
    accessibility: access ? accessibilityPlugin(access) : undefined,
  };
  return collectInOrder(app, deps, options, sources);
}

/** Each source in order until one keeps the outcome: the first reads with `options`, a later one with what is left of the time limit. */
async function collectInOrder(app: FrontApp, deps: CoreDeps, options: CollectOptions, sources: Sources): Promise<Collection> {
  const started = performance.now();
  let last: { outcome: Collection; passes: boolean } | undefined;
  for (const kind of SOURCE_KINDS) {
    const source: SourcePlugin | undefined = sources[kind];
    if (source === undefined) continue;
    let within = options;
    if (last !== undefined) {
      if (!last.passes) return last.outcome;
      // A process id that names no running process has nothing to read either: said as the source before said it.
      if (!(await deps.os.isAlive(app.pid))) return last.outcome;
      const limit = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
      within = { ...options, timeoutMs: Math.max(1, limit - (performance.now() - started)) };
    }
    const outcome = await source.collect(app, deps, within);
    last = { outcome, passes: source.passes(outcome) };
  }
  if (last === undefined) throw new Error('collectFrontApp: no source to collect with');
  return last.outcome;
}
