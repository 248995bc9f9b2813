import type { Element } from '@app-context/provider-kit/protocol';
import { secretName, type SecretName } from './names.js';

/**
 * Every string of one element that can reach the model, a file or the screen: its id, subrole,
 * title and url, and every key and every value at any depth of its attributes and content
 * blocks (`_meta`, `annotations`, a link's `name` and `mimeType`, keys a provider made up), with
 * numbers as they are written. Not its children: each child is an element of its own, scanned
 * and blamed on its own. Not the base64 of an image, audio or binary resource either: those
 * bytes go to the model as media or not at all, never as text (app/agent/context-tree.ts).
 *
 * The order is fixed, so the n-th string of an element is the same string each time it is
 * walked: the scan records where it found a secret by that number, and the panel's copy of a
 * withheld element (shown.ts) leaves out the parts those numbers fall in.
 */

/** Which part of the element a string belongs to: the unit the panel's copy keeps or leaves out. */
export const Part = {
  Id: 0,
  Subrole: 1,
  Title: 2,
  Url: 3,
  /** An attribute, by its index among the attributes' own keys, in order. */
  Attribute: 4,
  /** A content block, by its index in `content`. */
  Block: 5,
} as const;
export type Part = (typeof Part)[keyof typeof Part];

/**
 * Called with each string in turn. `ordinal` counts every string visited, empty ones too;
 * `name` is what the nearest key naming a secret above a value says (never set for a key);
 * `part` and `index` say where it lies.
 */
export type Visit = (text: string, ordinal: number, isKey: boolean, name: SecretName | undefined, part: Part, index: number) => void;

/**
 * Walks the element's strings (not its children's) in the fixed order. Values are walked by
 * recursion: the reader drops any attribute or content block nested deeper than 32 levels
 * (MAX_VALUE_DEPTH), so the depth is bounded, and a walk that allocates nothing per value kept
 * the scan of a 20,000-element answer within its budget (docs/benchmarks.md).
 */
export function visitStrings(element: Element, visit: Visit): void {
  // The walk's state lives here rather than in closures made per element: 20,000 elements made
  // 40,000 closures, and collecting them cost more than the walk.
  const outer = { visit: state.visit, ordinal: state.ordinal };
  state.visit = visit;
  state.ordinal = 0;
  try {
    emit(element.id, false, undefined, Part.Id, 0);
    if (element.subrole !== undefined) emit(element.subrole, false, undefined, Part.Subrole, 0);
    if (element.title !== undefined) emit(element.title, false, undefined, Part.Title, 0);
    if (element.url !== undefined) emit(element.url, false, undefined, Part.Url, 0);
    if (element.attributes !== undefined) {
      let index = 0;
      for (const key in element.attributes) {
        if (!Object.hasOwn(element.attributes, key)) continue;
        emit(key, true, undefined, Part.Attribute, index);
        walk(element.attributes[key], secretName(key), Part.Attribute, index);
        index += 1;
      }
    }
    const blocks = element.content ?? [];
    for (let index = 0; index < blocks.length; index += 1) walkBlock(blocks[index] as Record<string, unknown>, index);
  } finally {
    state.visit = outer.visit;
    state.ordinal = outer.ordinal;
  }
}

const state: { visit: Visit; ordinal: number } = { visit: () => undefined, ordinal: 0 };

function emit(text: string, isKey: boolean, name: SecretName | undefined, part: Part, index: number): void {
  state.visit(text, state.ordinal++, isKey, name, part, index);
}

function walk(value: unknown, name: SecretName | undefined, part: Part, index: number): void {
  if (typeof value === 'string') emit(value, false, name, part, index);
  else if (typeof value === 'number' || typeof value === 'bigint') emit(String(value), false, name, part, index);
  else if (Array.isArray(value)) for (const item of value) walk(item, name, part, index);
  else if (typeof value === 'object' && value !== null) {
    for (const key in value) {
      if (!Object.hasOwn(value, key)) continue;
      emit(key, true, undefined, part, index);
      walk((value as Record<string, unknown>)[key], name ?? secretName(key), part, index);
    }
  }
}

function walkBlock(block: Record<string, unknown>, index: number): void {
  const media = block['type'] === 'image' || block['type'] === 'audio';
  for (const key in block) {
    if (!Object.hasOwn(block, key)) continue;
    emit(key, true, undefined, Part.Block, index);
    const value = block[key];
    // The media's bytes are not text; a binary resource's blob is never sent.
    if (media && key === 'data') continue;
    if (key === 'resource' && typeof value === 'object' && value !== null) {
      for (const innerKey in value) {
        if (!Object.hasOwn(value, innerKey)) continue;
        emit(innerKey, true, undefined, Part.Block, index);
        if (innerKey !== 'blob') walk((value as Record<string, unknown>)[innerKey], secretName(innerKey), Part.Block, index);
      }
    } else walk(value, secretName(key), Part.Block, index);
  }
}

/** Characters that change nothing a reader sees but split a number or a key for a pattern: soft hyphen, zero-width spaces and joiners, the BOM. */
const INVISIBLE = /[\u00ad\u180e\u200b-\u200d\u2060\ufeff]/g;
/** Dashes and minus signs NFKC leaves as they are. */
const DASHES = /[\u2010-\u2015\u2212\ufe58\ufe63]/g;
/** Spaces NFKC leaves as they are, or a space of any width the pattern should see as one. */
const SPACES = /[\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]/g;

/**
 * The text as the patterns read it: NFKC (full-width digits and letters become ASCII, a
 * non-breaking space a space), every dash a hyphen, every space a space, invisible characters
 * gone. ASCII text is returned as it is, without the cost.
 */
export function normalizeForScan(text: string): string {
  // eslint-disable-next-line no-control-regex -- ASCII is the common case, and normalises to itself
  if (!/[^\u0000-\u007f]/.test(text)) return text;
  return text.normalize('NFKC').replace(INVISIBLE, '').replace(DASHES, '-').replace(SPACES, ' ');
}
