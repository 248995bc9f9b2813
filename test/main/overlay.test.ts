// The overlay: which display draws what and when it is put away (main/flow/overlay-service.ts,
// pure), and the Electron windows (main/windows/overlay.ts) with a NARROW electron mock: only
// the BrowserWindow members the code touches, checked against Electron's own types.
import type { BrowserWindow, BrowserWindowConstructorOptions, Rectangle } from 'electron';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OVERLAY_FADE_MS } from '../../contract/bridge.js';
import { createOverlayService, OVERLAY_SHOW_MS } from '../../main/flow/overlay-service.js';
import type { Drawing } from '../../contract/ipc.js';

type Calls = [string, ...unknown[]][];
const created: { options: BrowserWindowConstructorOptions; calls: Calls }[] = [];

class FakeWindow {
  readonly calls: Calls = [];
  readonly webContents;
  constructor(options: BrowserWindowConstructorOptions) {
    created.push({ options, calls: this.calls });
    const calls = this.calls;
    this.webContents = {
      isLoading: () => false,
      send: (channel: string, payload: unknown) => calls.push(['send', channel, payload]),
      setWindowOpenHandler: () => undefined,
      on: () => undefined,
    };
  }
  setIgnoreMouseEvents(ignore: boolean) { this.calls.push(['setIgnoreMouseEvents', ignore]); }
  setAlwaysOnTop(flag: boolean, level?: string) { this.calls.push(['setAlwaysOnTop', flag, level]); }
  setVisibleOnAllWorkspaces(visible: boolean, options?: object) { this.calls.push(['setVisibleOnAllWorkspaces', visible, options]); }
  loadFile(file: string, options?: object) { this.calls.push(['loadFile', file, options]); return Promise.resolve(); }
  setBounds(bounds: Partial<Rectangle>) { this.calls.push(['setBounds', bounds]); }
  showInactive() { this.calls.push(['showInactive']); }
  hide() { this.calls.push(['hide']); }
  isDestroyed() { return false; }
  on() { return this; }
}
// The members overlay.ts and secure-window.ts use, and nothing else.
void (FakeWindow.prototype satisfies Pick<BrowserWindow, 'setIgnoreMouseEvents' | 'setAlwaysOnTop' | 'setVisibleOnAllWorkspaces' | 'setBounds' | 'showInactive' | 'hide' | 'isDestroyed'>);
vi.mock('electron', () => ({ BrowserWindow: FakeWindow, shell: { openExternal: vi.fn() } }));

const { createOverlayWindows } = await import('../../main/windows/overlay.js');
const { createSecureWindow } = await import('../../main/windows/secure-window.js');

const left = { id: 1, bounds: { x: -1440, y: 0, width: 1440, height: 900 } };
const main = { id: 2, bounds: { x: 0, y: 0, width: 1512, height: 982 } };

afterEach(() => {
  created.length = 0;
  vi.useRealTimers();
});

