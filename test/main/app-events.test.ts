// How Glance answers the app's own events, with an EventEmitter in
// the place of Electron's `app` (the events main/index.ts passes it): opening Glance again shows
// the panel (macOS sends `activate`, other platforms `second-instance`); closing every window
// does not quit; the panel's close may destroy it only once Glance is quitting.
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { answerAppEvents, trackQuitting, type AppEvents } from '../../main/app-events.js';

function fakeApp() {
  return new EventEmitter() satisfies AppEvents;
}

describe('the app events', () => {
  it('activate (Finder, open -a on macOS) shows the panel, as a second launch does elsewhere', () => {
    const app = fakeApp();
    const shown: string[] = [];
    answerAppEvents(app, { showPanel: () => shown.push('shown'), onQuit: () => undefined });
    app.emit('activate', {}, false);
    expect(shown).toEqual(['shown']);
    app.emit('second-instance', {}, [], '/');
    expect(shown).toEqual(['shown', 'shown']);
  });

  it('closing every window does not quit (a listener is there, so Electron does not quit); will-quit cleans up', () => {
    const app = fakeApp();
    let quit = 0;
    answerAppEvents(app, { showPanel: () => undefined, onQuit: () => (quit += 1) });
    expect(app.listenerCount('window-all-closed')).toBe(1);
    app.emit('window-all-closed');
    expect(quit).toBe(0);
    app.emit('will-quit', {});
    expect(quit).toBe(1);
  });

  it('knows when Glance is quitting: from before-quit on', () => {
    const app = fakeApp();
    const life = trackQuitting(app);
    expect(life.isQuitting()).toBe(false);
    app.emit('before-quit', {});
    expect(life.isQuitting()).toBe(true);
  });
});
