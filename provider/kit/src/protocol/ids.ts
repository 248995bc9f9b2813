import { z } from 'zod';

/** An element id or an instance: 1 to 128 of A-Z a-z 0-9 - _ (docs/protocol.md#tolerant-reading). */
export const ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;

/** Schema for an id; ids are opaque and passed back unchanged. */
export const IdSchema = z.string().regex(ID_PATTERN, 'an id is 1 to 128 letters, digits, hyphens and underscores');

/** True when the value is a valid id. */
export function isValidId(value: unknown): value is string {
  return typeof value === 'string' && ID_PATTERN.test(value);
}
