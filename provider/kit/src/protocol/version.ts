/**
 * Protocol versions (docs/protocol.md#versions). Every constant that a revision of the specification
 * could change lives here or in limits.ts.
 */

/** The protocol version this host speaks and the provider kit publishes. */
export const PROTOCOL_VERSION = '0.2.0';

/** The major and minor parts a provider must share with us (while major is 0). */
export const SUPPORTED_MAJOR = 0;
export const SUPPORTED_MINOR = 2;

/** `MAJOR.MINOR.PATCH`, decimal, no leading zeros. */
export const VERSION_PATTERN = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/;

/** The three parts of a version string, or undefined when it is not one. */
export function parseVersion(value: unknown): { major: number; minor: number; patch: number } | undefined {
  if (typeof value !== 'string') return undefined;
  const m = VERSION_PATTERN.exec(value);
  if (!m) return undefined;
  return { major: Number(m[1]), minor: Number(m[2]), patch: Number(m[3]) };
}

/** True when we work with a provider that states this version: major and minor must match ours. */
export function isSupportedVersion(value: unknown): boolean {
  const v = parseVersion(value);
  return v !== undefined && v.major === SUPPORTED_MAJOR && v.minor === SUPPORTED_MINOR;
}

/** The versions we support, for messages: "0.2.x". */
export const SUPPORTED_RANGE = `${SUPPORTED_MAJOR}.${SUPPORTED_MINOR}.x`;
