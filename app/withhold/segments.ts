import type { Element } from '@app-context/provider-kit/protocol';
import { holdsValue, looksRandom, type SecretName } from './names.js';
import { normalizeForScan, visitStrings, type Visit } from './walk.js';

/**
 * Every string each element carries (walk.ts: its id, subrole, title, url, and every key and
 * value of its attributes and content blocks), normalised and joined into one document so the
 * secret scanners run once over the whole answer: scanning element by element cost 0.16 ms per
 * element with secretlint. Each string is one segment ending in a newline, so a match is mapped
 * back to the element, and to the string of that element, it lies in.
 */
export interface ScanDocument {
  text: string;
  /** Where each segment starts in `text`, ascending. */
  starts: number[];
  /** The position (index in `ids`) of each segment's element. */
  owners: number[];
  /** Which of its element's strings each segment is (walk.ts: the id is 0). */
  ordinals: number[];
  /** Element ids in document order: an element's position is its index here (the root is 0). */
  ids: string[];
  /** Values held by a key named like a password or a credential, found by the name. */
  named: { owner: number; ordinal: number; name: SecretName }[];
}

/**
 * Strings shorter than this hold no secret any scanner here finds (a card has 13 digits, a
 * secret Glance holds 8 characters or more, a key a name introduces 8 and the name), so they
 * stay out of the document: most of an answer's keys and small values. A short value under a
 * password's name is still found, by the name.
 */
const MIN_SECRET_CHARS = 8;

/** The scan document of a tree. Iterative; the tree is not changed. */
export function buildScanDocument(root: Element): ScanDocument {
  // Concatenation, not an array joined at the end: V8 builds the string as a rope and flattens
  // it once when it is scanned, about twice as fast here for a 20,000-element answer.
  let text = '';
  const starts: number[] = [];
  const owners: number[] = [];
  const ordinals: number[] = [];
  const ids: string[] = [];
  const named: ScanDocument['named'] = [];
  let offset = 0;
  let owner = 0;
  // One visitor for every element (its owner changes), so the walk allocates no closure per element.
  const visit: Visit = (raw, ordinal, isKey, name) => {
    if (!isKey && name !== undefined && (name === 'password' ? holdsValue(raw) : looksRandom(normalizeForScan(raw)))) named.push({ owner, ordinal, name });
    if (raw.length < MIN_SECRET_CHARS) return;
    const piece = normalizeForScan(raw);
    starts.push(offset);
    owners.push(owner);
    ordinals.push(ordinal);
    text += `${piece}\n`;
    offset += piece.length + 1;
  };
  const stack: Element[] = [root];
  while (stack.length > 0) {
    const element = stack.pop() as Element;
    owner = ids.push(element.id) - 1;
    visitStrings(element, visit);
    const children = element.children ?? [];
    for (let i = children.length - 1; i >= 0; i -= 1) stack.push(children[i] as Element);
  }
  return { text, starts, owners, ordinals, ids, named };
}

/** The segments (indexes into `starts`) the range [start, end) touches. */
export function segmentsOf(doc: ScanDocument, start: number, end: number): number[] {
  // The last segment starting at or before `start`, by binary search.
  let low = 0;
  let high = doc.starts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if ((doc.starts[mid] as number) <= start) low = mid;
    else high = mid - 1;
  }
  const found: number[] = [];
  for (let i = low; i < doc.starts.length && (i === low || (doc.starts[i] as number) < end); i += 1) found.push(i);
  return found;
}
