// The appearance port over Electron's systemPreferences (main/system-appearance.ts), with only
// the five members it uses stood in for (Pick<SystemPreferences, ...>): macOS follows the
// accent through its distributed notifications (Electron's 'accent-color-changed' is Windows
// and Linux only), Windows through that event; elsewhere there is no accent to follow.
import { describe, expect, it } from 'vitest';
import { systemAppearance, type AccentPreferences } from '../../main/system-appearance.js';

function fakePreferences(accent = '0a84ffff') {
  const subscriptions = new Map<number, { name: string | null; callback: () => void }>();
  const events = new Map<string, Set<() => void>>();
  let next = 1;
  const preferences = {
    getAccentColor: () => accent,
    subscribeNotification: (name: string | null, callback: () => void) => {
      subscriptions.set(next, { name, callback });
      return next++;
    },
    unsubscribeNotification: (id: number) => {
      subscriptions.delete(id);
    },
    on: (event: string, listener: () => void) => {
      events.set(event, (events.get(event) ?? new Set()).add(listener));
      return preferences;
    },
    removeListener: (event: string, listener: () => void) => {
      events.get(event)?.delete(listener);
      return preferences;
    },
  };
  return {
    preferences: preferences as unknown as AccentPreferences,
    notify: (name: string) => {
      for (const s of subscriptions.values()) if (s.name === name) s.callback();
    },
    emit: (event: string) => {
      for (const listener of events.get(event) ?? []) listener();
    },
    subscribed: () => [...subscriptions.values()].map((s) => s.name).sort(),
    listening: (event: string) => events.get(event)?.size ?? 0,
  };
}

describe('systemAppearance', () => {
  it("on macOS: vibrant, the accent from getAccentColor, followed through the colour notifications", () => {
    const fake = fakePreferences();
    const port = systemAppearance(fake.preferences, 'darwin');
    expect(port.vibrant).toBe(true);
    expect(port.accentColor()).toBe('0a84ffff');
    let heard = 0;
    const stop = port.onAccentChanged(() => (heard += 1));
    expect(fake.subscribed()).toEqual(['AppleAquaColorVariantChanged', 'AppleColorPreferencesChangedNotification', 'AppleInterfaceThemeChangedNotification']);
    fake.notify('AppleColorPreferencesChangedNotification');
    fake.notify('SomethingElse');
    expect(heard).toBe(1);
    // Electron's event never fires on macOS: listening to it would be following nothing.
    expect(fake.listening('accent-color-changed')).toBe(0);
    stop();
    expect(fake.subscribed()).toEqual([]);
  });

  it("on Windows: opaque (no vibrancy there), the accent followed through 'accent-color-changed'", () => {
    const fake = fakePreferences('ff4343ff');
    const port = systemAppearance(fake.preferences, 'win32');
    expect(port.vibrant).toBe(false);
    expect(port.accentColor()).toBe('ff4343ff');
    let heard = 0;
    const stop = port.onAccentChanged(() => (heard += 1));
    fake.emit('accent-color-changed');
    expect(heard).toBe(1);
    expect(fake.subscribed()).toEqual([]);
    stop();
    expect(fake.listening('accent-color-changed')).toBe(0);
  });

  it('on Linux: no accent and nothing followed, so the panel keeps its own blue', () => {
    const fake = fakePreferences();
    const port = systemAppearance(fake.preferences, 'linux');
    expect(port.vibrant).toBe(false);
    expect(port.accentColor()).toBeUndefined();
    port.onAccentChanged(() => undefined)();
    expect(fake.subscribed()).toEqual([]);
    expect(fake.listening('accent-color-changed')).toBe(0);
  });
});
