// Glance's extension: its service worker talks only to Glance's helper on this computer (the
// native messaging host `io.appcontext.glance.browser`, which the browser starts as its own
// child), and reads a page only when the helper asks, which it does only when Glance asks it
// (the user's hotkey). No content script watches pages, no timer runs: the two functions below
// are injected into the active tab of the focused window for one read, then return.
//
// What is read (docs/browser.md): the tab's title and address, the selection (its text, one
// rectangle per line, the element it was selected in, the links and images inside it), the
// page's headings as a short outline, and the window's place to turn page coordinates into
// screen ones. Never: the whole page, other tabs, form values, password, credit-card or
// one-time-code fields, incognito windows (the manifest keeps the extension out of them).

const HOST = 'io.appcontext.glance.browser';

/**
 * Runs in the page (the extension's isolated world), on the helper's ask: reads the selection
 * and the outline, and keeps the selection's Range under a fresh key, so that `locatePassage`
 * finds the same passage later while this document lives.
 */
function readPage() {
  const cap = (text, n) => (text.length > n ? `${text.slice(0, n)}…` : text);
  const clean = (text) => cap(text.replace(/\s+/g, ' ').trim(), 300);
  const visibleBox = (el) => el.getClientRects().length > 0;
  const FORM = 'input, textarea, select, [contenteditable=""], [contenteditable="true"]';
  const SENSITIVE = 'input[type=password], [autocomplete^="cc-"], [autocomplete*=" cc-"], [autocomplete="one-time-code"]';
  const metrics = { screenX, screenY, outerWidth, innerWidth, outerHeight, innerHeight, devicePixelRatio, visible: document.visibilityState === 'visible' };
  const headings = [...document.querySelectorAll('h1, h2, h3')].filter(visibleBox).slice(0, 12)
    .map((h) => ({ level: Number(h.tagName[1]), text: clean(h.textContent ?? '') })).filter((h) => h.text !== '');
  const page = { title: document.title, url: location.href, headings, metrics };
  const selection = getSelection();
  if (selection === null || selection.rangeCount === 0 || selection.isCollapsed) return page;
  const range = selection.getRangeAt(0);
  const at = range.commonAncestorContainer;
  const container = at.nodeType === Node.ELEMENT_NODE ? at : at.parentElement;
  if (container === null) return page;
  // A selection in or over a form field is the field's value: never read. So is one that
  // holds a password, credit-card or one-time-code field.
  const active = document.activeElement;
  if (container.closest(FORM) !== null || (active !== null && active.matches(FORM))) return page;
  if (container.querySelector(SENSITIVE) !== null && [...container.querySelectorAll(SENSITIVE)].some((el) => range.intersectsNode(el))) return page;
  const text = cap(selection.toString(), 16_000);
  if (text.trim() === '') return page;
  const store = (globalThis.__glancePassages ??= { next: 1, ranges: new Map() });
  const key = `p${store.next++}`;
  store.ranges.set(key, range.cloneRange());
  const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0).map((r) => ({ x: r.left, y: r.top, w: r.width, h: r.height }));
  const inside = (selector) => [...container.querySelectorAll(selector)].filter((el) => range.intersectsNode(el)).slice(0, 20);
  const links = inside('a[href]').map((a) => ({ text: clean(a.textContent ?? ''), url: a.href })).filter((l) => /^https?:/.test(l.url));
  const images = inside('img[src]').map((img) => ({ alt: clean(img.alt ?? ''), url: img.currentSrc || img.src })).filter((i) => /^https?:/.test(i.url));
  const heading = container.closest('h1, h2, h3, h4, h5, h6');
  const kind = heading !== null ? 'heading' : container.closest('pre, code') !== null ? 'code' : container.closest('li') !== null ? 'list item' : container.closest('blockquote') !== null ? 'quote' : 'paragraph';
  // The element it was selected in, by kind only: its text could be the whole page.
  return { ...page, selection: { key, text, rects, container: { kind }, links, images } };
}

