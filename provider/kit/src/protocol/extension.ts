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

/** The declaration a provider puts in its capabilities. */
export function extensionDeclaration(protocol: string): Record<string, { protocol: string }> {
  return { [EXTENSION_KEY]: { protocol } };
}
