/**
 * How the bench invokes the core, in one place: a collector is what a long-running host (the
 * Electron main process) holds across hotkey presses. `close()` releases whatever it keeps.
 */
import type { FrontApp, OsServices } from '../app/os/types.js';
import type { DiscoveryDeps } from '../app/discovery/find.js';
import { collectContext } from '../app/invocation/collect.js';
import { createHostCache } from '../app/invocation/host-cache.js';
import type { ProviderCollection } from '../app/invocation/types.js';

/** Generous on purpose: the bench measures how long a collect takes, not whether it fits 1.5 s. */
export const BENCH_TIMEOUT_MS = 10_000;

/** Collects the context of one pid again and again, as the host does on each hotkey press. */
export interface Collector {
  collect: (app: FrontApp) => Promise<ProviderCollection>;
  close: () => Promise<void>;
}

/**
 * A collector as the host runs it: the Electron main process keeps one HostCache for its
 * lifetime (`kept`). `checked` keeps the cache but no connection, so every press connects and
 * asks the OS at connect time, as a press does once the provider has closed the kept
 * connection (a Node server does after 5 s idle). `none` is a host without the cache (each invocation parses every descriptor and
 * initialises a new MCP session), as the one-shot `glance current` is.
 */
export function createCollector(os: OsServices, env: NodeJS.ProcessEnv, mode: 'kept' | 'checked' | 'none' = 'kept'): Collector {
  const cache = mode === 'none' ? undefined : createHostCache({ keepConnections: mode === 'kept' });
  return {
    collect: (app) => collectContext(app, cache ? { os, env, cache } : { os, env }, { timeoutMs: BENCH_TIMEOUT_MS }),
    close: async () => cache?.close(),
  };
}

/** Collects once and insists on an answer: a bench that silently timed failures would lie. */
export async function collectOrThrow(collector: Collector, app: FrontApp, elements: number): Promise<void> {
  const result = await collector.collect(app);
  if (result.kind !== 'collected') throw new Error(`collect of ${elements} elements failed: ${result.kind}${'reason' in result ? ` (${result.reason})` : ''}`);
  if (elements > 0 && countOf(result.answer.root) !== elements) throw new Error(`collect of ${elements} elements read ${countOf(result.answer.root)}`);
}

/**
 * The front app as the OS reports it on a hotkey press: the pid with its bundle id (get-windows
 * gives it on macOS; on Linux frontApp() reads it from /proc). That lookup belongs to the
 * hotkey, not to collect, so it is done once, outside the timings.
 */
export async function frontAppOf(os: OsServices, pid: number): Promise<FrontApp> {
  const bundleId = await os.bundleId(pid);
  return bundleId === undefined ? { pid } : { pid, bundleId };
}

function countOf(root: { children?: unknown[] }): number {
  let n = 0;
  const stack: { children?: unknown[] }[] = [root];
  for (let e = stack.pop(); e !== undefined; e = stack.pop()) {
    n += 1;
    for (const child of e.children ?? []) stack.push(child as { children?: unknown[] });
  }
  return n;
}

/** The discovery deps the host uses across invocations, and how to release them. */
export function createDiscoveryDeps(os: OsServices, env: NodeJS.ProcessEnv): { deps: DiscoveryDeps; close: () => Promise<void> } {
  const cache = createHostCache();
  return { deps: { os, env, descriptors: cache.descriptors }, close: () => cache.close() };
}
