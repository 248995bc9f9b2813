import type { AccessibilityCollection } from '../accessibility/types.js';
import type { ProviderCollection } from '../invocation/types.js';
import type { SourceKind } from '../../contract/sources.js';

/** A table with a row for every source kind: the compiler names the one that lacks a row. */
type BySource<T extends Record<SourceKind, unknown>> = T;

/**
 * Each source's outcomes, by kind (contract/sources.ts): a source that is added brings its own
 * union here, and until it does, this line does not compile.
 */
type OutcomesBySource = BySource<{
  provider: ProviderCollection;
  accessibility: AccessibilityCollection;
}>;

/** What the source `K` returns: its `collected`, and its own reasons for collecting nothing. */
export type SourceOutcome<K extends SourceKind> = K extends keyof OutcomesBySource ? OutcomesBySource[K] : never;

/**
 * What one press collected from the front app, by whichever source read it (collectFrontApp):
 * a `collected` context with the `source` its ids are located through, or why there is none.
 * Only a provider's carries a descriptor; which source a `collected` came from is its
 * `source.kind` (bySource, app/sources/by-source.ts).
 */
export type Collection = SourceOutcome<SourceKind>;

/** A collected context from the source `K` (all sources when not given). */
export type Collected<K extends SourceKind = SourceKind> = Extract<SourceOutcome<K>, { kind: 'collected' }>;
