/**
 * The two questions every reader of a provider's JSON asks, in one place: is this a JSON
 * object, and what is its own (not inherited) field.
 */

/** A JSON object (not null, not an array). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An own property only: `constructor` or `toString` on the prototype are not fields. */
export function own(obj: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(obj, key) ? obj[key] : undefined;
}
