import type { KnownSecret } from '../log/logger.js';
import type { Element } from '@app-context/provider-kit/protocol';
import { findCardNumbers } from './cards.js';
import { findGenericCredentials } from './generic.js';
import { CARD_NUMBER, CREDENTIAL, GENERIC_KINDS, HELD_SECRET, PASSWORD, kindOfRule } from './kinds.js';
import { lintForSecrets } from './secretlint.js';
import { buildScanDocument, segmentsOf, type ScanDocument } from './segments.js';

/**
 * An element held back because it holds a secret: its id and the kind, never the secret. The id
 * stays in Glance's memory: what is shown or written names the element as shown.ts says.
 */
export interface Withheld {
  id: string;
  /** The element's position in the answer, in document order (the root is 0). */
  position: number;
  /** The kinds found in it, joined ("GitHub token, payment card number"). */
  kind: string;
  /** Which of the element's strings hold a secret, as walk.ts numbers them (0 is the id). */
  where: number[];
}

/** What the scan knows besides the answer. */
export interface ScanOptions {
  /**
   * Secrets Glance holds (the SecretRegistry): every token read from a descriptor, this
   * provider's or another's, and the API keys the app keeps. Each is a secret wherever it appears.
   */
  known?: Iterable<KnownSecret>;
}

interface Finding {
  start: number;
  end: number;
  kind: string;
}

/** Every place a secret Glance holds appears in the document. */
function knownFindings(doc: ScanDocument, known: Iterable<KnownSecret>): Finding[] {
  const found: Finding[] = [];
  for (const { secret, kind } of known) {
    if (secret === '') continue;
    for (let at = doc.text.indexOf(secret); at !== -1; at = doc.text.indexOf(secret, at + secret.length)) found.push({ start: at, end: at + secret.length, kind: kind ?? HELD_SECRET });
  }
  return found;
}

/**
 * Every element of the tree that holds a secret, in document order, nested ones included:
 * API keys, tokens and private keys (secretlint's recommended rules), JSON Web Tokens, bearer
 * tokens and credentials assigned to a key's name (generic.ts), payment card numbers
 * (Luhn-valid), values of keys named like a password or a credential (names.ts), and every
 * secret Glance holds: each token read from a descriptor, each API key the app keeps. Each element's own strings are scanned, keys
 * included (walk.ts), not its children's: a child holding a key is withheld itself, and its
 * parent is not blamed for it.
 */
export async function findSecrets(root: Element, options: ScanOptions = {}): Promise<Withheld[]> {
  const doc = buildScanDocument(root);
  const found = new Map<number, { kinds: string[]; where: Set<number> }>();
  const note = (owner: number, ordinal: number, kind: string): void => {
    let entry = found.get(owner);
    if (!entry) found.set(owner, (entry = { kinds: [], where: new Set() }));
    if (!entry.kinds.includes(kind)) entry.kinds.push(kind);
    entry.where.add(ordinal);
  };
  const findings: Finding[] = [
    ...(await lintForSecrets(doc.text)).map((f) => ({ start: f.start, end: f.end, kind: kindOfRule(f.ruleId) })),
    ...findGenericCredentials(doc.text).map((f) => ({ start: f.start, end: f.end, kind: GENERIC_KINDS[f.kind] })),
    ...findCardNumbers(doc.text).map(([start, end]) => ({ start, end, kind: CARD_NUMBER })),
    ...knownFindings(doc, options.known ?? []),
  ].sort((a, b) => a.start - b.start);
  for (const finding of findings) {
    for (const segment of segmentsOf(doc, finding.start, finding.end)) note(doc.owners[segment] as number, doc.ordinals[segment] as number, finding.kind);
  }
  for (const { owner, ordinal, name } of doc.named) note(owner, ordinal, name === 'password' ? PASSWORD : CREDENTIAL);
  return [...found.keys()].sort((a, b) => a - b).map((owner) => {
    const { kinds, where } = found.get(owner) as { kinds: string[]; where: Set<number> };
    return { id: doc.ids[owner] as string, position: owner, kind: kinds.join(', '), where: [...where].sort((a, b) => a - b) };
  });
}
