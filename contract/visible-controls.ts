/**
 * Characters that change how text is drawn without being seen: C0 and C1 controls and DEL
 * (\p{Cc}), format characters (\p{Cf}: the bidi overrides, embeddings, isolates and marks,
 * zero-width spaces and joiners, the byte-order mark, the soft hyphen, the invisible tag
 * characters that can spell hidden text), and the line and paragraph separators. In a
 * provider's text each one is drawn as a visible mark instead (docs/protocol.md, "Hardening",
 * "Text on screen"), so a title cannot reorder itself, hide part of itself or break onto lines of
 * its own, in the panel and on the terminal (app/cli/terminal-safe.ts): one definition for both.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;
const INVISIBLE_ALL = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;
/** What may stand before a zero-width joiner inside one emoji (👩‍💻): a pictograph, VS16 or a skin tone. */
const EMOJI_BEFORE_JOINER = /(?:\p{Extended_Pictographic}|\u{fe0f}|[\u{1f3fb}-\u{1f3ff}])$/u;
const EMOJI_AFTER_JOINER = /^\p{Extended_Pictographic}/u;
const ZERO_WIDTH_JOINER = '\u200d';

/** One piece of provider text: the text itself, or the mark standing for an invisible character. */
export type TextPiece = { kind: 'text'; text: string } | { kind: 'mark'; mark: string; codePoint: number };

/**
 * The mark for one invisible character: the Unicode control picture for C0 controls and DEL
 * (␊ for a newline, ␇ for a bell), `⟨U+XXXX⟩` for every other.
 */
export function markFor(codePoint: number): string {
  if (codePoint < 0x20) return String.fromCodePoint(0x2400 + codePoint);
  if (codePoint === 0x7f) return '\u2421';
  return `⟨U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}⟩`;
}

/** Whether the text holds any character that would be drawn invisibly. */
export function hasInvisible(text: string): boolean {
  return INVISIBLE.test(text);
}

/**
 * The text split into plain runs and marks. With `keepLineBreaks` (text blocks, the answer, the
 * preview: text whose own lines matter), a newline (and a CR before it) stays a line break.
 * A zero-width joiner between two emoji stays too: it is how 👩‍💻 is written and hides nothing.
 */
export function splitInvisible(text: string, keepLineBreaks = false): TextPiece[] {
  if (!hasInvisible(text)) return [{ kind: 'text', text }];
  const pieces: TextPiece[] = [];
  let plain = '';
  let last = 0;
  for (const match of text.matchAll(INVISIBLE_ALL)) {
    const at = match.index;
    const char = match[0];
    plain += text.slice(last, at);
    last = at + char.length;
    const keep = (keepLineBreaks && (char === '\n' || (char === '\r' && text[last] === '\n')))
      || (char === ZERO_WIDTH_JOINER && EMOJI_BEFORE_JOINER.test(text.slice(Math.max(0, at - 2), at)) && EMOJI_AFTER_JOINER.test(text.slice(last, last + 2)));
    if (keep) {
      plain += char;
      continue;
    }
    if (plain !== '') pieces.push({ kind: 'text', text: plain });
    plain = '';
    const codePoint = char.codePointAt(0) as number;
    pieces.push({ kind: 'mark', mark: markFor(codePoint), codePoint });
  }
  plain += text.slice(last);
  if (plain !== '') pieces.push({ kind: 'text', text: plain });
  return pieces;
}

/** The text with every invisible character replaced by its mark: for attributes (title, aria-label). */
export function visibleControls(text: string, keepLineBreaks = false): string {
  if (!hasInvisible(text)) return text;
  return splitInvisible(text, keepLineBreaks).map((p) => (p.kind === 'text' ? p.text : p.mark)).join('');
}
