/**
 * An answer's Markdown cut into its top-level blocks, so that while it streams only the block
 * still growing is parsed again: the finished ones keep their rendering (a piece costs the same
 * at the fiftieth kilobyte as at the first; see docs/benchmarks.md, "The answer as it streams").
 *
 * A cut is made only where CommonMark itself ends every open block: at a blank line, outside a
 * fenced code block, before a line that starts at the margin and does not continue a list (a
 * list marker) or an indented item. Rendering the pieces one by one then gives the same HTML as
 * rendering the whole. One construct reaches across blocks: a link reference definition
 * (`[x]: https://…`, a footnote `[^1]: …`) applies to the whole document, so a text holding one
 * is not cut at all; nor is one holding an HTML block that a blank line does not end (`<pre>`,
 * `<script>`, a comment…: shown as text, it must stay one run of text).
 */

/** A fence opening or closing a code block: up to three spaces, then three or more ` or ~. */
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
/** A line a blank line does not end a block before: indented, or a list item's marker (an empty item too). */
const CONTINUES = /^(?:[ \t]|[-+*](?:[ \t]|$)|\d{1,9}[.)](?:[ \t]|$))/;
/** A link reference or footnote definition, anywhere in the text. */
const DEFINITION = /^ {0,3}\[[^\]\n]+\]:/m;
/** The start of an HTML block that runs past blank lines (CommonMark's kinds 1 to 5). */
const LONG_HTML = /^ {0,3}<(?:script|pre|style|textarea|!--|\?|![A-Za-z]|!\[CDATA\[)/im;

/** The text's blocks, in order; joined, they are the text again. */
export function markdownBlocks(text: string): string[] {
  if (DEFINITION.test(text) || LONG_HTML.test(text)) return [text];
  const lines = text.split('\n');
  const blocks: string[] = [];
  let start = 0;
  let offset = 0;
  let fence: string | null = null;
  let blankBefore = false;
  for (const line of lines) {
    if (fence === null && blankBefore && line.trim() !== '' && !CONTINUES.test(line) && offset > start) {
      blocks.push(text.slice(start, offset));
      start = offset;
    }
    const marker = FENCE.exec(line)?.[1];
    if (marker) {
      if (fence === null) fence = marker;
      else if (marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = null;
    }
    blankBefore = line.trim() === '';
    offset += line.length + 1;
  }
  if (start < text.length) blocks.push(text.slice(start));
  return blocks;
}
