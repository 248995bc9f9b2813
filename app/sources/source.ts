import type { CallOptions } from '../client/types.js';
import type { LocateResult } from '../invocation/locate.js';
import type { SourceKind } from '../../contract/sources.js';

/**
 * The issuer of one collection's element ids, and the only way those elements are located
 * again: a provider's ids go back to that provider and instance (app/invocation/source.ts), an
 * accessibility read's ids go back through the reader (app/accessibility/source.ts). Nothing
 * else locates an element.
 */
export interface ContextSource<K extends SourceKind = SourceKind> {
  readonly kind: K;
  /** Where the element with this id, issued by this source, is now; `gone` when it changed or its issuer went away. */
  locate(id: string, options: CallOptions): Promise<LocateResult>;
}
