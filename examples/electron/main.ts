/**
 * A minimal Electron app whose main process is an app-context provider: one window with a
 * scratch note. A host such as Glance sees the window, the note and the text selected in it,
 * and can ask where the window, the note and the selection are on screen. See README.md.
 */
import { app, BrowserWindow } from 'electron';
import { createIdMinter, startProvider, type Element, type Location, type Rect } from '@app-context/provider-kit';
import { PAGE_HTML, READ_PAGE, type PageState } from './page.js';

const ids = createIdMinter(); // the same id for the same object all run, never reused
/** The note as a thing of its own (the minter keys ids on objects). */
const note = { kind: 'note' };
/** One object per selected passage, so a passage's id keeps meaning it after the user selects another. */
const passages = new Map<string, object>();

function passage(start: number, end: number): object {
  const key = `${start}:${end}`;
  let known = passages.get(key);
  if (known === undefined) {
    known = { start, end };
    passages.set(key, known);
  }
  return known;
}

/** What the page shows now. A real app would ask its own renderer over its own IPC. */
async function readPage(win: BrowserWindow): Promise<PageState> {
  return (await win.webContents.executeJavaScript(READ_PAGE)) as PageState;
}

/** Electron's rectangles are in global points, top-left origin: what the protocol uses. */
const rect = (b: Electron.Rectangle): Rect => ({ x: b.x, y: b.y, w: b.width, h: b.height });

/** The system's number for the window (macOS: the window server's), from "window:<number>:0". */
const windowNumber = (win: BrowserWindow): number | undefined => {
  const n = Number(win.getMediaSourceId().split(':')[1]);
  return Number.isSafeInteger(n) ? n : undefined;
};

function tree(win: BrowserWindow, page: PageState): Element {
  const focused = win.isFocused();
  const s = page.selection;
  const selected: Element[] = s === undefined ? [] : [{
    id: ids.idFor(passage(s.start, s.end), 'sel'), role: 'Text', selected: true,
    content: [{ type: 'text', text: s.text }],
  }];
  return {
    id: ids.idFor(app, 'app'), role: 'Application', title: 'Scratch',
    children: [{
      id: ids.idFor(win, 'win'), role: 'Window', title: win.getTitle(), focused,
      children: [{ id: ids.idFor(note, 'note'), role: 'Document', title: 'Scratch note', focused, content: [{ type: 'text', text: page.text }], children: selected }],
    }],
  };
}

async function locate(win: BrowserWindow, id: string): Promise<Location | undefined> {
  const mine = id === ids.peek(win) || id === ids.peek(note) || [...passages.values()].some((p) => ids.peek(p) === id);
  if (!mine) return undefined;
  if (win.isDestroyed()) return { state: 'gone', rects: [] };
  const window = windowNumber(win);
  const where = (rects: Rect[]): Location => ({ state: win.isVisible() ? 'visible' : 'offscreen', rects, ...(window !== undefined ? { window } : {}) });
  if (id === ids.peek(win)) return where([rect(win.getBounds())]);
  const content = win.getContentBounds();
  if (id === ids.peek(note)) return where([rect(content)]);
  // A passage: placed while it is still the selection; one no longer selected cannot be placed.
  const s = (await readPage(win)).selection;
  if (s === undefined || ids.peek(passage(s.start, s.end)) !== id) return undefined;
  return where([{ x: content.x + s.rect.x, y: content.y + s.rect.y, w: s.rect.width, h: s.rect.height }]);
}

app.whenReady().then(async () => {
  const win = new BrowserWindow({ width: 720, height: 480, title: 'Scratch' });
  await win.loadURL(`data:text/html;charset=utf-8,${encodeURIComponent(PAGE_HTML)}`);
  // No bundleId: the kit asks macOS what it reports for this process: com.github.Electron
  // under `electron .`, your app's own identifier once packaged. Either way hosts agree.
  const provider = await startProvider({
    name: 'Scratch',
    version: app.getVersion(),
    current: async () => tree(win, await readPage(win)),
    location: (id) => locate(win, id),
    onProblem: (problem) => console.warn(`context problem: ${problem.kind} ${problem.id ?? ''}`),
  });
  console.log(`Scratch is providing context (pid ${provider.pid})`);
  app.on('will-quit', () => void provider.stop());
  app.on('window-all-closed', () => app.quit());
}).catch((error: unknown) => {
  console.error(`Scratch could not start its provider: ${error instanceof Error ? error.message : String(error)}`);
  app.quit();
});
