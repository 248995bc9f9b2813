import type { SystemPreferences } from 'electron';
import type { AppearancePort } from './ports.js';

/** The part of systemPreferences the look needs (narrow, so a test can stand in for it). */
export type AccentPreferences = Pick<SystemPreferences, 'getAccentColor' | 'on' | 'removeListener' | 'subscribeNotification' | 'unsubscribeNotification'>;

/**
 * macOS's distributed notifications when colours change: System Settings posts the first two
 * when the accent (or highlight) colour changes, as Chromium's own observer listens for; the
 * accent resolves differently in light and dark, so a change of appearance reads it again too.
 * Electron's 'accent-color-changed' event is for Windows and Linux only (electron.d.ts).
 */
const MAC_COLOUR_NOTIFICATIONS = ['AppleColorPreferencesChangedNotification', 'AppleAquaColorVariantChanged', 'AppleInterfaceThemeChangedNotification'];

/**
 * The appearance port over Electron's systemPreferences. Only macOS and Windows have an accent
 * colour to follow (getAccentColor, RGBA hex); elsewhere the panel keeps its own blue. Only
 * macOS has the panel's vibrancy (main/config.ts: `vibrancy: 'menu'`, which other systems ignore).
 */
export function systemAppearance(preferences: AccentPreferences, platform: NodeJS.Platform): AppearancePort {
  const mac = platform === 'darwin';
  const followed = mac || platform === 'win32';
  return {
    vibrant: mac,
    accentColor: () => (followed ? preferences.getAccentColor() : undefined),
    onAccentChanged: (listener) => {
      if (mac) {
        const ids = MAC_COLOUR_NOTIFICATIONS.map((name) => preferences.subscribeNotification(name, () => listener()));
        return () => {
          for (const id of ids) preferences.unsubscribeNotification(id);
        };
      }
      if (!followed) return () => undefined;
      const onChange = (): void => listener();
      preferences.on('accent-color-changed', onChange);
      return () => {
        preferences.removeListener('accent-color-changed', onChange);
      };
    },
  };
}
