import type { DescriptorVerdict } from '../discovery/types.js';
import { oneLine } from '../text/cap-text.js';

/**
 * The sentence for a descriptor the host would not use, in its own module: collecting and
 * locating both say it, and neither imports the other.
 */

/** "the provider for Notes was ignored: its port belongs to another process (…)". */
export function describeIgnored(appName: string, verdict: DescriptorVerdict): string {
  const name = verdict.descriptor ? oneLine(verdict.descriptor.name) : appName;
  return `the provider for ${name} was ignored: ${verdict.reason ?? 'no reason given'} (${verdict.file})`;
}
