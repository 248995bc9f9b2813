/**
 * The user's standing answer to "read this app through Accessibility?" for an app without a
 * provider (docs/privacy.md, "Apps without a provider"), and what that answer is keyed by. A
 * standing `always` names one program: an app's own bundle id, or, for an interpreter's name
 * (every script of `python3.11` has the bundle id `python3.11`), the script's real path. An
 * `always` stored for an interpreter's name alone, as Glance once wrote it, grants nothing.
 */
import { isInterpreterBundleId } from '../../contract/interpreter.js';
import type { ConsentKey } from '../../contract/privacy.js';
import { isPasswordManager } from '../../contract/password-managers.js';
import type { AccessibilityConsent } from './schema.js';
import type { RulesState } from './store.js';

export type { ConsentKey } from '../../contract/privacy.js';

/** What a standing choice for the process with `bundleId` (running `program`, if an interpreter) is stored under. */
export function consentKey(bundleId: string, program: string | undefined): ConsentKey {
  if (!isInterpreterBundleId(bundleId)) return { kind: 'app', bundleId };
  return program === undefined ? { kind: 'interpreter', bundleId } : { kind: 'program', bundleId, program };
}

/** The stored consent, and whether an interpreter-wide `always` was found and not counted. */
export interface StoredConsent {
  consent: AccessibilityConsent;
  /**
   * The answer comes from what is stored for the interpreter's name alone: its `never`, which
   * refuses every program it runs, or its `always`, which names no one program and so is `ask`.
   */
  byInterpreter?: true;
  /** The `never` is Glance's default for a password manager (contract/password-managers.ts): nothing is stored for it. */
  passwordManager?: true;
}

/**
 * The consent stored for `key`: `always`, `never`, or `ask` (nothing stored). Unreadable rules
 * answer `ask`: judgeApp already stops everything then, and a consent is never inferred from a
 * damaged file. For an interpreter's name, a `never` stored for the name refuses every program it
 * runs (refusing more than asked is safe); an `always` for the name counts for none. A password
 * manager with nothing stored is `never`: its windows hold the very secrets screening keeps out.
 */
export function accessibilityConsent(state: RulesState, key: ConsentKey): StoredConsent {
  if (!state.ok) return { consent: 'ask' };
  const rule = state.rules.find((r) => r.bundleId === key.bundleId);
  if (key.kind === 'app') {
    if (rule?.accessibility !== undefined) return { consent: rule.accessibility };
    return isPasswordManager(key.bundleId) ? { consent: 'never', passwordManager: true } : { consent: 'ask' };
  }
  if (rule?.accessibility === 'never') return { consent: 'never', byInterpreter: true };
  const own = key.kind === 'program' ? rule?.programs?.find((p) => p.path === key.program)?.accessibility : undefined;
  if (own !== undefined) return { consent: own };
  return rule?.accessibility === 'always' ? { consent: 'ask', byInterpreter: true } : { consent: 'ask' };
}
