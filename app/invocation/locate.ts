import { fetchLocation } from '../client/location.js';
import type { CallOptions, LocationOutcome } from '../client/types.js';
import { GONE } from '@app-context/provider-kit/protocol';
import { describeIgnored } from './ignored.js';
import type { DescriptorVerdict } from '../discovery/types.js';
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
 * nobody is asked. For a provider served by a helper, the same holds once the helper has quit
 * (docs/protocol.md, "Providers served by a helper"), and a helper is another one when the
 * descriptor now names another `helperPid`. Descriptors that exist but are all ignored are
 * reported as such, except the issuing run's own, left behind by a helper that quit: gone.
 */
export async function locateRef(ref: ElementRef, deps: CoreDeps, options: CallOptions = {}): Promise<LocateResult> {
  const gone: Asked = { ok: true, location: { ...GONE, rects: [] }, warnings: [], asked: false };
  if (!(await deps.os.isAlive(ref.pid))) return gone;
  if (ref.helperPid !== undefined && !(await deps.os.isAlive(ref.helperPid))) return gone;
  const who = `process ${ref.pid}`;
  const result = await verifiedCall({ pid: ref.pid, bundleId: ref.bundleId }, deps, options, async (provider, callOptions): Promise<Asked> => {
    // Another run of the app (or of its helper): the ids it issued are gone with the old one, and it is not asked.
    if (provider.descriptor.instance !== ref.instance) return gone;
    if (ref.helperPid !== undefined && provider.descriptor.helperPid !== ref.helperPid) return gone;
    return { ...(await fetchLocation(provider, ref.id, callOptions)), asked: true };
  });
  switch (result.kind) {
    case 'none':
      return gone;
    case 'cancelled':
      return { ok: false, kind: 'aborted', reason: 'the request was cancelled', asked: false };
    case 'ignored':
      if (await helperQuit(ref, result.verdicts, deps)) return gone;
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

/**
 * Whether the run that issued the id was served by a helper that has quit since, its descriptor
 * left behind (ignored now for that reason): the element went with the helper. A caller that knows
 * only the pid and instance (`glance location`) learns it from that descriptor.
 */
async function helperQuit(ref: ElementRef, verdicts: readonly DescriptorVerdict[], deps: CoreDeps): Promise<boolean> {
  for (const { descriptor } of verdicts) {
    if (descriptor?.instance !== ref.instance || descriptor.helperPid === undefined) continue;
    if (!(await deps.os.isAlive(descriptor.helperPid))) return true;
  }
  return false;
}
