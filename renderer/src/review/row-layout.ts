import type { Element } from '../../../contract/review.js';
import { attributesOf, imagesOf, linksOf, textOf } from './read-element.js';

/**
 * The height of every row, decided before it is drawn, so the tree can draw only the rows in
 * view (a provider may send 20,000) and still know where each one sits. Each part of a row gets
 * a fixed number of lines and is clipped to them (styles.css: .tree sets the same sizes), so
 * the height is exact by construction; an estimate that is off only leaves a gap or an
 * ellipsis, never an overlap. What a row cuts short is whole in the preview.
 */

/** Pixel sizes shared with styles.css (.tree > .row). */
export const LINE_PX = 18;
const PAD_PX = 6;
const GAP_PX = 3;
const BORDER_PX = 1;
const THUMB_PX = 48;
/** Most lines of text a row shows; the panel is a review, the preview has the rest. */
const MAX_TEXT_LINES = 4;
/** Most link and attribute lines a row shows; the last says how many more there are. */
const MAX_DETAIL_LINES = 4;
/** Deeper rows stop moving right: 64 levels of indent would push the text out of a 420 px panel. */
export const INDENT_CAP = 8;
const INDENT_STEP_PX = 14;
/** A generous average for 13 px system text, so an estimate leaves a gap rather than cuts. */
const CHAR_PX = 6.8;

/** What one row shows, line by line. */
export interface RowLayout {
  height: number;
  indent: number;
  textLines: number;
  text: string;
  images: string[];
  /** Link and attribute lines, already cut to MAX_DETAIL_LINES (the last may be "N more"). */
  details: Detail[];
}

/** A line under the text: a link (openable or not) or an attribute. */
export type Detail = { kind: 'link'; name: string; url: string; openable: boolean } | { kind: 'attribute' | 'more'; text: string };

/** Left padding for a row at this depth (the root is depth 0). */
function indentOf(depth: number): number {
  return 8 + Math.min(depth, INDENT_CAP) * INDENT_STEP_PX;
}

/** How the row for `element` at `depth` is laid out in a tree `width` pixels wide. */
export function layoutRow(element: Element, depth: number, width: number): RowLayout {
  const indent = indentOf(depth);
  const text = textOf(element);
  const perLine = Math.max(12, Math.floor((width - indent - 12) / CHAR_PX));
  const wanted = text === '' ? 0 : text.split('\n').reduce((sum, line) => sum + Math.max(1, Math.ceil(line.length / perLine)), 0);
  const textLines = Math.min(MAX_TEXT_LINES, wanted);
  const images = imagesOf(element);
  const all: Detail[] = [
    ...linksOf(element).map((link): Detail => ({ kind: 'link', ...link })),
    ...attributesOf(element).map((line): Detail => ({ kind: 'attribute', text: line })),
  ];
  const details = all.length <= MAX_DETAIL_LINES
    ? all
    : [...all.slice(0, MAX_DETAIL_LINES - 1), { kind: 'more', text: `and ${all.length - MAX_DETAIL_LINES + 1} more (in the preview)` } as Detail];
  let height = 2 * PAD_PX + BORDER_PX + LINE_PX;
  if (textLines > 0) height += GAP_PX + textLines * LINE_PX;
  if (images.length > 0) height += GAP_PX + THUMB_PX;
  height += details.length * (GAP_PX + LINE_PX);
  return { height, indent, textLines, text, images, details };
}
