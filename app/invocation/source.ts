import type { CallOptions } from '../client/types.js';
import { locateRef, type LocateResult } from './locate.js';
import type { ElementRef } from './types.js';
import type { CoreDeps } from './verified-call.js';

/** Where one press's context came from: the app's own provider, or the OS's accessibility layer. */
export type SourceKind = 'provider' | 'accessibility';

/**
 * The issuer of one collection's element ids, and the only way those elements are located
 * again: a provider's ids go back to that provider and instance (locateRef), an accessibility
 * read's ids go back through the reader. Nothing else locates an element.
 */
export interface ContextSource {
  readonly kind: SourceKind;
  /** Where the element with this id, issued by this source, is now; `gone` when it changed or its issuer went away. */
  locate(id: string, options: CallOptions): Promise<LocateResult>;
}

/** The source of a provider's collection: its ids are located through that provider and instance only. */
export function providerSource(issuer: Omit<ElementRef, 'id'>, deps: CoreDeps): ContextSource {
  return { kind: 'provider', locate: (id, options) => locateRef({ ...issuer, id }, deps, options) };
}
