/** One invocation: collection, element references, the user's removals, locating. */
export { collectContext, describeIgnored, type CoreDeps } from './collect.js';
export { createHostCache, type HostCache } from './host-cache.js';
export { locateRef, type LocateResult } from './locate.js';
export type { Collection, ElementRef } from './types.js';
