import type { Element } from '@app-context/provider-kit/protocol';
import type { RuleMatch } from '../rules/match.js';
import { applyRemovals } from '../../contract/review.js';
import type { Withheld } from '../withhold/scan.js';
import { positionRef } from '../withhold/shown.js';
import type { ReceiptFacts } from '../history/recorder.js';
import type { Screening } from './types.js';

/** The user's choices for one message: what they removed, and what they restored for it. */
export interface OutgoingChoice {
  /** Ids the user left out (the panel's removals, `ask --exclude`). */
  removed?: ReadonlySet<string>;
  /** Withheld or rule-excluded ids the user sends with this message anyway (`ask --allow`). */
  allowed?: ReadonlySet<string>;
}

/** What goes to the model for one message, and what was left out and why. */
export interface Outgoing {
  /** The tree exactly as sent, or null when nothing is. */
  root: Element | null;
  /** Every id in `root`, in document order. */
  sentIds: string[];
  /** The top of each subtree the user or a standing exclusion left out. */
  excludedIds: string[];
  /** Elements held back for a secret, each the top of what it took with it. */
  withheld: Withheld[];
  /** Elements a standing exclusion left out, each the top of what it took with it. */
  excludedByRule: RuleMatch[];
  /** Allowed ids that were neither withheld nor excluded by a rule (a typo, or a stale id). */
  unusedAllows: string[];
  /** Why nothing is sent, when root is null, for the user's own output. Never provider text. */
  reason?: string;
  /** The same as a kind, for the model (app/agent/no-context.ts): only Glance's words reach it. */
  missing?: RootLeftOut;
}

/** How the root itself came to be left out. */
type RootLeftOut = 'root-removed' | 'root-excluded' | 'root-withheld';

/**
 * Combines the screening with the user's choices: the user's removals, then the standing
 * exclusions, then the secrets, each leaving out the element with its subtree; an allowed id is
 * neither excluded by a rule nor withheld for this message. Only the top of each left-out
 * subtree is reported: what lies inside it was not sent either way. Iterative.
 */
export function planOutgoing(root: Element, screening: Screening | undefined, choice: OutgoingChoice = {}): Outgoing {
  const removed = choice.removed ?? new Set<string>();
  const allowed = choice.allowed ?? new Set<string>();
  const byRule = new Map((screening?.excludedByRule ?? []).filter((m) => !allowed.has(m.id)).map((m) => [m.id, m.rule]));
  const secret = new Map((screening?.withheld ?? []).filter((w) => !allowed.has(w.id)).map((w) => [w.id, w]));
  const known = new Set([...(screening?.excludedByRule ?? []).map((m) => m.id), ...(screening?.withheld ?? []).map((w) => w.id)]);
  const out: Outgoing = { root: null, sentIds: [], excludedIds: [], withheld: [], excludedByRule: [], unusedAllows: [...allowed].filter((id) => !known.has(id)) };
  const stack: Element[] = [root];
  while (stack.length > 0) {
    const element = stack.pop() as Element;
    const rule = byRule.get(element.id);
    const found = secret.get(element.id);
    if (removed.has(element.id)) out.excludedIds.push(element.id);
    else if (rule !== undefined) {
      out.excludedIds.push(element.id);
      out.excludedByRule.push({ id: element.id, rule });
    } else if (found !== undefined) out.withheld.push(found);
    else {
      out.sentIds.push(element.id);
      const children = element.children ?? [];
      for (let i = children.length - 1; i >= 0; i -= 1) stack.push(children[i] as Element);
    }
  }
  out.root = applyRemovals(root, new Set([...out.excludedIds, ...out.withheld.map((w) => w.id)]));
  if (out.root === null) Object.assign(out, rootReason(root.id, removed, byRule, secret));
  return out;
}

function rootReason(id: string, removed: ReadonlySet<string>, byRule: Map<string, string>, secret: Map<string, Withheld>): { reason: string; missing: RootLeftOut } {
  if (removed.has(id)) return { reason: 'the root element was excluded, so no context is sent', missing: 'root-removed' };
  const rule = byRule.get(id);
  if (rule !== undefined) return { reason: `your rule leaves out ${rule}, the root element included, so no context is sent`, missing: 'root-excluded' };
  return { reason: `the root element holds a secret (${secret.get(id)?.kind ?? 'unknown kind'}) and was withheld, so no context is sent`, missing: 'root-withheld' };
}

/**
 * The ids a receipt lists for this plan (docs/privacy.md, "What is kept on this machine"): every
 * element the scan found a secret in is named by its position (`withheld@N`, shown.ts), whether
 * it was withheld, left out by the user or a rule, or sent anyway; the others by their ids.
 */
export function receiptIds(outgoing: Outgoing, screening: Screening | undefined): Pick<ReceiptFacts, 'sentIds' | 'excludedIds' | 'withheld'> {
  const held = new Map((screening?.withheld ?? []).map((w) => [w.id, positionRef(w.position)]));
  const name = (id: string): string => held.get(id) ?? id;
  return {
    sentIds: outgoing.sentIds.map(name),
    excludedIds: outgoing.excludedIds.map(name),
    withheld: outgoing.withheld.map((w) => ({ id: positionRef(w.position), kind: w.kind })),
  };
}
