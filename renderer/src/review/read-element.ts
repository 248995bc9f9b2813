import type { ContentBlock, Element } from '../../../contract/review.js';
import { visibleControls } from '../text/visible-controls.js';

/**
 * How a person reads an element: a word for what it is, its name, the text it carries, its
 * pictures and links. Pure functions, so the row component stays about layout.
 */

const ROLE_WORDS: Record<string, string> = {
  Application: 'App', Window: 'Window', Group: 'Group', List: 'List', Table: 'Table', Row: 'Row',
  Cell: 'Cell', Text: 'Text', Heading: 'Heading', Link: 'Link', Image: 'Image', Page: 'Page', Document: 'Document',
};

/** The kind of thing: "Selected text", "Document (markdown)", "Row (task)". */
export function kindOf(element: Element): string {
  const word = ROLE_WORDS[element.role] ?? 'Group';
  if (element.role === 'Text' && element.selected) return 'Selected text';
  return element.subrole ? `${word} (${element.subrole})` : word;
}

/**
 * A short name for buttons and screen readers: "Document draft.md", "Selected text". An
 * attribute cannot hold a <bdi>, so invisible characters are written as their marks.
 */
export function accessibleName(element: Element): string {
  return visibleControls(element.title ? `${kindOf(element)} ${element.title}` : kindOf(element));
}

/** Text blocks joined, as the element carries them. */
export function textOf(element: Element): string {
  return (element.content ?? [])
    .filter((block): block is Extract<ContentBlock, { type: 'text' }> => block.type === 'text')
    .map((block) => block.text)
    .join('\n');
}

const THUMBNAIL_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/** data: URLs for the element's images, only of types a browser shows safely (no SVG scripts). */
export function imagesOf(element: Element): string[] {
  return (element.content ?? [])
    .filter((block): block is Extract<ContentBlock, { type: 'image' }> => block.type === 'image' && THUMBNAIL_TYPES.has(block.mimeType))
    .map((block) => `data:${block.mimeType};base64,${block.data}`);
}

/** A link the user can follow: a name and a url. */
export interface LinkView {
  name: string;
  url: string;
  /** Only http(s) opens (in the browser); anything else is shown as text. */
  openable: boolean;
}

/** The element's url and its resource links. */
export function linksOf(element: Element): LinkView[] {
  const links: LinkView[] = [];
  const add = (name: string, url: string): void => {
    links.push({ name, url, openable: /^https?:\/\//i.test(url) });
  };
  if (element.url) add(element.role === 'Link' && element.title ? element.title : element.url, element.url);
  for (const block of element.content ?? []) {
    if (block.type === 'resource_link') add(block.title ?? block.name, block.uri);
  }
  return links;
}

/** The states worth a word, in the order a person cares about them. */
export function statesOf(element: Element): string[] {
  const states: string[] = [];
  if (element.selected && element.role !== 'Text') states.push('selected');
  if (element.focused) states.push('focused');
  if (element.visible === false) states.push('not on screen');
  return states;
}

/** Attributes as short "name: value" lines; long values are cut for display only. */
export function attributesOf(element: Element): string[] {
  return Object.entries(element.attributes ?? {}).map(([name, value]) => {
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    return `${name}: ${text.length > 80 ? `${text.slice(0, 79)}…` : text}`;
  });
}

/** One element of the tree, flattened in document order with its depth. */
export interface FlatRow {
  element: Element;
  depth: number;
  /** Ancestors' ids, nearest last: a removed ancestor strikes this row through. */
  ancestors: string[];
}

/** The tree in document order (iterative: a provider may send 20,000 elements). */
export function flatten(root: Element): FlatRow[] {
  const rows: FlatRow[] = [];
  const stack: FlatRow[] = [{ element: root, depth: 0, ancestors: [] }];
  while (stack.length > 0) {
    const row = stack.pop() as FlatRow;
    rows.push(row);
    const children = row.element.children ?? [];
    for (let i = children.length - 1; i >= 0; i -= 1) {
      stack.push({ element: children[i] as Element, depth: row.depth + 1, ancestors: [...row.ancestors, row.element.id] });
    }
  }
  return rows;
}
