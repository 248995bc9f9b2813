import { writeFile } from 'node:fs/promises';
import type { Element } from '@app-context/provider-kit/protocol';

/**
 * Trees at the protocol's limits for the large-answer tests: built here rather than checked in,
 * so the shape is readable and the size is a parameter. A provider serves them through
 * TP_TREE_FILE (the configurable provider re-reads the file on every call).
 */

/** Children per section: a long list under one heading, as an editor's outline or a table has. */
const SECTION_SIZE = 100;

/**
 * Exactly `total` elements (total >= 5): an app, a window, a document, then sections of
 * rows with a line of text each, numbered in document order, so the last is `row-<total - 1>`
 * unless that number falls on a section (50, 2,000 and 20,000 do not).
 */
export function wideTree(total: number): Element {
  let next = 3;
  const sections: Element[] = [];
  while (next < total) {
    const section: Element = { id: `section-${next}`, role: 'Group', subrole: 'section', title: `Section ${sections.length + 1}`, children: [] };
    next += 1;
    for (let i = 0; i < SECTION_SIZE - 1 && next < total; i += 1, next += 1) {
      section.children?.push({ id: `row-${next}`, role: 'Row', title: `Row ${next}`, content: [{ type: 'text', text: `Line ${next} of the document, long enough to look like real text.` }] });
    }
    sections.push(section);
  }
  return {
    id: 'app', role: 'Application', title: 'Large Notes',
    children: [{ id: 'win', role: 'Window', title: 'Large', focused: true, children: [{ id: 'doc', role: 'Document', title: 'big.md', focused: true, children: sections }] }],
  };
}

/** A chain `depth` elements deep (the root is depth 1, as limits.ts counts): `level-<depth>` is the deepest. */
export function deepTree(depth: number): Element {
  const root: Element = { id: 'level-1', role: 'Application', title: 'Deep Notes' };
  let parent = root;
  for (let level = 2; level <= depth; level += 1) {
    const child: Element = { id: `level-${level}`, role: 'Group', title: `Level ${level}`, content: [{ type: 'text', text: `Nested ${level} deep` }] };
    parent.children = [child];
    parent = child;
  }
  return root;
}

/** Writes a tree where TP_TREE_FILE points. */
export async function writeTree(file: string, root: Element): Promise<void> {
  await writeFile(file, JSON.stringify(root));
}
