/**
 * Credentials no service's format gives away, found by how they are written: a JSON Web Token,
 * an `Authorization` header's bearer token or Basic credentials, and a value assigned to a name
 * like `api_key`, `access_token`, `client_secret` or `password` (`api_key=…`, `"token": "…"`,
 * `X-Api-Key: …`). secretlint's rules know services by their key formats and have none of
 * these; the pattern rule it ships only runs expressions from its configuration, so they are
 * written here, each value checked for the randomness of a generated key (names.ts) so that
 * prose, placeholders and counts are not taken for secrets. A bare UUID or commit hash is never
 * taken for one: only a value a credential's name or header introduces is looked at.
 */
import { looksLikePassword, looksRandom } from './names.js';

/** A credential found in the text: where, and which kind (kinds.ts). */
export interface GenericFinding {
  start: number;
  end: number;
  kind: 'jwt' | 'bearer' | 'basic' | 'assigned-key' | 'assigned-password';
}

/** Three base64url parts, the first two JSON objects: `eyJ` is base64url for `{"`. */
const JWT = /eyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]*/g;
/** `Bearer <token>` or `Token <token>`, as an Authorization header or a curl line writes it. */
const BEARER = /\b(?:bearer|token)[ \t]+([A-Za-z0-9._~+/-]{16,}=*)/gi;
/** `Authorization: Basic <base64 of user:password>`. */
const BASIC = /\bauthorization["']?[ \t]*[:=][ \t]*["']?basic[ \t]+([A-Za-z0-9+/]{8,}={0,2})/gi;
/**
 * A credential's name, an optional closing quote, `=`, `:`, `=>` or `:=`, an optional opening
 * quote, then the value up to a space, a quote or a separator.
 */
const ASSIGNED = /(api[_-]?key|apikey|access[_-]?(?:token|key)|auth[_-]?token|refresh[_-]?token|session[_-]?token|secret[_-]?key|private[_-]?key|client[_-]?secret|token|secret|passw(?:or)?d|passphrase|pwd)["']?[ \t]*(?:=>|:=|=|:)[ \t]*["']?([^\s"'`,;&<>]{8,})/gi;

const PASSWORD_NAME = /^(?:passw(?:or)?d|passphrase|pwd)$/i;
/** A value that is a JWT, which the JWT pattern names already. */
const JWT_SHAPED = /^eyJ[^.]*\.eyJ/;

/** Every such credential in the text, by position; the credential itself is not kept. */
export function findGenericCredentials(text: string): GenericFinding[] {
  const found: GenericFinding[] = [];
  for (const match of text.matchAll(JWT)) found.push({ start: match.index, end: match.index + match[0].length, kind: 'jwt' });
  for (const match of text.matchAll(BEARER)) {
    const value = match[1] as string;
    // A JWT after Bearer is named as the JWT it is.
    if (!JWT_SHAPED.test(value) && looksRandom(value)) found.push({ start: match.index, end: match.index + match[0].length, kind: 'bearer' });
  }
  for (const match of text.matchAll(BASIC)) found.push({ start: match.index, end: match.index + match[0].length, kind: 'basic' });
  for (const match of text.matchAll(ASSIGNED)) {
    const name = match[1] as string;
    const value = match[2] as string;
    const password = PASSWORD_NAME.test(name);
    if (password ? looksLikePassword(value) : looksRandom(value) && !JWT_SHAPED.test(value)) {
      found.push({ start: match.index, end: match.index + match[0].length, kind: password ? 'assigned-password' : 'assigned-key' });
    }
  }
  return found;
}
