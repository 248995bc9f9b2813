// The panel window (main/windows/panel.ts) with a NARROW electron mock: BrowserWindow is an
// EventEmitter with the members the panel and the secure recipe use, behaving as Electron's
// does for them (hide emits 'hide', close emits a preventable 'close' and then 'closed'), so
// the panel's own handlers are what is tested:
// - close hides the panel unless Glance is quitting (Cmd-W or the system must not destroy it);
// - hide-on-blur waits while a Keychain operation holds the panel open;
// - showing first undoes app.hide(); the window options suit a translucent page.
import { EventEmitter } from 'node:events';
import type { BrowserWindow, BrowserWindowConstructorOptions, Screen } from 'electron';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

class FakeWebContents extends EventEmitter {
  sent: { channel: string; payload: unknown }[] = [];
  setWindowOpenHandler(): void {}
  send(channel: string, payload: unknown): void {
    this.sent.push({ channel, payload });
  }
  isLoading(): boolean {
    return false;
  }
}

class FakeWindow extends EventEmitter {
  static made: FakeWindow[] = [];
  readonly webContents = new FakeWebContents();
  visible = false;
  destroyed = false;
  constructor(readonly options: BrowserWindowConstructorOptions) {
    super();
    FakeWindow.made.push(this);
  }
  setVisibleOnAllWorkspaces(): void {}
  loadFile(): Promise<void> {
    return Promise.resolve();
  }
  setPosition(): void {}
  focus(): void {
    this.emit('focus');
  }
  show(): void {
    this.visible = true;
    this.emit('show');
  }
  hide(): void {
    if (!this.visible) return;
    this.visible = false;
    this.emit('hide');
  }
  isVisible(): boolean {
    return this.visible;
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  /** As Electron's: 'close' may be prevented; otherwise the window is destroyed ('closed'). */
  close(): void {
    let prevented = false;
    this.emit('close', { preventDefault: () => (prevented = true) });
    if (prevented) return;
    this.visible = false;
    this.destroyed = true;
    this.emit('closed');
  }
}
// The members of BrowserWindow the panel uses, and nothing else.
void (FakeWindow.prototype satisfies Pick<BrowserWindow, 'show' | 'hide' | 'focus' | 'isVisible' | 'isDestroyed' | 'close' | 'setPosition'>);

vi.mock('electron', () => ({ BrowserWindow: FakeWindow, shell: { openExternal: async () => undefined } }));

const { createPanel } = await import('../../main/windows/panel.js');
const { HIDE_ON_BLUR_DELAY_MS, overlayWindowOptions } = await import('../../main/config.js');

const display = { bounds: { x: 0, y: 0, width: 1440, height: 900 }, workArea: { x: 0, y: 25, width: 1440, height: 875 } };
const screen = { getAllDisplays: () => [display], getCursorScreenPoint: () => ({ x: 700, y: 10 }) } as unknown as Pick<Screen, 'getAllDisplays' | 'getCursorScreenPoint'>;

function setup(platform: NodeJS.Platform = 'darwin') {
  let quitting = false;
  let unhidden = 0;
  const hidden: string[] = [];
  const panel = createPanel({
    preloadPath: '/app/dist/preload/preload.cjs',
    rendererFile: '/app/dist/renderer/index.html',
    screen,
    trayBounds: () => ({ x: 700, y: 0, width: 24, height: 24 }),
    isQuitting: () => quitting,
    unhideApp: () => (unhidden += 1),
    platform,
  });
  panel.onHidden(() => hidden.push('hidden'));
  const window = FakeWindow.made.at(-1) as FakeWindow;
  return { panel, window, hidden, quit: () => (quitting = true), unhidden: () => unhidden };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("the panel's close", () => {
  it('hides the panel instead of destroying it, unless Glance is quitting', () => {
    const { panel, window, hidden, quit } = setup();
    panel.show();
    window.close();
    expect(window.isDestroyed()).toBe(false);
    expect(panel.isVisible()).toBe(false);
    // Hidden as any dismissal is: a collection on its way stops.
    expect(hidden).toEqual(['hidden']);
    // It opens again (the hotkey and the tray still work).
    panel.show();
    expect(panel.isVisible()).toBe(true);
    quit();
    window.close();
    expect(window.isDestroyed()).toBe(true);
  });
});

describe('hide on blur', () => {
  it('hides a moment after the panel loses the focus', () => {
    const { panel, window } = setup();
    panel.show();
    window.emit('blur');
    vi.advanceTimersByTime(HIDE_ON_BLUR_DELAY_MS);
    expect(panel.isVisible()).toBe(false);
  });

  it('not while a Keychain operation holds it open; again once it is released', () => {
    const { panel, window } = setup();
    panel.show();
    const release = panel.holdOpen();
    // The Keychain's dialog takes the focus.
    window.emit('blur');
    vi.advanceTimersByTime(HIDE_ON_BLUR_DELAY_MS * 10);
    expect(panel.isVisible()).toBe(true);
    release();
    release(); // a second release changes nothing
    window.emit('blur');
    vi.advanceTimersByTime(HIDE_ON_BLUR_DELAY_MS);
    expect(panel.isVisible()).toBe(false);
  });
});

describe('showing the panel', () => {
  it('undoes app.hide() first, then shows and focuses the window', () => {
    const { panel, unhidden } = setup();
    panel.show();
    expect(unhidden()).toBe(1);
    expect(panel.isVisible()).toBe(true);
  });
});

describe("the page's appearance", () => {
  it('is sent on the contract\'s appearance channel, and not to a destroyed window', async () => {
    const { eventContract } = await import('../../contract/ipc.js');
    const { panel, window } = setup();
    panel.publishAppearance({ vibrant: true, accent: '#62ba46' });
    expect(window.webContents.sent).toContainEqual({ channel: eventContract.appearance.channel, payload: { vibrant: true, accent: '#62ba46' } });
    window.destroyed = true;
    const before = window.webContents.sent.length;
    panel.publishAppearance({ vibrant: true, accent: null });
    expect(window.webContents.sent.length).toBe(before);
  });
});

describe('the window options (main/config.ts)', () => {
  it('the panel: hidden in Mission Control, vibrancy over a clear window background', () => {
    const { window } = setup();
    expect(window.options).toMatchObject({ hiddenInMissionControl: true, skipTaskbar: true, vibrancy: 'menu', backgroundColor: '#00000000' });
    // Not a transparent window: that would cost the panel its shadow and rounded frame.
    expect(window.options.transparent).toBeUndefined();
  });

  it("on macOS, a non-activating panel shown with show() and focus(), which Electron's panel type does without activating Glance", () => {
    const { panel, window } = setup('darwin');
    expect(window.options.type).toBe('panel');
    const calls: string[] = [];
    window.on('show', () => calls.push('show'));
    window.on('focus', () => calls.push('focus'));
    panel.show();
    expect(calls).toEqual(['show', 'focus']);
    // Elsewhere there is no such type: an ordinary window.
    expect(setup('linux').window.options.type).toBeUndefined();
  });

  it('the overlays: hidden in Mission Control too', () => {
    expect(overlayWindowOptions('/p.cjs', { x: 0, y: 0, width: 10, height: 10 })).toMatchObject({ hiddenInMissionControl: true, transparent: true, focusable: false });
  });
});
