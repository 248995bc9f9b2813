import { fetchLocation } from '../client/location.js';
import type { CallOptions, LocationOutcome } from '../client/types.js';
import { findProvider } from '../discovery/find.js';
import { GONE } from '../protocol/location.js';
import type { CoreDeps } from './collect.js';
import { callOptions, describeIgnored, discoveryDeps, remaining } from './collect.js';
import type { ElementRef } from './types.js';

/** Where an element is now; `asked` says whether the provider was asked at all. */
export type LocateResult =
  | (LocationOutcome & { asked: boolean })
  | { ok: false; kind: 'ignored'; reason: string; asked: false }
  /** The user's rule for this app (or a damaged rules file) said not to ask it. */
  | { ok: false; kind: 'ruled-out'; reason: string; asked: false };

/**
 * Locates an element through the provider and instance that issued its id, and no other
 * (concepts.txt, "Keep the provider with the id"). When that process has quit, has no
 * usable descriptor any more, or runs another instance, the element is gone, and nobody is
 * asked. Descriptors that exist but are all ignored are reported as such.
 */
export async function locateRef(ref: ElementRef, deps: CoreDeps, options: CallOptions = {}): Promise<LocateResult> {
  const started = performance.now();
  const first = await locateOnce(ref, deps, options, false);
  if (first.ok || first.kind !== 'no-answer' || first.linkLost !== true) return first;
  // The kept connection closed under the request: check the listener in full and ask once more.
  const again = await locateOnce(ref, deps, remaining(options, started), true);
  return again.ok || again.kind !== 'no-answer' ? again : { ...again, linkLost: false };
}

async function locateOnce(ref: ElementRef, deps: CoreDeps, options: CallOptions, fullCheck: boolean): Promise<LocateResult> {
  const gone: LocateResult = { ok: true, location: { ...GONE, rects: [] }, warnings: [], asked: false };
  if (!(await deps.os.isAlive(ref.pid))) return gone;
  const found = await findProvider({ pid: ref.pid, bundleId: ref.bundleId }, discoveryDeps(deps, fullCheck));
  if (found.kind === 'none') return gone;
  if (found.kind === 'ignored') {
    return { ok: false, kind: 'ignored', reason: found.verdicts.map((v) => describeIgnored(`process ${ref.pid}`, v)).join('; '), asked: false };
  }
  // Privacy (app/privacy): the user's rule for this verified bundle id, before anything is asked.
  const rule = await deps.privacy?.gate(found.provider.descriptor);
  if (rule?.ok === false) return { ok: false, kind: 'ruled-out', reason: rule.reason, asked: false };
  if (found.provider.descriptor.instance !== ref.instance) return gone;
  const outcome = await fetchLocation(found.provider, ref.id, callOptions(deps, options));
  if (!outcome.ok && outcome.kind === 'ignored') {
    // Step 5 failed on the open connection: nothing was sent, as when discovery ignores it.
    const verdict = { file: found.provider.file, verdict: 'ignored' as const, reason: outcome.reason, descriptor: found.provider.descriptor, mtimeMs: 0 };
    return { ok: false, kind: 'ignored', reason: describeIgnored(`process ${ref.pid}`, verdict), asked: false };
  }
  return { ...outcome, asked: true };
}
