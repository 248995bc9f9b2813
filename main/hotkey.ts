import type { GlobalShortcut } from 'electron';
import type { SettingsProblem } from '../contract/notices.js';

/** A hotkey that could not be registered, as the facts the panel words (renderer/src/words/notices.ts). */
type HotkeyProblem = Extract<SettingsProblem, { kind: 'hotkey' }>;

/** Registers the one global hotkey and replaces it when the settings change. */
export interface HotkeyRegistrar {
  /** Registers `hotkey` (none when paused); returns what went wrong when it failed. */
  apply(hotkey: string, paused: boolean): HotkeyProblem | undefined;
}

/**
 * What to do when a press does nothing. macOS can give a chord to another app, or to itself
 * (input sources, Spotlight), while register still says yes: Glance is never told, and the
 * user sees only that nothing happens. Said where they look then: the tray menu's Open Glance.
 */
export function hotkeySilentHint(hotkey: string): string {
  return `If pressing ${hotkey} does nothing, another app or macOS takes it first. Choose another hotkey in Settings.`;
}

/**
 * The hotkey. `globalShortcut.register` returns false when another app owns the chord (and
 * throws on a malformed accelerator); either way the user is told which hotkey failed and
 * what to do, never left pressing a dead key. A conflict macOS does not report is named in the
 * tray menu instead (hotkeySilentHint).
 */
export function createHotkeyRegistrar(shortcuts: Pick<GlobalShortcut, 'register' | 'unregister'>, onPress: () => void): HotkeyRegistrar {
  let registered: string | undefined;
  return {
    apply(hotkey, paused) {
      if (registered) shortcuts.unregister(registered);
      registered = undefined;
      // Paused means nothing in the background listens: the chord goes back to other apps.
      if (paused) return undefined;
      let ok: boolean;
      try {
        ok = shortcuts.register(hotkey, onPress);
      } catch {
        // The chord is not one macOS accepts: register threw.
        return { kind: 'hotkey', hotkey, problem: 'invalid' };
      }
      // Another app already owns the chord: register said false.
      if (!ok) return { kind: 'hotkey', hotkey, problem: 'taken' };
      registered = hotkey;
      return undefined;
    },
  };
}
