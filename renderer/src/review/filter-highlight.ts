/**
 * The filter's matches marked in the rows drawn, with the CSS Custom Highlight API: ranges over
 * the rows' own text nodes, painted by `::highlight()` in styles.css, so the rows' DOM (and the
 * provider's text in it) is left as it is. A row whose title and words hold no match is one the
 * filter found in its text or link, which the row does not show; it is there for its path.
 */
const MATCH = 'filter-match';
/** A match on the current row while it is drawn in the accent: the yellow would sit on the blue. */
const MATCH_ON_ACCENT = 'filter-match-on-accent';

/**
 * The tree whose matches are marked: the highlights are the page's, one set, and a tree with no
 * filter (the review drawn ahead offscreen, Review/Warmup.tsx) must not wipe another's.
 */
let marking: HTMLElement | null = null;

/** Marks every occurrence of `filter` (lower-cased) in the titles and words of the rows under `scope`. */
export function markMatches(scope: HTMLElement | null, filter: string): void {
  if (typeof CSS === 'undefined' || !('highlights' in CSS)) return;
  if (!filter && scope !== marking) return;
  marking = filter ? scope : null;
  const plain: Range[] = [];
  const onAccent: Range[] = [];
  if (scope && filter) {
    for (const part of scope.querySelectorAll<HTMLElement>('.row__title, .row__words')) {
      const into = part.closest('.tree:focus-within .row--current') ? onAccent : plain;
      into.push(...rangesIn(part, filter));
    }
  }
  for (const [name, ranges] of [[MATCH, plain], [MATCH_ON_ACCENT, onAccent]] as const) {
    if (ranges.length > 0) CSS.highlights.set(name, new Highlight(...ranges));
    else CSS.highlights.delete(name);
  }
}

/** The ranges of `filter` in `part`'s text, which may run over several text nodes (a <bdi>, a control's mark). */
function rangesIn(part: HTMLElement, filter: string): Range[] {
  const nodes: Text[] = [];
  const walker = part.ownerDocument.createTreeWalker(part, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node as Text);
  const text = nodes.map((node) => node.data).join('');
  const lowered = text.toLowerCase();
  // Lower-casing that changes the length (a dotted capital I) would shift every offset after it.
  if (lowered.length !== text.length) return [];
  const ranges: Range[] = [];
  for (let at = lowered.indexOf(filter); at >= 0; at = lowered.indexOf(filter, at + filter.length)) {
    const range = part.ownerDocument.createRange();
    const start = locate(nodes, at);
    const end = locate(nodes, at + filter.length);
    range.setStart(start.node, start.offset);
    range.setEnd(end.node, end.offset);
    ranges.push(range);
  }
  return ranges;
}

/** The text node and offset at a position in the nodes' joined text. */
function locate(nodes: Text[], position: number): { node: Text; offset: number } {
  let left = position;
  for (const node of nodes) {
    if (left <= node.data.length) return { node, offset: left };
    left -= node.data.length;
  }
  const last = nodes[nodes.length - 1] as Text;
  return { node: last, offset: last.data.length };
}
