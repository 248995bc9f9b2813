import type { GlobalShortcut } from 'electron';

/** Registers the one global hotkey and replaces it when the settings change. */
export interface HotkeyRegistrar {
  /** Registers `hotkey` (none when paused); returns a sentence for the user when it failed. */
  apply(hotkey: string, paused: boolean): string | undefined;
}

/**
 * The hotkey. `globalShortcut.register` returns false when another app owns the chord (and
 * throws on a malformed accelerator); either way the user is told which hotkey failed and
 * what to do, never left pressing a dead key.
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
        ok = false;
      }
      if (!ok) {
        return `Glance could not use the hotkey ${hotkey}: another app already uses it, or it is not a valid shortcut. Choose another one in Glance's settings (menu-bar icon, then Settings).`;
      }
      registered = hotkey;
      return undefined;
    },
  };
}
