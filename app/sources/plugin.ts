/**
 * A context source as a plug-in: one folder per source (the provider's app/invocation, the
 * accessibility layer's app/accessibility) behind this one interface, and collectFrontApp
 * (collect.ts) trying them in the order of contract/sources.ts. What a source needs from the
 * user before it reads is data (ConsentNeed), decided alike for every source (mayRead); where
 * its ids are located again is the `source` of its `collected` (source.ts).
 */
import type { CollectOptions } from '../invocation/collect.js';
import type { CoreDeps } from '../invocation/verified-call.js';
import type { FrontApp } from '../os/types.js';
import type { ConsentKey, StoredConsent } from '../rules/consent.js';
import type { AccessibilityConsent } from '../../contract/privacy.js';
import type { SourceKind } from '../../contract/sources.js';
import type { SourceOutcome } from './types.js';

/**
 * What a source needs from the user before it reads an app: nothing (`none`: a provider shares
 * what its app chose to), a yes for this press (`ask`), or the user's standing `always` or `never`.
 */
type SourceConsent = 'none' | AccessibilityConsent;

/** Whether a source may read under each consent, given whether this press granted it (a card's "Read it this time", `--accessibility`). */
const READS: Record<SourceConsent, (granted: boolean) => boolean> = {
  none: () => true,
  always: () => true,
  ask: (granted) => granted,
  never: () => false,
};

/** True when a source may read with `consent` now: the one decision for every source. */
export function mayRead(consent: SourceConsent, granted: boolean): boolean {
  return READS[consent](granted);
}

/**
 * A source's consent for one app, as data: `none`, or the user's standing answer (`ask` when
 * nothing is stored) with the key it is stored under (app/rules/consent.ts), so a refusal can
 * say which choice to change.
 */
type ConsentNeed = { consent: 'none' } | (StoredConsent & { key: ConsentKey });

/** An app whose identity is known: what the user's rules and consents name it by. */
export type IdentifiedApp = FrontApp & { bundleId: string };

/** One context source: its kind, what it needs from the user, how it collects, and whether a later source may try after it. */
export interface SourcePlugin<K extends SourceKind = SourceKind> {
  readonly kind: K;
  /** What this source needs from the user before it reads `app` (asked after the user's rule allowed the app). */
  consent(app: IdentifiedApp, deps: CoreDeps): Promise<ConsentNeed>;
  /**
   * The app's context through this source, every way of collecting nothing a named outcome,
   * never a throw; a `collected` carries the source its ids are located through.
   */
  collect(app: FrontApp, deps: CoreDeps, options: CollectOptions): Promise<SourceOutcome<K>>;
  /** Whether the next source in order may read the app after this outcome (the provider's: only when the app has no descriptor at all). */
  passes(outcome: SourceOutcome<K>): boolean;
}
