/**
 * What the extension read, as the protocol's elements (docs/protocol.md, "Elements"): the
 * browser as the Application, its focused window, the active tab as a Document (subrole
 * `web page`, with its title and URL), the page's headings as an outline, and the selection as
 * a selected Text inside a Group for the element it was selected in (subrole `paragraph`,
 * `heading`, ...), holding the links and images inside it. Where a passage is on screen is
 * `location`'s to say: its rectangles go from the page's CSS pixels to global screen points
 * here (`toScreen`).
 */
import type { Element, Rect } from '@app-context/provider-kit';
import type { CurrentRead, PageMetrics, PageRect } from './extension-messages.js';

/** A passage the page keeps under `key` in the document `documentId` of tab `tabId`. */
export interface Passage {
  tabId: number;
  documentId: string;
  key: string;
}

/** Ids for this run: one per window, tab and document, a fresh one per passage and heading read. */
export interface TreeIds {
  /** The id for this thing (same thing, same id for the run); `kind` is its prefix. */
  idOf(kind: 'win' | 'tab' | 'doc', key: string | number): string;
  /** A fresh id for a passage, remembered so that `location` can find it again. */
  passage(passage: Passage): string;
  /** A fresh id for something that is never located (a heading, a link, an image). */
  fresh(kind: 'h' | 'link' | 'img'): string;
}

export function createTreeIds(): TreeIds & { passageOf(id: string): Passage | undefined } {
  const known = new Map<string, string>();
  const passages = new Map<string, Passage>();
  let counter = 0;
  const next = (prefix: string): string => `${prefix}-${(counter += 1).toString(36)}`;
  return {
    idOf: (kind, key) => {
      const name = `${kind}:${key}`;
      let id = known.get(name);
      if (id === undefined) known.set(name, (id = next(kind)));
      return id;
    },
    passage: (passage) => {
      const id = next('sel');
      passages.set(id, passage);
      return id;
    },
    fresh: (kind) => next(kind),
    passageOf: (id) => passages.get(id),
  };
}

/**
 * Page rectangles (CSS pixels, relative to the viewport) in global screen points: the viewport
 * sits at the bottom of the window between equal side borders, below the browser's toolbars
 * (outerHeight − innerHeight), and zoom scales CSS pixels into the window's own (screen) units.
 * Rectangles on one line (a link splits a line into runs) become one.
 */
export function toScreen(rects: PageRect[], metrics: PageMetrics, zoom: number): Rect[] {
  const side = Math.max(0, (metrics.outerWidth - metrics.innerWidth * zoom) / 2);
  const top = metrics.outerHeight - metrics.innerHeight * zoom - side;
  const onScreen = rects.map((r) => ({ x: metrics.screenX + side + r.x * zoom, y: metrics.screenY + top + r.y * zoom, w: r.w * zoom, h: r.h * zoom }));
  return mergeLines(onScreen);
}

/** Rectangles that overlap vertically by more than half the smaller height, joined into their union. */
function mergeLines(rects: Rect[]): Rect[] {
  const lines: Rect[] = [];
  for (const r of rects) {
    const line = lines.find((l) => Math.min(l.y + l.h, r.y + r.h) - Math.max(l.y, r.y) > Math.min(l.h, r.h) / 2);
    if (line === undefined) {
      lines.push({ ...r });
      continue;
    }
    const right = Math.max(line.x + line.w, r.x + r.w);
    const bottom = Math.max(line.y + line.h, r.y + r.h);
    line.x = Math.min(line.x, r.x);
    line.y = Math.min(line.y, r.y);
    line.w = right - line.x;
    line.h = bottom - line.y;
  }
  return lines;
}

/** The answer's root for one read of the extension. */
export function pageTree(read: CurrentRead, browser: string, ids: TreeIds): Element {
  const root: Element = { id: 'browser', role: 'Application', title: browser };
  if (read.window === null) return root;
  const window: Element = { id: ids.idOf('win', read.window.id), role: 'Window', focused: true };
  root.children = [window];
  const tab = read.tab;
  if (tab === undefined) return root;
  window.title = tab.title;
  const page = tab.page;
  const doc: Element = { id: ids.idOf('doc', tab.documentId ?? `tab-${tab.tabId}`), role: 'Document', subrole: 'web page', title: page?.title ?? tab.title, focused: true };
  const url = page?.url ?? tab.url;
  if (url !== '') doc.url = url;
  window.children = [doc];
  if (page === undefined) return root;
  const children: Element[] = [];
  if (page.headings.length > 0) {
    children.push({
      id: ids.fresh('h'), role: 'List', subrole: 'outline', title: 'Headings',
      children: page.headings.map((h) => ({ id: ids.fresh('h'), role: 'Heading', title: h.text, attributes: { level: h.level } })),
    });
  }
  const selection = page.selection;
  if (selection !== undefined && tab.documentId !== undefined) {
    const inside: Element[] = [
      ...selection.links.map((l): Element => ({ id: ids.fresh('link'), role: 'Link', title: l.text, url: l.url })),
      ...selection.images.map((i): Element => ({ id: ids.fresh('img'), role: 'Image', ...(i.alt !== '' ? { title: i.alt } : {}), url: i.url })),
    ];
    const text: Element = {
      id: ids.passage({ tabId: tab.tabId, documentId: tab.documentId, key: selection.key }),
      role: 'Text',
      selected: true,
      content: [{ type: 'text', text: selection.text }],
      ...(inside.length > 0 ? { children: inside } : {}),
    };
    const role = selection.container.kind === 'heading' ? 'Heading' : 'Group';
    children.push({ id: ids.fresh('h'), role, subrole: selection.container.kind, children: [text] });
  }
  if (children.length > 0) doc.children = children;
  return root;
}
