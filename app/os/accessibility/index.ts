/**
 * The accessibility reader for the platform we run on (types.ts says what it answers).
 * `createAccessibilityReader()` is what a composition root calls, once, and closes on quit.
 */
import { createDarwinAccessibilityReader } from './darwin.js';
import { createLinuxAccessibilityReader } from './linux.js';
import type { AccessibilityReaderOptions } from './options.js';
import { failure } from './reasons.js';
import type { AccessibilityReader } from './types.js';

// What the integration needs first; add to these as it uses more (knip reports the unused).
export type { AccessibilityReader } from './types.js';
export type { AxRead } from './answer.js';
export type { AccessibilityReaderOptions } from './options.js';
export { FOCUSED_TEXT_LIMIT_BYTES } from './answer.js';
export { behindPermission } from './permission.js';

/** The reader for `process.platform` (or `platform`, for tests). */
export function createAccessibilityReader(options: AccessibilityReaderOptions = {}, platform: NodeJS.Platform = process.platform): AccessibilityReader {
  if (platform === 'darwin') return createDarwinAccessibilityReader(options);
  if (platform === 'linux') return createLinuxAccessibilityReader(options);
  const unsupported = failure('unsupported', `Reading apps through accessibility is not supported on ${platform}.`);
  return { read: async () => unsupported, locate: async () => unsupported, close: async () => undefined };
}
