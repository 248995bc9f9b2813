import type { NoContextKind } from '../agent/no-context.js';
import type { SentContext } from '../agent/prompt.js';
import { planOutgoing, type Outgoing } from '../privacy/outgoing.js';
import { localRuleBlocks } from '../rules/gate.js';
import { shownIds } from '../withhold/shown.js';
import type { Destination } from '../../contract/destination.js';
import type { AskSubject } from './subject.js';

/** The user's choices for one question: what they left out, and what they restored for it. */
export interface AskChoices {
  /** Ids the user removed (the panel's removals, `ask --exclude`), as shown: an id holding a secret as its `withheld@N`. */
  removed: readonly string[];
  /** Withheld or rule-excluded ids the user sends with this question anyway (`ask --allow`), as shown. */
  allowed?: readonly string[];
}

/** What one question carries: the context as sent, and with a collected tree the plan of what goes and what was left out. */
export interface AskPlan {
  context: SentContext;
  outgoing?: Outgoing;
}

/**
 * What one question sends (app/privacy): the tree without the user's removals, the standing
 * exclusions and what holds a secret, less what the user restored for it; nothing, with the
 * kind of reason the model is told, when nothing was collected (or the user asks without
 * it), or the app's rule is `local` and `destination` is not on this machine (a backend
 * chosen since collecting).
 */
export function planAsk(subject: AskSubject, choices: AskChoices, destination: Destination): AskPlan {
  const alone = (missing: NoContextKind): AskPlan => ({ context: { root: null, missing } });
  if (typeof subject === 'string') return alone(subject);
  if (localRuleBlocks(subject.screening?.rule, destination)) return alone('local');
  // The panel and the command name an element whose id holds a secret as its withheld@N (app/withhold/shown.ts).
  const names = shownIds(subject.screening?.withheld ?? []);
  const outgoing = planOutgoing(subject.root, subject.screening, {
    removed: new Set(choices.removed.map(names.resolve)),
    allowed: new Set((choices.allowed ?? []).map(names.resolve)),
  });
  // Read through Accessibility, the agent's frame says so (app/agent/prompt.ts): a weaker source than a provider.
  const context: SentContext = outgoing.root
    ? { appName: subject.appName, root: outgoing.root, source: subject.source.kind }
    : { root: null, ...(outgoing.missing ? { missing: outgoing.missing } : {}) };
  return { context, outgoing };
}
