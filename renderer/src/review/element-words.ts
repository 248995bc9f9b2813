import type { ContentBlock, Element, Role } from '../../../contract/review.js';
import { visibleControls } from '../../../contract/visible-controls.js';
import { alwaysWords } from './screening.js';

/**
 * How a person reads an element in one line: its title first (or the start of its text), then
 * the app's own words for it (its subrole, readable attributes such as "due 10 Jun"), then its
 * states as quiet marks. Pure functions; the row only lays them out.
 */

/** Each role in a word: typed by the protocol's own union, so a new role fails to compile until it has one. */
const ROLE_WORDS: Record<Role, string> = {
  Application: 'App', Window: 'Window', Group: 'Group', List: 'List', Table: 'Table', Row: 'Row',
  Cell: 'Cell', Text: 'Text', Heading: 'Heading', Link: 'Link', Image: 'Image', Page: 'Page', Document: 'Document',
};

/** The kind of thing in a word: "Document", "Selected text". */
export function roleWord(element: Element): string {
  if (element.role === 'Text' && element.selected) return 'Selected text';
  return ROLE_WORDS[element.role];
}

/** Text blocks joined, as the element carries them. */
export function textOf(element: Element): string {
  return (element.content ?? [])
    .filter((block): block is Extract<ContentBlock, { type: 'text' }> => block.type === 'text')
    .map((block) => block.text)
    .join('\n');
}

/** Longest piece of text a row or a chip takes from an element: one line is all it shows. */
const SNIPPET_CHARS = 160;

function snippet(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > SNIPPET_CHARS ? `${flat.slice(0, SNIPPET_CHARS - 1)}…` : flat;
}

/** What the row says first: the title, else the start of the text, else the url, else what it is. */
export function titleOf(element: Element): string {
  if (element.title?.trim()) return element.title;
  const text = snippet(textOf(element));
  if (text) return element.role === 'Text' && element.selected ? `“${text}”` : text;
  return element.url || roleWord(element);
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** "10 Jun", with the year when it is not this one; in the user's locale. */
function readableDate(value: string, locale: string | undefined, now: Date): string | undefined {
  const match = ISO_DATE.exec(value);
  if (!match) return undefined;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  if (Number.isNaN(date.getTime())) return undefined;
  const options: Intl.DateTimeFormatOptions = date.getFullYear() === now.getFullYear() ? { day: 'numeric', month: 'short' } : { day: 'numeric', month: 'short', year: 'numeric' };
  return date.toLocaleDateString(locale, options);
}

/** Attribute names whose value says it all ("done", not "status done"). */
const VALUE_ONLY = new Set(['status', 'state', 'kind', 'type']);
/** Longest attribute value a row shows; longer ones are in the payload view. */
const SHORT_VALUE_CHARS = 32;

/**
 * Attributes a person can read at a glance: dates, short words, numbers in the user's locale,
 * true flags by name. Lists, objects and long values (character ranges, ids) are left to the
 * payload view, where everything that is sent is shown exactly.
 */
export function readableAttributes(element: Element, locale?: string, now = new Date()): string[] {
  const words: string[] = [];
  for (const [name, value] of Object.entries(element.attributes ?? {})) {
    if (name === 'related') continue;
    if (name === 'author' && typeof value === 'string' && value.trim()) words.push(`by ${value}`);
    else if (typeof value === 'boolean') {
      if (value) words.push(name);
    } else if (typeof value === 'number' && Number.isFinite(value)) words.push(`${name} ${value.toLocaleString(locale)}`);
    else if (typeof value === 'string' && value.trim() && value.length <= SHORT_VALUE_CHARS && !/\n/.test(value)) {
      const date = readableDate(value, locale, now);
      if (date) words.push(`${name} ${date}`);
      else words.push(VALUE_ONLY.has(name.toLowerCase()) ? value : `${name} ${value}`);
    }
  }
  return words;
}

/** Attributes whose value is the element's status in the app ("open", "done"): the word a person looks for first. */
const STATUS_NAMES = new Set(['status', 'state']);

function isStatus(name: string): boolean {
  return STATUS_NAMES.has(name.toLowerCase());
}

/**
 * The app's status words ("open", "done"), shown as marks at the row's right end like the
 * states: the long words before them are cut by the ellipsis, never the status.
 */
export function statusWordsOf(element: Element, locale?: string): string[] {
  const status = Object.fromEntries(Object.entries(element.attributes ?? {}).filter(([name]) => isStatus(name)));
  return readableAttributes({ ...element, attributes: status }, locale);
}

/** The app's own words after the title: its subrole, readable attributes, the text when the title came first (the status is a mark: statusWordsOf). */
export function wordsOf(element: Element, locale?: string): string[] {
  const words: string[] = [];
  if (element.subrole) words.push(element.subrole.replace(/[-_]+/g, ' '));
  const rest = Object.fromEntries(Object.entries(element.attributes ?? {}).filter(([name]) => !isStatus(name)));
  words.push(...readableAttributes({ ...element, attributes: rest }, locale));
  if (element.title?.trim()) {
    const text = snippet(textOf(element));
    if (text) words.push(text);
  }
  if (element.role === 'Link' && element.url && element.title) words.push(hostOf(element.url));
  return words;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host || url;
  } catch {
    return url;
  }
}

