import { fetchLocation } from '../client/location.js';
import type { CallOptions, LocationOutcome } from '../client/types.js';
import { GONE } from '@app-context/provider-kit/protocol';
import { describeIgnored } from './collect.js';
import type { ElementRef } from './types.js';
import { verifiedCall, type CoreDeps } from './verified-call.js';

/** What the provider said, or that it was not asked (another instance: gone). */
type Asked = LocationOutcome & { asked: boolean };

/** Where an element is now; `asked` says whether the provider was asked at all. */
export type LocateResult =
  | Asked
  | { ok: false; kind: 'ignored'; reason: string; asked: false }
  /** The user's rule for this app (or a damaged rules file) said not to ask it. */
  | { ok: false; kind: 'ruled-out'; reason: string; asked: false };

/**
 * Locates an element through the provider and instance that issued its id, and no other
 * (docs/protocol.md, "What a host must do": keep the provider with the id). When that process has
 * quit, has no usable descriptor any more, or runs another instance, the element is gone, and
 * nobody is asked. Descriptors that exist but are all ignored are reported as such.
 */
export async function locateRef(ref: ElementRef, deps: CoreDeps, options: CallOptions = {}): Promise<LocateResult> {
  const gone: Asked = { ok: true, location: { ...GONE, rects: [] }, warnings: [], asked: false };
  if (!(await deps.os.isAlive(ref.pid))) return gone;
  const who = `process ${ref.pid}`;
  const result = await verifiedCall({ pid: ref.pid, bundleId: ref.bundleId }, deps, options, async (provider, callOptions): Promise<Asked> => {
    // Another run of the app: the ids it issued are gone with the old one, and it is not asked.
    if (provider.descriptor.instance !== ref.instance) return gone;
    return { ...(await fetchLocation(provider, ref.id, callOptions)), asked: true };
  });
  switch (result.kind) {
    case 'none':
      return gone;
    case 'cancelled':
      return { ok: false, kind: 'aborted', reason: 'the request was cancelled', asked: false };
    case 'ignored':
      return { ok: false, kind: 'ignored', reason: result.verdicts.map((v) => describeIgnored(who, v)).join('; '), asked: false };
    case 'unverified':
      // Step 5 failed on the open connection: nothing was sent, as when discovery ignores it.
      return { ok: false, kind: 'ignored', reason: describeIgnored(who, result.verdict), asked: false };
    case 'ruled-out':
      return { ok: false, kind: 'ruled-out', reason: result.verdict.reason, asked: false };
    case 'called':
      return result.outcome;
  }
}
