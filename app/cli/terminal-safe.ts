/**
 * Text from providers (names, titles, content, reasons that quote a bundle id) reaches the
 * terminal. An escape sequence there could repaint the screen, retitle the window or hide
 * lines, and a bidi override could reorder what the user reads. These two functions keep
 * both out without changing any value a program reads.
 */

/** Control characters other than newline and tab, DEL, C1 controls, and bidi controls. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point here
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** For human output: each unsafe character becomes "?". */
export function terminalSafe(text: string): string {
  return text.replace(UNSAFE, '?');
}

/**
 * For JSON output: the same characters written as \uXXXX escapes. They can only occur inside
 * JSON strings, so the value a JSON reader gets is unchanged.
 */
export function escapeUnsafeInJson(json: string): string {
  return json.replace(UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
