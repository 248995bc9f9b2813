import type { SourcePlugin } from '../sources/plugin.js';
import { collectContext } from './collect.js';

/**
 * The provider source (app/sources/plugin.ts): the app's own provider, found, verified and
 * asked by collectContext. It needs no consent (the app chose what to share), and it is the
 * only source a later one may follow, and only when the app has no descriptor at all:
 * `ignored` (descriptors name this very process and each failed Glance's checks) does not pass,
 * because the app means to share context itself and chose what to share; reading it another
 * way would hide a broken or spoofed provider from the user and bypass the app's own choices.
 */
export function providerPlugin(collect: typeof collectContext = collectContext): SourcePlugin<'provider'> {
  return {
    kind: 'provider',
    consent: () => Promise.resolve({ consent: 'none' }),
    collect,
    passes: (outcome) => outcome.kind === 'no-provider',
  };
}