/** The states as the row marks them, quietly, in the order a person cares about them. */
export function statesOf(element: Element): string[] {
  const states: string[] = [];
  if (element.selected) states.push('selected');
  if (element.focused) states.push('focused');
  if (element.visible === false) states.push('hidden');
  // Hovered is a weaker signal than selected (docs/protocol.md, "What a host must do"): said,
  // never stressed.
  if (element.hovered) states.push('under pointer');
  return states;
}

/** The mark on a withheld or rule-excluded element the user included for this message. */
export const INCLUDED_ONCE = 'included for this message';

/** The standing rule in the row's menu, in words that need no tooltip: "Always leave out task lists" (then the app's name). */
export function alwaysLabel(element: Element): string {
  return `Always leave out ${alwaysWords(element)}`;
}

/** What an excluded row says after its title: that it is out, and how much went with it. */
function excludedWords(inside: number, locale?: string): string {
  return inside > 0 ? `excluded ${insideWords(inside, locale)}` : 'excluded';
}

/** How much went out with an excluded element ("with 3 inside"), drawn apart so it can give way before "excluded". */
export function insideWords(inside: number, locale?: string): string {
  return `with ${inside.toLocaleString(locale)} inside`;
}

/**
 * The row's accessible name: what it is, then exactly the words the row shows (the title, the
 * app's words, the state marks, an exclusion and its Restore), so a screen reader hears the
 * content and states, and a voice-control user can say what they see. Invisible characters
 * are written as their marks (an attribute cannot hold a <bdi>).
 */
export function accessibleName(element: Element, extra: { excluded: boolean; inside: number; locked: boolean; screened?: string; includedOnce?: boolean; found?: string }, locale?: string): string {
  const title = titleOf(element);
  const shown = extra.excluded
    ? [title, extra.screened ?? excludedWords(extra.inside, locale), ...(extra.locked ? [] : extra.screened ? ['Include'] : ['Restore'])]
    : [title, wordsOf(element, locale).join(' · '), ...statusWordsOf(element, locale), ...statesOf(element), extra.found ?? '', extra.includedOnce ? INCLUDED_ONCE : ''];
  return visibleControls([`${roleWord(element)},`, ...shown].filter((part) => part !== '').join(' '));
}

/** A short name for buttons: "Document Trip to Lisbon". */
export function shortName(element: Element): string {
  const title = titleOf(element);
  return visibleControls(title ? `${roleWord(element)} ${title.length > 80 ? `${title.slice(0, 79)}…` : title}` : roleWord(element));
}

const searchCache = new WeakMap<Element, string>();

/**
 * Where the filter found a row it does not mark: what was typed is in the element's text past
 * the one line its row shows, in its link (the row shows only the host), or in what kind of
 * element it is. Said as a mark ("found in its link"), so no row appears with no visible reason;
 * undefined when the row's title, words or marks show it (the highlights mark it there), or the
 * row matched nothing itself and is there for its path.
 */
export function foundWhere(element: Element, filter: string, locale?: string): string | undefined {
  if (!filter || !searchTextOf(element).includes(filter)) return undefined;
  const shown = [titleOf(element), ...wordsOf(element, locale), ...statusWordsOf(element, locale)].join(' ').toLowerCase();
  if (shown.includes(filter)) return undefined;
  if (element.url?.toLowerCase().includes(filter)) return 'found in its link';
  if (textOf(element).toLowerCase().includes(filter)) return 'found in its text';
  return 'found by its kind';
}

/** Everything the filter looks in, lower-cased (cached: the filter runs on every key over 20,000 elements). */
export function searchTextOf(element: Element): string {
  let text = searchCache.get(element);
  if (text === undefined) {
    text = [roleWord(element), element.title ?? '', element.subrole ?? '', textOf(element).slice(0, 2000), element.url ?? '', ...readableAttributes(element)].join('\n').toLowerCase();
    searchCache.set(element, text);
  }
  return text;
}

const THUMBNAIL_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/** A data: URL for the element's first image, only of a type a browser shows safely (no SVG scripts). */
export function thumbnailOf(element: Element): string | undefined {
  const block = (element.content ?? []).find((b): b is Extract<ContentBlock, { type: 'image' }> => b.type === 'image' && THUMBNAIL_TYPES.has(b.mimeType));
  return block ? `data:${block.mimeType};base64,${block.data}` : undefined;
}

/** The element's web link, if it has one that opens (http and https only). */
export function openableUrl(element: Element): string | undefined {
  const urls = [element.url, ...(element.content ?? []).map((b) => (b.type === 'resource_link' ? b.uri : undefined))];
  return urls.find((url): url is string => typeof url === 'string' && /^https?:\/\//i.test(url) && URL.canParse(url));
}
