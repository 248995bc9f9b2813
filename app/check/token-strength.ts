import { fail, pass, type CheckResult } from './types.js';

/** Random bytes a provider makes its token from (docs/protocol.md, "The descriptor"). */
const MIN_RANDOM_BYTES = 32;
/** Fewer distinct characters than this in a token of that length is not random output. */
const MIN_DISTINCT = 10;

/**
 * Whether the token can hold 32 random bytes. The bytes themselves cannot be seen, so this
 * is a floor from the token's length and alphabet: 64 characters for hex, 43 for base64 or
 * base64url, 40 for anything wider (94 printable characters carry 6.55 bits each). A token
 * with very few distinct characters is refused as well: it is not random.
 */
export function checkTokenStrength(token: string): CheckResult {
  let alphabet: string;
  let needed: number;
  if (/^[0-9a-fA-F]+$/.test(token)) {
    alphabet = 'hex';
    needed = MIN_RANDOM_BYTES * 2;
  } else if (/^[A-Za-z0-9+/=_-]+$/.test(token)) {
    alphabet = 'base64url';
    needed = Math.ceil((MIN_RANDOM_BYTES * 8) / 6);
  } else {
    alphabet = 'printable ASCII';
    needed = Math.ceil((MIN_RANDOM_BYTES * 8) / Math.log2(94));
  }
  if (token.length < needed) {
    return fail('descriptor-token', `the token has ${token.length} ${alphabet} characters, too few to hold ${MIN_RANDOM_BYTES} random bytes (${needed} needed); make it with randomBytes(32).toString('base64url')`);
  }
  if (new Set(token).size < MIN_DISTINCT) {
    return fail('descriptor-token', `the token uses only ${new Set(token).size} distinct characters, so it is not random; make it with randomBytes(32).toString('base64url')`);
  }
  return pass('descriptor-token', `${token.length} characters`);
}
