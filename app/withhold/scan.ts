import type { Element } from '../protocol/element.js';
import { findCardNumbers } from './cards.js';
import { CARD_NUMBER, PASSWORD, kindOfRule } from './kinds.js';
import { lintForSecrets } from './secretlint.js';
import { buildScanDocument, ownersOf } from './segments.js';

/** An element held back because it holds a secret: its id and the kind, never the secret. */
export interface Withheld {
  id: string;
  /** The kinds found in it, joined ("GitHub token, payment card number"). */
  kind: string;
}

/**
 * Every element of the tree that holds a secret, in document order, nested ones included:
 * API keys, tokens and private keys (secretlint's recommended rules), payment card numbers
 * (Luhn-valid), and values of attributes named like a password. Each element's own texts are
 * scanned (title, url, text content, attribute values), not its children's: a child holding
 * a key is withheld itself, and its parent is not blamed for it.
 */
export async function findSecrets(root: Element): Promise<Withheld[]> {
  const doc = buildScanDocument(root);
  const kinds = new Map<number, string[]>();
  const note = (owner: number, kind: string): void => {
    const list = kinds.get(owner) ?? [];
    if (!list.includes(kind)) list.push(kind);
    kinds.set(owner, list);
  };
  const found: { start: number; end: number; kind: string }[] = [
    ...(await lintForSecrets(doc.text)).map((f) => ({ start: f.start, end: f.end, kind: kindOfRule(f.ruleId) })),
    ...findCardNumbers(doc.text).map(([start, end]) => ({ start, end, kind: CARD_NUMBER })),
  ].sort((a, b) => a.start - b.start);
  for (const finding of found) for (const owner of ownersOf(doc, finding.start, finding.end)) note(owner, finding.kind);
  for (const owner of doc.passwords) note(owner, PASSWORD);
  return [...kinds.keys()].sort((a, b) => a - b).map((owner) => ({ id: doc.ids[owner] as string, kind: (kinds.get(owner) as string[]).join(', ') }));
}
