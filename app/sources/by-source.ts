import type { SourceKind } from '../../contract/sources.js';
import type { Collected } from './types.js';

/** One function per source kind: the compiler asks for each, so no source falls through to another's. */
type PerSource<R> = { [K in SourceKind]: (collected: Collected<K>) => R };

/**
 * What `collected` gives through the function for the source that read it: a table keyed by
 * the source kind rather than a test for one kind and a default for the rest.
 */
export function bySource<R>(collected: Collected, handlers: PerSource<R>): R {
  // The handler is the one for this very kind; TypeScript cannot correlate the two by itself.
  const handler = handlers[collected.source.kind] as (collected: Collected) => R;
  return handler(collected);
}
