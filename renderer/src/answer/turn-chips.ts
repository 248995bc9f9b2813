import type { Chip } from '../../../contract/ipc.js';

/**
 * Which chips a turn shows in the row under its text. Each turn owns the chips it first named
 * (main records the turn), so a later turn streaming never draws an earlier turn's chips under
 * itself. A chip the turn's text already shows inline (a code span that is exactly its id,
 * Markdown.tsx) is not repeated in the row: every chip is shown once.
 */

/** A fence opening or closing a code block, as blocks.ts reads it. */
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
/** A run of backticks: a code span opens with one and closes with the next run of the same length. */
const TICKS = /`+/g;

/** CommonMark's code span content: one space stripped from each side when both have one. */
function spanContent(raw: string): string {
  return raw.length > 2 && raw.startsWith(' ') && raw.endsWith(' ') && raw.trim() !== '' ? raw.slice(1, -1) : raw;
}

/** The contents of a line's code spans, as CommonMark pairs backtick runs (a span within one line: citations never cross one). */
function codeSpans(line: string): string[] {
  const runs = [...line.matchAll(TICKS)].map((match) => ({ at: match.index, length: match[0].length }));
  const spans: string[] = [];
  for (let open = 0; open < runs.length; open += 1) {
    const start = runs[open] as { at: number; length: number };
    const close = runs.findIndex((run, index) => index > open && run.length === start.length);
    if (close < 0) continue;
    const end = runs[close] as { at: number; length: number };
    spans.push(line.slice(start.at + start.length, end.at));
    open = close;
  }
  return spans;
}

/** The chip ids the text cites as inline chips: code spans outside code blocks that are exactly an id. */
export function inlineChipIds(text: string, chipIds: ReadonlySet<string>): Set<string> {
  const found = new Set<string>();
  let fence: string | null = null;
  for (const line of text.split('\n')) {
    const marker = FENCE.exec(line)?.[1];
    if (marker) {
      if (fence === null) fence = marker;
      else if (marker[0] === fence[0] && marker.length >= fence.length) fence = null;
      continue;
    }
    if (fence !== null) continue;
    for (const content of codeSpans(line)) {
      const id = spanContent(content);
      if (chipIds.has(id)) found.add(id);
    }
  }
  return found;
}

/** The chips for the row under turn `index`: its own, less those its text shows inline. */
export function rowChips<C extends Pick<Chip, 'id' | 'turn'>>(chips: readonly C[], index: number, text: string, chipIds: ReadonlySet<string>): C[] {
  const own = chips.filter((chip) => chip.turn === index);
  if (own.length === 0) return own;
  const inline = inlineChipIds(text, chipIds);
  return own.filter((chip) => !inline.has(chip.id));
}
