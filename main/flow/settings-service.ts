import type { SettingsStore } from '../../app/host.js';
import type { Notice, SettingsProblem } from '../../contract/notices.js';
import type { Settings, SettingsPatch } from '../../contract/settings.js';
import type { LoginItemOutcome } from './login-item.js';
import type { Notices } from './notices.js';
import type { StateHub } from './state-hub.js';

/**
 * The settings in force: the store on disk plus their effects on the system (the hotkey,
 * the login item). No electron here; main passes the effects in, the tests pass fakes.
 */

/** The system side of settings. Each says, as a problem the panel words, what did not apply. */
export interface SettingsEffects {
  /** Registers `hotkey` (unregistering the previous one), or none when paused. */
  applyHotkey(hotkey: string, paused: boolean): Extract<SettingsProblem, { kind: 'hotkey' }> | undefined;
  /** Asks the system to open Glance at login, or not, and says what the system does now. */
  applyLaunchAtLogin(enabled: boolean): LoginItemOutcome;
  /** What the system does now, at start (undefined where it keeps no login items). */
  launchAtLogin(): LoginItemOutcome | undefined;
  /** Why "Keep what was sent" cannot be on here (no way to encrypt), or undefined when it can. */
  keepPayloadsProblem(): Promise<Extract<SettingsProblem, { kind: 'payload-keeping' }> | undefined>;
}

/** The settings service. */
export interface SettingsService {
  current(): Settings;
  /** Applies and saves a change; a hotkey that cannot be registered is not kept. */
  update(patch: SettingsPatch): Promise<{ settings: Settings; problems: SettingsProblem[] }>;
  /** Whether "Keep what was sent" can keep anything here, for the view to say before it is touched. */
  payloadKeeping(): Promise<{ available: boolean; problem?: Extract<SettingsProblem, { kind: 'payload-keeping' }> }>;
}

/** Applies `initial` at once (registering the hotkey) and adds its problems to the notices. */
export function createSettingsService(deps: { store: SettingsStore; hub: Pick<StateHub, 'push'>; notices: Pick<Notices, 'add'>; effects: SettingsEffects; initial: Settings; changed?(): void }): SettingsService {
  let settings = deps.initial;
  // Launch at login is what the system says (the user may have changed it in System Settings).
  // Kept here; the file follows with the next change.
  const login = deps.effects.launchAtLogin();
  if (login) settings = { ...settings, launchAtLogin: login.enabled };
  const startProblems = [deps.effects.applyHotkey(settings.hotkey, settings.paused), login?.problem].filter((p): p is Notice & SettingsProblem => p !== undefined); // hotkey and login-item problems are notices too
  deps.notices.add(startProblems);

  return {
    current: () => settings,
    async payloadKeeping() {
      const problem = await deps.effects.keepPayloadsProblem();
      return problem ? { available: false, problem } : { available: true };
    },
    async update(patch) {
      const next: Settings = { ...settings, ...patch };
      const problems: SettingsProblem[] = [];
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
        // The setting becomes what the system did, which may not be what was asked.
        const outcome = deps.effects.applyLaunchAtLogin(next.launchAtLogin);
        if (outcome.problem) problems.push(outcome.problem);
        next.launchAtLogin = outcome.enabled;
      }
      if (next.keepPayloads && !settings.keepPayloads) {
        // Never "Saved" for a switch that would keep nothing: it stays off, and the reason is said beside it.
        const problem = await deps.effects.keepPayloadsProblem();
        if (problem) {
          problems.push(problem);
          next.keepPayloads = false;
        }
      }
      await deps.store.save(next);
      settings = next;
      deps.hub.push({ hotkey: settings.hotkey, paused: settings.paused });
      // The invocation on screen decides again what its `local` rule blocks, under the backend chosen now.
      deps.changed?.();
      return { settings, problems };
    },
  };
}
