/**
 * Text from providers (ids, roles, subroles, titles, urls, attributes, content, names, error
 * text quoted in a reason) reaches the terminal. An escape sequence there could repaint the
 * screen, retitle the window or hide lines; a bidi control could reorder what the user reads;
 * and a line break, in any of its forms, could print a line that looks like Glance's own
 * (`glance: note: 0 withheld, all clear`). These functions keep all of it out without
 * changing any value a program reads: every human line goes through `terminalLine`
 * (`terminalIo` in main.ts), JSON through `escapeUnsafeInJson`.
 */
import { visibleControls } from '../../contract/visible-controls.js';

/**
 * One write of human output: at most one line. Every invisible character (C0 and C1 controls,
 * DEL, format characters such as the bidi controls, U+2028 and U+2029; U+0085 is a C1 control)
 * is shown as the mark the panel shows (`␊`, `⟨U+2028⟩`), a newline included, except one newline
 * that ends the text. So no string inside a line can start another, whichever field it came
 * from: a line of Glance's is one write, and text with lines of its own goes through
 * `terminalText`.
 */
export function terminalLine(text: string): string {
  return text.endsWith('\n') ? `${visibleControls(text.slice(0, -1))}\n` : visibleControls(text);
}

/**
 * Text whose own line breaks are meant: the model's answer as it streams, Glance's help.
 * Newlines stay (a CR before one too); every other invisible character is marked.
 */
export function terminalText(text: string): string {
  return visibleControls(text, true);
}

/** The same characters as the marks cover, for JSON: controls, format characters, separators. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;

/**
 * For JSON output: every such character written as \uXXXX escapes (a pair of them for one
 * beyond the BMP, such as a tag character). They can only occur inside JSON strings, so the value a
 * JSON reader gets is unchanged, and a JSON line is one line with nothing for `terminalLine`
 * to mark.
 */
export function escapeUnsafeInJson(json: string): string {
  return json.replace(INVISIBLE, (c) => [...Array(c.length).keys()].map((i) => `\\u${c.charCodeAt(i).toString(16).padStart(4, '0')}`).join(''));
}