/** Runs in the page: where the passage kept under `key` is now, or that it is gone. */
function locatePassage(key) {
  const metrics = { screenX, screenY, outerWidth, innerWidth, outerHeight, innerHeight, devicePixelRatio, visible: document.visibilityState === 'visible' };
  const range = globalThis.__glancePassages?.ranges.get(key);
  // Its nodes left the page: a live Range collapses onto the place they were removed from.
  if (range === undefined || range.collapsed || !range.commonAncestorContainer.isConnected) return { state: 'gone' };
  const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0).map((r) => ({ x: r.left, y: r.top, w: r.width, h: r.height }));
  const shown = rects.some((r) => r.x + r.w > 0 && r.y + r.h > 0 && r.x < innerWidth && r.y < innerHeight);
  return { state: shown && metrics.visible ? 'visible' : 'offscreen', rects, metrics };
}

/** The browser's name as it tells pages ("Google Chrome", "Brave", "Microsoft Edge", "Chromium"). */
function browserName() {
  const brands = navigator.userAgentData?.brands ?? [];
  const named = brands.map((b) => b.brand).filter((b) => !/not.?a.?brand/i.test(b));
  return named.find((b) => b !== 'Chromium') ?? named[0] ?? 'Chromium';
}

/** What the user has in front in this profile: the focused window's active tab, read once. */
async function current() {
  const window = await chrome.windows.getLastFocused({ windowTypes: ['normal'] }).catch(() => undefined);
  if (window === undefined || window.incognito) return { window: null };
  const [tab] = await chrome.tabs.query({ active: true, windowId: window.id });
  const frame = { window: { id: window.id, focused: window.focused, state: window.state } };
  if (tab === undefined || tab.id === undefined || tab.incognito) return frame;
  const base = { tabId: tab.id, title: tab.title ?? '', url: tab.url ?? '' };
  const zoom = await chrome.tabs.getZoom(tab.id).catch(() => 1);
  try {
    const [result] = await chrome.scripting.executeScript({ target: { tabId: tab.id }, func: readPage });
    return { ...frame, tab: { ...base, zoom, documentId: result?.documentId, page: result?.result } };
  } catch {
    // A page extensions may not read (the browser's own pages, the web store): its title and address only.
    return { ...frame, tab: base };
  }
}

/** Where a passage is now: gone when its tab closed or its document went, offscreen in a background tab. */
async function locate({ tabId, documentId, key }) {
  const tab = await chrome.tabs.get(tabId).catch(() => undefined);
  if (tab === undefined) return { state: 'gone' };
  let result;
  try {
    [result] = await chrome.scripting.executeScript({ target: { tabId, documentIds: [documentId] }, func: locatePassage, args: [key] });
  } catch {
    // The document is no longer the tab's (it navigated, or was discarded).
    return { state: 'gone' };
  }
  const found = result?.result ?? { state: 'gone' };
  if (found.state === 'gone') return found;
  const window = await chrome.windows.get(tab.windowId).catch(() => undefined);
  const shown = tab.active && window !== undefined && window.state !== 'minimized';
  const zoom = await chrome.tabs.getZoom(tabId).catch(() => 1);
  return shown ? { ...found, zoom } : { state: 'offscreen', rects: [] };
}

const ASKS = { current, locate };

// The browser starts this worker when it starts (onStartup) or installs the extension
// (onInstalled); each start connects to the helper, and the open port keeps the worker alive.
chrome.runtime.onStartup.addListener(() => undefined);
chrome.runtime.onInstalled.addListener(() => undefined);
const port = chrome.runtime.connectNative(HOST);
port.onMessage.addListener((message) => {
  const ask = ASKS[message?.ask];
  if (typeof message?.id !== 'number' || ask === undefined) return;
  ask(message).then(
    (answer) => port.postMessage({ id: message.id, answer }),
    (error) => port.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) }),
  );
});
// The helper is gone (Glance's helper quit or was removed): nothing more to do until the
// browser starts this worker again.
port.onDisconnect.addListener(() => void chrome.runtime.lastError);

/** Tells the helper whether a window of this profile is the focused one: with two profiles open, the focused one's helper answers (docs/browser.md). */
function tellFocus(windowId) {
  port.postMessage({ focus: windowId !== chrome.windows.WINDOW_ID_NONE });
}
chrome.windows.onFocusChanged.addListener(tellFocus, { windowTypes: ['normal'] });
port.postMessage({ hello: { browser: browserName(), version: navigator.userAgentData?.brands?.find((b) => b.brand === browserName())?.version ?? '', extension: chrome.runtime.getManifest().version } });
chrome.windows.getLastFocused({ windowTypes: ['normal'] }).then((w) => tellFocus(w.focused ? w.id : chrome.windows.WINDOW_ID_NONE), () => undefined);
