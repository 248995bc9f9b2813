import type { SettingsStore } from '../../app/settings/store.js';
import type { Settings, SettingsPatch } from '../../contract/settings.js';
import type { StateHub } from './state-hub.js';

/**
 * The settings in force: the store on disk plus their effects on the system (the hotkey,
 * the login item). No electron here; main passes the effects in, the tests pass fakes.
 */

/** The system side of settings. Each returns a sentence for the user when it could not apply. */
export interface SettingsEffects {
  /** Registers `hotkey` (unregistering the previous one), or none when paused. */
  applyHotkey(hotkey: string, paused: boolean): string | undefined;
  applyLaunchAtLogin(enabled: boolean): string | undefined;
}

/** The settings service. */
export interface SettingsService {
  current(): Settings;
  /** Applies and saves a change; a hotkey that cannot be registered is not kept. */
  update(patch: SettingsPatch): Promise<{ settings: Settings; problems: string[] }>;
}

/** Applies `initial` at once (registering the hotkey) and reports problems through the hub's notices. */
export function createSettingsService(deps: { store: SettingsStore; hub: StateHub; effects: SettingsEffects; initial: Settings }): SettingsService {
  let settings = deps.initial;
  const startProblems = [deps.effects.applyHotkey(settings.hotkey, settings.paused)].filter((p): p is string => p !== undefined);
  if (startProblems.length > 0) deps.hub.update({ notices: [...deps.hub.get().notices, ...startProblems] });

  return {
    current: () => settings,
    async update(patch) {
      const next: Settings = { ...settings, ...patch };
      const problems: string[] = [];
      if (next.hotkey !== settings.hotkey || next.paused !== settings.paused) {
        const problem = deps.effects.applyHotkey(next.hotkey, next.paused);
        if (problem) {
          problems.push(problem);
          // Put the hotkey that worked back, so Glance is never left without one silently.
          deps.effects.applyHotkey(settings.hotkey, settings.paused);
          next.hotkey = settings.hotkey;
          next.paused = settings.paused;
        }
      }
      if (next.launchAtLogin !== settings.launchAtLogin) {
        const problem = deps.effects.applyLaunchAtLogin(next.launchAtLogin);
        if (problem) {
          problems.push(problem);
          next.launchAtLogin = settings.launchAtLogin;
        }
      }
      await deps.store.save(next);
      settings = next;
      deps.hub.update({ hotkey: settings.hotkey, paused: settings.paused });
      return { settings, problems };
    },
  };
}
