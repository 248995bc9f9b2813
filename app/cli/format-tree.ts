import { capText } from '../text/cap-text.js';
import type { ContentBlock, Element } from '@app-context/provider-kit/protocol';

const MAX_TEXT = 80;

/**
 * The tree as an indented outline for a person, one line per element (each written on its
 * own: the writer marks any line break inside one, terminal-safe.ts): role, subrole and title,
 * the id in brackets, states as words, content shortened. Iterative, like every walk of a
 * provider's tree.
 */
export function formatTree(root: Element): string[] {
  const lines: string[] = [];
  const stack: [Element, number][] = [[root, 0]];
  while (stack.length > 0) {
    const [element, depth] = stack.pop() as [Element, number];
    lines.push(`${'  '.repeat(depth)}${describe(element)}`);
    const children = element.children ?? [];
    for (let i = children.length - 1; i >= 0; i -= 1) stack.push([children[i] as Element, depth + 1]);
  }
  return lines;
}

function describe(element: Element): string {
  const parts = [element.subrole ? `${element.role} (${element.subrole})` : element.role];
  if (element.title !== undefined) parts.push(`"${shorten(element.title)}"`);
  parts.push(`[${element.id}]`);
  const marks = [
    element.selected === true ? 'selected' : '',
    element.focused === true ? 'focused' : '',
    element.hovered === true ? 'under the pointer' : '',
    element.visible === false ? 'not visible' : '',
  ].filter(Boolean);
  if (marks.length > 0) parts.push(`{${marks.join(', ')}}`);
  if (element.url !== undefined) parts.push(`<${shorten(element.url)}>`);
  for (const block of element.content ?? []) parts.push(describeBlock(block));
  return parts.join(' ');
}

function describeBlock(block: ContentBlock): string {
  switch (block.type) {
    case 'text':
      return `“${shorten(block.text)}”`;
    case 'image':
      return `(image ${block.mimeType})`;
    case 'audio':
      return `(audio ${block.mimeType})`;
    case 'resource_link':
      return `(link to ${shorten(block.uri)})`;
    case 'resource':
      return `(embedded ${shorten(block.resource.uri)})`;
    default:
      return '(content)';
  }
}

/** At most MAX_TEXT characters; its line breaks and controls are left for the writer to show as marks. */
function shorten(text: string): string {
  return capText(text, MAX_TEXT);
}