describe('the overlay service', () => {
  it('draws each display its part of a rect across the seam, and clears a display left with nothing', () => {
    const draws: [number | string, Drawing][] = [];
    let hidden = 0;
    const overlay = createOverlayService({ displays: () => [left, main], windows: { draw: (d, drawing) => draws.push([d.id, drawing]), hideAll: () => (hidden += 1) } });
    overlay.show([{ x: -100, y: 50, w: 200, h: 20 }]);
    expect(draws).toEqual([
      [1, { serial: 1, rects: [{ x: 1337, y: 47, w: 103, h: 26 }], fadeAfterMs: OVERLAY_SHOW_MS }],
      [2, { serial: 1, rects: [{ x: 0, y: 47, w: 103, h: 26 }], fadeAfterMs: OVERLAY_SHOW_MS }],
    ]);
    overlay.show([{ x: 10, y: 10, w: 5, h: 5 }]);
    expect(draws.slice(2)).toEqual([[1, { serial: 2, rects: [], fadeAfterMs: 0 }], [2, { serial: 2, rects: [{ x: 7, y: 7, w: 11, h: 11 }], fadeAfterMs: OVERLAY_SHOW_MS }]]);
    expect(overlay.drawing(2)?.serial).toBe(2);
    expect(overlay.drawing(1)).toBeNull();
    overlay.hide();
    expect(hidden).toBe(1);
    expect(overlay.drawing(2)).toBeNull();
  });

  it('carries the label beside the ring to every display that draws it', () => {
    const draws: Drawing[] = [];
    const overlay = createOverlayService({ displays: () => [left, main], windows: { draw: (_d, drawing) => draws.push(drawing), hideAll: () => undefined } });
    overlay.show([{ x: -100, y: 50, w: 200, h: 20 }], 'Document Trip to Lisbon');
    expect(draws.map((d) => d.label)).toEqual(['Document Trip to Lisbon', 'Document Trip to Lisbon']);
    overlay.show([{ x: 10, y: 10, w: 5, h: 5 }]);
    expect(draws.at(-1)).not.toHaveProperty('label');
  });

  it('puts the windows away once the rings have faded', () => {
    vi.useFakeTimers();
    let hidden = 0;
    const overlay = createOverlayService({ displays: () => [main], windows: { draw: () => undefined, hideAll: () => (hidden += 1) } });
    overlay.show([{ x: 10, y: 10, w: 5, h: 5 }]);
    vi.advanceTimersByTime(OVERLAY_SHOW_MS + OVERLAY_FADE_MS - 1);
    expect(hidden).toBe(0);
    vi.advanceTimersByTime(1);
    expect(hidden).toBe(1);
  });
});

describe('the overlay windows', () => {
  it('creates one transparent, click-through, unfocusable, topmost window per display when it first draws', () => {
    const windows = createOverlayWindows({ preloadPath: '/app/dist/preload/overlay.cjs', rendererFile: '/app/dist/renderer/overlay.html' });
    expect(created).toHaveLength(0); // nothing until something is drawn
    const drawing = { serial: 1, rects: [{ x: 1, y: 2, w: 3, h: 4 }], fadeAfterMs: 4000 };
    windows.draw(main, drawing);
    windows.draw(main, { ...drawing, serial: 2 });
    windows.draw(left, drawing);
    expect(created).toHaveLength(2);
    const [first] = created;
    expect(first?.options).toMatchObject({ ...main.bounds, transparent: true, frame: false, focusable: false, show: false, skipTaskbar: true, hasShadow: false });
    expect(first?.options.webPreferences).toMatchObject({ sandbox: true, contextIsolation: true, nodeIntegration: false, preload: '/app/dist/preload/overlay.cjs' });
    expect(first?.calls.slice(0, 4)).toEqual([
      ['setIgnoreMouseEvents', true],
      ['setAlwaysOnTop', true, 'screen-saver'],
      ['setVisibleOnAllWorkspaces', true, { visibleOnFullScreen: true, skipTransformProcessType: true }],
      ['loadFile', '/app/dist/renderer/overlay.html', { query: { display: '2' } }],
    ]);
    expect(first?.calls).toContainEqual(['send', 'overlay:draw', { ...drawing, serial: 2 }]);
    expect(first?.calls.filter((c) => c[0] === 'showInactive')).toHaveLength(2);
    expect(windows.rendererUrl).toBe('file:///app/dist/renderer/overlay.html');
  });

  it('hides a window whose display has nothing left, and every window on hideAll', () => {
    const windows = createOverlayWindows({ preloadPath: '/p.cjs', rendererFile: '/overlay.html' });
    windows.draw(main, { serial: 1, rects: [{ x: 1, y: 2, w: 3, h: 4 }], fadeAfterMs: 4000 });
    windows.draw(main, { serial: 2, rects: [], fadeAfterMs: 0 });
    windows.hideAll();
    expect(created[0]?.calls.filter((c) => c[0] === 'hide')).toHaveLength(2);
  });
});

describe('the secure window recipe', () => {
  it('pins sandbox, context isolation and no Node in every window, whatever the options asked for', () => {
    createSecureWindow({ show: false, webPreferences: { preload: '/p.cjs', sandbox: false, contextIsolation: false, nodeIntegration: true, spellcheck: false } });
    expect(created[0]?.options).toEqual({
      show: false,
      webPreferences: { preload: '/p.cjs', sandbox: true, contextIsolation: true, nodeIntegration: false, spellcheck: false },
    });
  });
});
