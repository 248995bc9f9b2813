import { z } from 'zod';

/**
 * The app's context in the payload sheet as a person reads it: the tree Glance sends as JSON
 * (app/agent/context-tree.ts) drawn as an indented outline, one line per element ("Document
 * (note) “Trip to Lisbon” · focused") and its text under it. The sheet shows this by default and
 * the exact JSON behind its toggle: what goes is the same either way, only the drawing differs.
 */

const OPEN = '<app_context>';
const CLOSE = '</app_context>';
/** Longest run of an element's text the outline shows on its line; the JSON view has all of it. */
const SHOWN_TEXT_CHARS = 300;

/** An element as the model gets it, read leniently: anything it does not know is left to the JSON view. */
interface SentElement {
  role?: unknown;
  subrole?: unknown;
  title?: unknown;
  url?: unknown;
  states?: unknown;
  content?: unknown;
  children?: unknown;
}

const Block = z.looseObject({ type: z.string(), text: z.string().optional(), uri: z.string().optional(), mimeType: z.string().optional(), omitted: z.string().optional() });

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value : undefined);
const oneLine = (value: string): string => {
  const flat = value.replace(/\s+/g, ' ').trim();
  return flat.length > SHOWN_TEXT_CHARS ? `${flat.slice(0, SHOWN_TEXT_CHARS)}…` : flat;
};

/** One content block in a few words: its text, or what it is. */
function blockLine(block: unknown): string | undefined {
  const parsed = Block.safeParse(block);
  if (!parsed.success) return undefined;
  const b = parsed.data;
  if (b.type === 'text') return b.text === undefined ? undefined : oneLine(b.text);
  if (b.type === 'image') return b.omitted ? `[an image, not sent: ${b.omitted}]` : '[an image, sent after the context]';
  if (b.type === 'resource_link') return `[a link: ${b.uri ?? ''}]`;
  return b.omitted ? `[${b.type}, ${b.omitted}]` : `[${b.type}]`;
}

/** "Document (note) “Trip to Lisbon” · focused". */
function elementLine(element: SentElement): string {
  const role = text(element.role) ?? 'Element';
  const subrole = text(element.subrole);
  const title = text(element.title);
  const states = Array.isArray(element.states) ? element.states.filter((s): s is string => typeof s === 'string') : [];
  const url = text(element.url);
  return `${role}${subrole ? ` (${subrole})` : ''}${title ? ` “${oneLine(title)}”` : ''}${url ? ` <${url}>` : ''}${states.length > 0 ? ` · ${states.join(', ')}` : ''}`;
}

/** The tree as outline lines, walked without recursion (a tree may be deep). */
function outline(root: SentElement): string[] {
  const lines: string[] = [];
  const stack: [SentElement, number][] = [[root, 0]];
  while (stack.length > 0) {
    const [element, depth] = stack.pop() as [SentElement, number];
    const indent = '  '.repeat(depth);
    lines.push(`${indent}${elementLine(element)}`);
    for (const block of Array.isArray(element.content) ? element.content : []) {
      const line = blockLine(block);
      if (line !== undefined && line !== '') lines.push(`${indent}    ${line}`);
    }
    const children = Array.isArray(element.children) ? element.children.filter((c): c is SentElement => typeof c === 'object' && c !== null) : [];
    for (let i = children.length - 1; i >= 0; i -= 1) stack.push([children[i] as SentElement, depth + 1]);
  }
  return lines;
}

/**
 * A text part of the first turn with the context's JSON drawn as an outline, the frame's tags
 * and the model's line of ids left out; null when the part holds no context Glance can read so (the sheet then shows it as it
 * is sent).
 */
export function contextOutline(part: string): string | null {
  const open = part.indexOf(OPEN);
  if (open < 0) return null;
  const start = part.indexOf('\n{', open);
  if (start < 0) return null;
  const close = part.indexOf(`\n${CLOSE}`, start);
  const jsonEnd = close < 0 ? part.length : close;
  let root: unknown;
  try {
    root = JSON.parse(part.slice(start + 1, jsonEnd));
  } catch {
    return null;
  }
  if (typeof root !== 'object' || root === null) return null;
  // "Where the user is" names ids for the model; the outline marks selected and focused on their lines.
  const header = part.slice(open + OPEN.length, start).split('\n').filter((line) => line !== '' && !line.startsWith('Where the user is:'));
  const before = [part.slice(0, open).replace(/\n$/, ''), ...header].filter((line) => line !== '');
  const after = close < 0 ? '' : part.slice(close + 1 + CLOSE.length);
  return `${[...before, ...outline(root as SentElement)].join('\n')}${after}`;
}
