/**
 * Reading Markdown the way GitHub renders it, as far as links need: the links a page makes
 * (outside code), and the anchors its headings get. Small on purpose: the docs use inline
 * links, reference definitions and ATX headings; anything else is read conservatively.
 */

/** One link target as written, with the line it is on (1-based). */
export interface MarkdownLink {
  target: string;
  line: number;
}

/** A fence opener or closer: three or more backticks or tildes, up to three spaces in. */
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/** The lines of a page with fenced code blocks blanked out (line numbers kept). */
function proseLines(text: string): string[] {
  const lines = text.split(/\r?\n/);
  let fence: string | undefined;
  return lines.map((line) => {
    const m = FENCE.exec(line);
    if (fence === undefined) {
      if (m?.[1] !== undefined) {
        fence = m[1];
        return '';
      }
      return line;
    }
    // A fence closes with at least as many of the same character, and nothing after it.
    if (m?.[1] !== undefined && m[1][0] === fence[0] && m[1].length >= fence.length && line.trim() === m[1]) fence = undefined;
    return '';
  });
}

/** Inline code spans blanked (same length, newlines kept): `[x](y)` inside backticks is text, not a link. */
function withoutCodeSpans(text: string): string {
  return text.replace(/(`+)[^`]*?\1/g, (span) => span.replace(/[^\n]/g, ' '));
}

/** `[text](target)` and `![alt](target)`, the text allowing one level of nested brackets and line breaks. */
const INLINE_LINK = /!?\[(?:[^[\]]|\[[^\]]*\])*\]\(\s*(?:<([^>]*)>|([^()\s]+))(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/g;
/** `[label]: target`, a reference definition. */
const DEFINITION = /^ {0,3}\[[^\]]+\]:\s*(?:<([^>]*)>|(\S+))/;

/**
 * Every link target the page makes outside code, in order. Paragraphs are read whole, since a
 * link's text may wrap onto the next line; a link never spans a blank line.
 */
export function markdownLinks(text: string): MarkdownLink[] {
  const links: MarkdownLink[] = [];
  const lines = proseLines(text);
  let start = 0;
  while (start < lines.length) {
    if ((lines[start] ?? '').trim() === '') {
      start += 1;
      continue;
    }
    let end = start;
    while (end < lines.length && (lines[end] ?? '').trim() !== '') end += 1;
    const paragraph = withoutCodeSpans(lines.slice(start, end).join('\n'));
    paragraph.split('\n').forEach((line, i) => {
      const definition = DEFINITION.exec(line);
      if (definition) links.push({ target: definition[1] ?? definition[2] ?? '', line: start + i + 1 });
    });
    for (const m of paragraph.matchAll(INLINE_LINK)) {
      const line = start + 1 + (paragraph.slice(0, m.index).match(/\n/g)?.length ?? 0);
      links.push({ target: m[1] ?? m[2] ?? '', line });
    }
    start = end;
  }
  return links.sort((x, y) => x.line - y.line);
}

/** True for a target with a scheme (https:, mailto:) or a network path: not a file in the repo. */
export function isExternal(target: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//');
}

/** A heading's text as GitHub renders it: links to their text, code and emphasis marks gone. */
function renderedText(heading: string): string {
  return heading
    .replace(/!?\[((?:[^[\]]|\[[^\]]*\])*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/`/g, '')
    .replace(/\*+/g, '');
}

/**
 * GitHub's anchor for a heading (github-slugger): lower case, every character that is not a
 * letter, mark, digit, connector (`_`), hyphen or space removed, spaces to hyphens.
 */
export function slug(heading: string): string {
  return renderedText(heading)
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/**
 * Every anchor the page has: one per heading (ATX `#` and setext), a repeated slug numbered
 * `-1`, `-2` as GitHub does, plus `<a id>`/`<a name>` anchors written by hand.
 */
export function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  const add = (heading: string): void => {
    const base = slug(heading);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    result.add(count === 0 ? base : `${base}-${count}`);
  };
  const lines = proseLines(text);
  lines.forEach((line, i) => {
    const atx = /^ {0,3}#{1,6}(?:\s+(.*?))?\s*$/.exec(line);
    if (atx) {
      add((atx[1] ?? '').replace(/\s+#+$/, ''));
      return;
    }
    const previous = lines[i - 1];
    if (/^ {0,3}(=+|-+)\s*$/.test(line) && previous !== undefined && previous.trim() !== '' && !/^\s*([|>#*+-]|\d+\.)/.test(previous)) add(previous.trim());
    for (const m of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) if (m[1] !== undefined) result.add(m[1]);
  });
  return result;
}
