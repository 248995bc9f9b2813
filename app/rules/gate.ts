import { oneLine } from '../text/cap-text.js';
import { describeDestination, isLocalDestination, type Destination } from '../../contract/destination.js';
import type { Exclusion, RuleName } from './schema.js';
import type { RulesState } from './store.js';
import type { RuledOutBy } from '../../contract/invocation.js';

/**
 * What the user's rules say about one app right now, decided before anything is asked of its
 * provider (docs/cli.md, "Per-app rules"). Pure: the caller loads the rules and names where the
 * context would go.
 */
export type RuleVerdict =
  /** Go ahead; the standing exclusions apply to what comes back. */
  | { ok: true; rule: RuleName; exclusions: Exclusion[] }
  /** Ask nothing of this app's provider; `reason` says why in one line (no provider text). */
  | { ok: false; rule: RuledOutBy; reason: string };

/**
 * Whether the app's `local` rule keeps its context from `destination`: the one place this is
 * decided. Before asking the app (judgeApp), at each question (app/ask, planAsk: the backend
 * may have changed since collecting), and for the panel, which shows the decision (the
 * invocation's `localBlocks`) and decides nothing itself.
 */
export function localRuleBlocks(rule: RuleName | undefined, destination: Destination): boolean {
  return rule === 'local' && !isLocalDestination(destination);
}

/** The verdict for the app with this verified bundle id, when its context would go to `destination`. */
export function judgeApp(state: RulesState, bundleId: string, destination: Destination): RuleVerdict {
  // Fails closed: with the rules unreadable, nobody knows which app the user barred.
  if (!state.ok) return { ok: false, rule: 'damaged', reason: state.notice };
  const found = state.rules.find((r) => r.bundleId === bundleId);
  const rule = found?.rule ?? 'allow';
  const name = oneLine(bundleId);
  if (rule === 'never') {
    return { ok: false, rule, reason: `your rule for ${name} is "never", so Glance asks this app for nothing (\`glance rules set ${name} allow\` changes it)` };
  }
  if (localRuleBlocks(rule, destination)) {
    return {
      ok: false,
      rule: 'local',
      reason: `your rule for ${name} is "local": its context goes only to a model on this machine, and ${describeDestination(destination)} is not one, so this app was not asked`,
    };
  }
  return { ok: true, rule, exclusions: found?.exclusions ?? [] };
}
