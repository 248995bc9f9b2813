import { isPlainObject } from './json.js';
import { EXTENSION_KEY } from './limits.js';

/**
 * Reads the protocol a server declares in its initialize result
 * (`capabilities.extensions["io.appcontext/context"].protocol`), or undefined when it
 * declares none. A server without the declaration is not a provider.
 */
export function declaredProtocol(capabilities: unknown): string | undefined {
  if (!isPlainObject(capabilities)) return undefined;
  const extensions = capabilities['extensions'];
  if (!isPlainObject(extensions) || !Object.hasOwn(extensions, EXTENSION_KEY)) return undefined;
  const declaration = extensions[EXTENSION_KEY];
  if (!isPlainObject(declaration)) return undefined;
  const protocol = declaration['protocol'];
  return typeof protocol === 'string' ? protocol : undefined;
}

/**
 * The `_meta` key of a kit's answer to `current` when the kit corrected the app's tree before
 * sending it: `{ "count": N, "kinds": ["repeated-id", ...] }`, the kinds of its findings, never
 * the app's data. Hosts ignore it; `glance check-provider` fails `current-tree` on it, so a
 * mistake the kit hid (an element dropped with its subtree) is not invisible from outside.
 */
export const KIT_PROBLEMS_META = 'io.appcontext/kit-problems';

/** The kit's findings on one answer, as the `_meta` value above. */
export function kitProblemsMeta(kinds: readonly string[]): { count: number; kinds: string[] } {
  return { count: kinds.length, kinds: [...new Set(kinds)].sort() };
}

/** The declaration a provider puts in its capabilities. */
export function extensionDeclaration(protocol: string): Record<string, { protocol: string }> {
  return { [EXTENSION_KEY]: { protocol } };
}
