/**
 * The example's page: a note to type in and select from, and the script main runs in it to
 * read what it shows. The page loads nothing and runs no script of its own (its CSP says so).
 */

/** What READ_PAGE returns: the note's text and the selection in it, in page coordinates. */
export interface PageState {
  text: string;
  selection?: { start: number; end: number; text: string; rect: { x: number; y: number; width: number; height: number } };
}

export const PAGE_HTML = `<!doctype html>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>Scratch</title>
<style>body { font: 15px -apple-system, system-ui, sans-serif; margin: 0 } #note { padding: 24px; min-height: 90vh; outline: none }</style>
<div id="note" contenteditable="true">Select a few words of this note, then press Glance's hotkey and ask about them.</div>`;

/** Runs in the page: the note's text, and the selection's offsets, text and rectangle. */
export const READ_PAGE = `(() => {
  const note = document.getElementById('note');
  const text = note.innerText;
  const s = getSelection();
  if (!s || s.rangeCount === 0 || s.isCollapsed || !note.contains(s.anchorNode)) return { text };
  const range = s.getRangeAt(0);
  const before = document.createRange();
  before.selectNodeContents(note);
  before.setEnd(range.startContainer, range.startOffset);
  const start = before.toString().length;
  const selected = range.toString();
  const r = range.getBoundingClientRect();
  return { text, selection: { start, end: start + selected.length, text: selected, rect: { x: r.x, y: r.y, width: r.width, height: r.height } } };
})()`;
