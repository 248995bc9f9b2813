import { locateRef } from './locate.js';
import type { ElementRef } from './types.js';
import type { CoreDeps } from './verified-call.js';
import type { ContextSource } from '../sources/source.js';

/** The source of a provider's collection: its ids are located through that provider and instance only. */
export function providerSource(issuer: Omit<ElementRef, 'id'>, deps: CoreDeps): ContextSource<'provider'> {
  return { kind: 'provider', locate: (id, options) => locateRef({ ...issuer, id }, deps, options) };
}
