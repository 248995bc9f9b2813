import { fetchCurrent } from '../client/current.js';
import type { CallOptions } from '../client/types.js';
import { findProvider, type DiscoveryDeps } from '../discovery/find.js';
import type { DescriptorVerdict } from '../discovery/types.js';
import { oneLine } from '../protocol/cap-text.js';
import { publicDescriptor, type Descriptor, type PublicDescriptor } from '../protocol/descriptor.js';
import type { FrontApp } from '../os/types.js';
import type { Logger } from '../log/logger.js';
import type { PrivacyHooks } from '../privacy/types.js';
import type { HostCache } from './host-cache.js';
import type { Collection } from './types.js';
import { DEFAULT_TIMEOUT_MS } from '../protocol/limits.js';

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

/**
 * The discovery deps with the host's descriptor cache and, unless `fullCheck`, its verified
 * connections (a kept connection may stand in for asking the OS who listens; see verify.ts).
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
export function remaining(options: CallOptions, started: number): CallOptions {
  const limit = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return { ...options, timeoutMs: Math.max(1, limit - (performance.now() - started)) };
}

/** The call options with the host's session pool, when there is one. */
export function callOptions(deps: CoreDeps, options: CallOptions): CallOptions {
  return deps.cache ? { ...options, sessions: deps.cache.sessions } : options;
}

/**
 * The whole pipeline for one invocation, on the user's action only: discover and verify the
 * front app's provider, call `current` within the time limit, read the answer tolerantly.
 * Every way of collecting nothing comes back as a named outcome, never as a throw.
 */
export async function collectContext(app: FrontApp, deps: CoreDeps, options: CallOptions = {}): Promise<Collection> {
  const started = performance.now();
  const first = await collectOnce(app, deps, options, false);
  if (first.kind !== 'link-lost') return first;
  // The kept connection closed under the request: check the listener in full and ask once more.
  const again = await collectOnce(app, deps, remaining(options, started), true);
  return again.kind === 'link-lost' ? { kind: 'no-answer', app, provider: again.provider, reason: again.reason, timedOut: false } : again;
}

type Attempt = Collection | { kind: 'link-lost'; provider: PublicDescriptor; reason: string };

async function collectOnce(app: FrontApp, deps: CoreDeps, options: CallOptions, fullCheck: boolean): Promise<Attempt> {
  const found = await findProvider(app, discoveryDeps(deps, fullCheck));
  if (options.signal?.aborted) return { kind: 'cancelled', app };
  const appName = app.name ?? `process ${app.pid}`;
  if (found.kind === 'none') {
    const why = found.folder.usable ? 'it has published no descriptor' : found.folder.reason ?? 'the providers folder cannot be read';
    return { kind: 'no-provider', app, reason: `${appName} does not share context with Glance (${why})` };
  }
  if (found.kind === 'ignored') {
    return { kind: 'ignored', app, reasons: found.verdicts.map((v) => describeIgnored(appName, v)) };
  }
  const { descriptor } = found.provider;
  const provider = publicDescriptor(descriptor);
  // Privacy (app/privacy): the user's rule for this verified bundle id, before anything is asked.
  const rule = await deps.privacy?.gate(descriptor);
  if (rule?.ok === false) return { kind: 'ruled-out', app, provider, rule: rule.rule, reason: rule.reason };
  await deps.afterDiscovery?.();
  const outcome = await fetchCurrent(found.provider, callOptions(deps, options));
  if (outcome.ok) {
    for (const warning of outcome.warnings) deps.logger?.warn(`${oneLine(descriptor.name)}: ${warning}`);
    // Privacy (app/privacy): what the standing exclusions and the secret scan leave out.
    const screening = rule && deps.privacy?.screen ? await deps.privacy.screen(outcome.answer.root, rule) : undefined;
    return {
      kind: 'collected', app, provider, answer: outcome.answer, warnings: outcome.warnings,
      ignored: found.ignored.map((v) => describeIgnored(appName, v)),
      ...(screening ? { screening } : {}),
    };
  }
  if (outcome.kind === 'no-answer' && outcome.linkLost === true) return { kind: 'link-lost', provider, reason: outcome.reason };
  deps.logger?.info(`${oneLine(descriptor.name)}: ${outcome.reason}`);
  switch (outcome.kind) {
    case 'ignored': {
      // Step 5 failed on the open connection: the same verdict discovery would have given.
      const verdict: DescriptorVerdict = { file: found.provider.file, verdict: 'ignored', reason: outcome.reason, descriptor, mtimeMs: 0 };
      return { kind: 'ignored', app, reasons: [verdict, ...found.ignored].map((v) => describeIgnored(appName, v)) };
    }
    case 'aborted':
      return { kind: 'cancelled', app };
    case 'refused':
      return { kind: 'refused', app, provider, reason: outcome.reason };
    default:
      return { kind: 'no-answer', app, provider, reason: outcome.reason, timedOut: outcome.kind === 'no-answer' && outcome.timedOut === true };
  }
}

/** "the provider for Notes was ignored: its port belongs to another process (…)". */
export function describeIgnored(appName: string, verdict: DescriptorVerdict): string {
  const name = verdict.descriptor ? oneLine(verdict.descriptor.name) : appName;
  return `the provider for ${name} was ignored: ${verdict.reason ?? 'no reason given'} (${verdict.file})`;
}
