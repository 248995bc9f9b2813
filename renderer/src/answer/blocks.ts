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

/**
 * Blocks per group. A streamed piece changes only the last block, but the browser still walks
 * every sibling of a changed box as it lays out, prepaints and paints: side by side, that walk
 * grows with the answer (about 700 blocks at 50 KB). In groups, a piece walks the groups and
 * the blocks of the last one, and a finished group's contents are skipped while off screen
 * (docs/benchmarks.md, "The answer as it streams").
 */
const GROUP_SIZE = 24;

/** An ATX heading (`#` to `######`) at the start of a line. */
const ATX_HEADING = /^ {0,3}#{1,6}(?:[ \t]|$)/;
/** A thematic break: three or more of one of - * _, spaces between allowed. */
const THEMATIC_BREAK = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
/** A setext underline: the line after a paragraph's first makes it a heading. */
const SETEXT_UNDERLINE = /^ {0,3}(?:=+|-+)[ \t]*$/;

/**
 * True for a block whose first element may have a top margin: a heading or a rule. Every group
 * is its own formatting context (styles.css: flow-root, and content-visibility once finished), so
 * its first block's top margin does not collapse with the margin before it; a group starts only at a block without one
 * (the stylesheet sets every nested first child's top margin to 0), and the spacing is exactly
 * that of the blocks side by side. Unsure is true: it only makes a group longer.
 */
function startsWithMargin(block: string): boolean {
  const [first = '', second = ''] = block.replace(/^\n+/, '').split('\n', 2);
  return ATX_HEADING.test(first) || THEMATIC_BREAK.test(first) || SETEXT_UNDERLINE.test(second);
}

/**
 * The blocks in groups of at least `size` (the last may be shorter), in order; joined, they are
 * the blocks again. A group grows past `size` until the next block starts without a top margin.
 */
export function blockGroups(blocks: string[], size = GROUP_SIZE): string[][] {
  const groups: string[][] = [];
  let group: string[] = [];
  for (const block of blocks) {
    if (group.length >= size && !startsWithMargin(block)) {
      groups.push(group);
      group = [];
    }
    group.push(block);
  }
  if (group.length > 0) groups.push(group);
  return groups;
}
