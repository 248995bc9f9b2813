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

/** Reads one line: a fence opens or closes a code block; outside one, its code spans that are exactly an id count. */
function readLine(line: string, fence: string | null, chipIds: ReadonlySet<string>, found: Set<string>): string | null {
  const marker = FENCE.exec(line)?.[1];
  if (marker) {
    if (fence === null) return marker;
    return marker[0] === fence[0] && marker.length >= fence.length ? null : fence;
  }
  if (fence === null) {
    for (const content of codeSpans(line)) {
      const id = spanContent(content);
      if (chipIds.has(id)) found.add(id);
    }
  }
  return fence;
}

/**
 * The chip ids a streaming text cites as inline chips, read a piece at a time: the lines already
 * read are not read again, so a piece costs the same at 50 KB as at 1 KB (as the Markdown's own
 * blocks do, blocks.ts). A text that does not continue the last one is read from its start.
 */
export class InlineChips {
  private text = '';
  /** Where the last line, perhaps still growing, starts: everything before it is read. */
  private read = 0;
  private fence: string | null = null;
  private found = new Set<string>();

  constructor(private readonly chipIds: ReadonlySet<string>) {}

  ids(text: string): ReadonlySet<string> {
    if (!text.startsWith(this.text)) {
      this.read = 0;
      this.fence = null;
      this.found = new Set();
    }
    this.text = text;
    for (let end = text.indexOf('\n', this.read); end >= 0; end = text.indexOf('\n', this.read)) {
      this.fence = readLine(text.slice(this.read, end), this.fence, this.chipIds, this.found);
      this.read = end + 1;
    }
    const found = new Set(this.found);
    readLine(text.slice(this.read), this.fence, this.chipIds, found);
    return found;
  }
}

/** The chip ids the text cites as inline chips: code spans outside code blocks that are exactly an id. */
export function inlineChipIds(text: string, chipIds: ReadonlySet<string>): ReadonlySet<string> {
  return new InlineChips(chipIds).ids(text);
}

/** The chips for the row under a turn: its own, less those its text shows inline (`inline`, from InlineChips). */
export function rowChips<C extends Pick<Chip, 'id' | 'turn'>>(chips: readonly C[], index: number, inline: () => ReadonlySet<string>): C[] {
  const own = chips.filter((chip) => chip.turn === index);
  if (own.length === 0) return own;
  const shown = inline();
  return own.filter((chip) => !shown.has(chip.id));
}
