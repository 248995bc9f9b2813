import type { CallFailure, CallOptions } from '../client/types.js';
import { findProvider, type DiscoveryDeps } from '../discovery/find.js';
import type { DescriptorVerdict, FolderStatus, VerifiedProvider } from '../discovery/types.js';
import type { Logger } from '../log/logger.js';
import type { FrontApp } from '../os/types.js';
import { type Descriptor, DEFAULT_TIMEOUT_MS } from '@app-context/provider-kit/protocol';
import type { PrivacyHooks } from '../privacy/types.js';
import type { RuleVerdict } from '../rules/gate.js';
import type { HostCache } from './host-cache.js';

/** What one invocation needs: the OS, the environment (for the providers folder), a logger. */
export interface CoreDeps extends DiscoveryDeps {
  logger?: Logger;
  /** A long-running host's caches (createHostCache); a one-shot command does without. */
  cache?: HostCache;
  /** The user's rules and the secret scan (app/privacy); without them nothing is checked. */
  privacy?: PrivacyHooks;
  /**
   * Test seam, nothing in the app sets it: runs after discovery chose a provider and before the
   * exchange opens a connection, to widen the window a process taking the port would need
   * (test/faults/port-thief.test.ts).
   */
  afterDiscovery?: () => Promise<void>;
}

/** What a call to a verified provider gives: an answer, or why there is none. */
export type CallOutcome = { ok: true } | ({ ok: false } & CallFailure);

/** What a verified call came to. */
export type VerifiedCall<T extends CallOutcome> =
  /** No descriptor names the process (or the folder cannot be read): nobody was asked. */
  | { kind: 'none'; folder: FolderStatus }
  /** Descriptors name it, and each was ignored for its reason: nobody was asked. */
  | { kind: 'ignored'; verdicts: DescriptorVerdict[] }
  /** The connect-time check refused the chosen provider's connection: nothing was sent. */
  | { kind: 'unverified'; verdict: DescriptorVerdict; ignored: DescriptorVerdict[] }
  /** The caller gave up after discovery, before anything was sent. */
  | { kind: 'cancelled' }
  /** The user's rule for this app (or a damaged rules file) says not to ask it: nothing was sent. */
  | { kind: 'ruled-out'; provider: VerifiedProvider; verdict: Extract<RuleVerdict, { ok: false }> }
  /**
   * The provider was asked (or `call` chose not to); `outcome` is what came of it, and `rule`
   * the user's rule it was asked under (with privacy hooks).
   */
  | { kind: 'called'; provider: VerifiedProvider; ignored: DescriptorVerdict[]; outcome: T; rule?: Extract<RuleVerdict, { ok: true }> };

/**
 * Find the process's provider, call it, and ask once more when a kept connection was lost:
 * the one path from "this pid" to an answer, for `current` (collect.ts) and `location`
 * (locate.ts) alike.
 *
 * A long-running host (deps.cache) keeps verified connections: while one is connected to
 * exactly this provider run, discovery lets it stand in for the connect-time check
 * (verify.ts, `viaLink`) and the exchange may use only it (client/exchange.ts). Should it
 * close under the request before anything came back (`linkLost`), the listener is checked in
 * full and the provider asked once more, within what is left of the same time limit. A second
 * loss is reported as the failure it is, never retried again.
 */
export async function verifiedCall<T extends CallOutcome>(
  app: FrontApp,
  deps: CoreDeps,
  options: CallOptions,
  call: (provider: VerifiedProvider, options: CallOptions) => Promise<T>,
): Promise<VerifiedCall<T>> {
  const started = performance.now();
  const first = await attempt(app, deps, options, false, call);
  if (!linkLost(first)) return first;
  const again = await attempt(app, deps, remaining(options, started), true, call);
  if (again.kind !== 'called' || !linkLost(again)) return again;
  return { ...again, outcome: { ...again.outcome, linkLost: false } };
}

async function attempt<T extends CallOutcome>(
  app: FrontApp,
  deps: CoreDeps,
  options: CallOptions,
  fullCheck: boolean,
  call: (provider: VerifiedProvider, options: CallOptions) => Promise<T>,
): Promise<VerifiedCall<T>> {
  const found = await findProvider(app, discoveryDeps(deps, fullCheck));
  if (options.signal?.aborted) return { kind: 'cancelled' };
  if (found.kind === 'none') return { kind: 'none', folder: found.folder };
  if (found.kind === 'ignored') return { kind: 'ignored', verdicts: found.verdicts };
  const { provider, ignored } = found;
  // The user's rule for this verified bundle id, before anything is asked of the provider.
  const rule = await deps.privacy?.gate(provider.descriptor);
  if (rule !== undefined && !rule.ok) return { kind: 'ruled-out', provider, verdict: rule };
  await deps.afterDiscovery?.();
  const outcome = await call(provider, deps.cache ? { ...options, sessions: deps.cache.sessions } : options);
  if (!outcome.ok && outcome.kind === 'ignored') {
    // Step 5 failed on the open connection: the same verdict discovery would have given.
    const verdict: DescriptorVerdict = { file: provider.file, verdict: 'ignored', reason: outcome.reason, descriptor: provider.descriptor, mtimeMs: 0 };
    return { kind: 'unverified', verdict, ignored };
  }
  return { kind: 'called', provider, ignored, outcome, ...(rule !== undefined ? { rule } : {}) };
}

function linkLost<T extends CallOutcome>(result: VerifiedCall<T>): boolean {
  return result.kind === 'called' && !result.outcome.ok && result.outcome.kind === 'no-answer' && result.outcome.linkLost === true;
}

/**
 * The discovery deps with the host's descriptor cache and, unless `fullCheck`, its verified
 * connections (a kept connection may stand in for the connect-time check; see verify.ts).
 */
export function discoveryDeps(deps: CoreDeps, fullCheck = false): DiscoveryDeps {
  const cache = deps.cache;
  if (cache === undefined) return deps;
  const linked = fullCheck || !cache.keepsConnections ? undefined : (d: Descriptor) => cache.sessions.hasLink(d);
  return { ...deps, descriptors: cache.descriptors, ...(linked ? { linked } : {}) };
}

/**
 * The time left of one limit that started at `started`, for asking again after a kept
 * connection closed: the invocation as a whole stays within the limit the user set.
 */
function remaining(options: CallOptions, started: number): CallOptions {
  const limit = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return { ...options, timeoutMs: Math.max(1, limit - (performance.now() - started)) };
}
