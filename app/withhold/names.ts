/**
 * Secrets known by the name that holds them: the value of an attribute (or of any key, at any
 * depth of an element's attributes and content blocks) named like a password, or named like an
 * API key or token while its value looks random. The name alone decides for a password (a
 * password can be any word); a key or token must also look like one, so `token: "none"` or a
 * page count under `tokens` is not taken for a credential.
 */

/** What a key's name says its value is. */
export type SecretName = 'password' | 'credential';

/** Words that make a name a password's, anywhere in it. */
const PASSWORD_WORDS = new Set(['password', 'passwd', 'pwd', 'passphrase', 'passcode']);
/** Words that make a name a password's as its last word only (`pass_rate` is no password). */
const LAST_PASSWORD_WORDS = new Set(['secret', 'pass']);
/** Last words of a credential's name: `token`, `csrfToken`, `authorization`, `credentials`. */
const CREDENTIAL_WORDS = new Set(['token', 'apikey', 'authorization', 'bearer', 'credential', 'credentials']);
/** Last two words of a credential's name: `api_key`, `AWS_SECRET_ACCESS_KEY`, `privateKey`. */
const CREDENTIAL_PAIRS = new Set(['api key', 'access key', 'secret key', 'private key', 'signing key', 'auth key']);

/** A name split into lower-case words: `userPassword` → user, password; `db_passwd` → db, passwd. */
function wordsOf(name: string): string[] {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);
}

/** True for names like `password`, `userPassword`, `db_passwd`, `new-passphrase`, `client_secret`, `smtp.pass`. */
export function isPasswordName(name: string): boolean {
  const words = wordsOf(name);
  return words.some((w) => PASSWORD_WORDS.has(w)) || LAST_PASSWORD_WORDS.has(words.at(-1) ?? '');
}

/** True for names like `api_key`, `apiKey`, `access_token`, `X-Api-Key`, `Authorization`, `credentials`. */
export function isCredentialName(name: string): boolean {
  const words = wordsOf(name);
  const last = words.at(-1) ?? '';
  return CREDENTIAL_WORDS.has(last) || CREDENTIAL_PAIRS.has(words.slice(-2).join(' '));
}

/** Every name that is a password's or a credential's holds one of these: most keys are ruled out by it alone. */
const MAYBE_SECRET = /pass|pwd|secret|token|key|auth|bearer|credential/i;

/** What a key's name makes of its value, if anything. */
export function secretName(name: string): SecretName | undefined {
  if (!MAYBE_SECRET.test(name)) return undefined;
  if (isPasswordName(name)) return 'password';
  return isCredentialName(name) ? 'credential' : undefined;
}

/** Shannon entropy of the text in bits per character: random hex is near 4, random base64 near 6, a word near 2.5. */
function entropy(text: string): number {
  const counts = new Map<string, number>();
  for (const char of text) counts.set(char, (counts.get(char) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) {
    const p = count / text.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

/**
 * True when a value looks like a generated key or token: at least 16 characters without spaces,
 * letters and digits both, and the entropy of random text. UUIDs and commit hashes pass too,
 * which is why this is only asked of a value a credential's name holds.
 */
export function looksRandom(value: string): boolean {
  return value.length >= 16 && value.length <= 4096 && !/\s/.test(value) && /[0-9]/.test(value) && /[A-Za-z]/.test(value) && entropy(value) >= 3;
}

/**
 * True when a value written after a password's name in text looks like a password rather than a
 * word of prose or a placeholder: 8 characters or more, of at least two kinds (lower case, upper
 * case, digits, others), and not one character repeated (`********`).
 */
export function looksLikePassword(value: string): boolean {
  if (value.length < 8 || /^(.)\1*$/.test(value) || /^[$%{<[]/.test(value)) return false;
  const kinds = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((kind) => kind.test(value)).length;
  return kinds >= 2;
}

/** A value a password's name really holds: not empty, not a yes/no flag. */
export function holdsValue(value: string): boolean {
  return value.trim() !== '';
}
