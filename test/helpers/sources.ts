import type { ContextSource } from '../../app/sources/source.js';

/**
 * A source for a collection a test writes out by hand (an injected collect): nothing it issued
 * can be located again, so every element is gone and no provider is asked.
 */
export const unreachableSource: ContextSource<'provider'> = {
  kind: 'provider',
  locate: async () => ({ ok: true, location: { state: 'gone', rects: [] }, warnings: [], asked: false }),
};
