/**
 * Element trees of a given size for the benchmark, shaped like a real document: an
 * Application, a Window, a Document, sections of paragraphs with text content, a focus path,
 * a selection, a few attributes. Every element is valid, so the reading keeps all of them.
 */

/** A JSON element as a provider would send it. */
export interface TreeElement {
  id: string;
  role: string;
  title?: string;
  content?: { type: 'text'; text: string }[];
  focused?: boolean;
  selected?: boolean;
  visible?: boolean;
  attributes?: Record<string, unknown>;
  children?: TreeElement[];
}

/** Paragraphs per section: keeps the tree a few levels deep, far from the depth limit. */
const PER_SECTION = 50;

/** A tree with exactly `count` elements (at least 3: the root, a window and a document). */
export function makeTree(count: number): TreeElement {
  const total = Math.max(3, Math.floor(count));
  let left = total - 3;
  const doc: TreeElement = { id: 'doc', role: 'Document', title: 'report.md', focused: true, children: [] };
  const root: TreeElement = {
    id: 'app', role: 'Application', title: 'Bench Editor',
    children: [{ id: 'win', role: 'Window', title: 'report.md - Bench Editor', focused: true, children: [doc] }],
  };
  let section = 0;
  while (left > 0) {
    const heading: TreeElement = { id: `s${section}`, role: 'Group', title: `Section ${section}`, children: [] };
    (doc.children ??= []).push(heading);
    left -= 1;
    for (let p = 0; p < PER_SECTION && left > 0; p += 1, left -= 1) {
      (heading.children ??= []).push(paragraph(section, p));
    }
    section += 1;
  }
  return root;
}

function paragraph(section: number, index: number): TreeElement {
  const id = `p${section}-${index}`;
  const element: TreeElement = {
    id, role: 'Text', visible: index < 20,
    content: [{ type: 'text', text: `Paragraph ${index} of section ${section}: the quick brown fox jumps over the lazy dog, twice over.` }],
  };
  if (index % 10 === 0) element.attributes = { author: 'someone', related: [`p${section}-${index + 1}`] };
  if (section === 0 && index === 0) {
    element.focused = true;
    element.selected = true;
  }
  return element;
}

