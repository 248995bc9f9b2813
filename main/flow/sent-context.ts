import { contextParts, type SentContext, planOutgoing, type Outgoing, shownIds, type PrivacyService } from '../../app/host.js';
import type { PromptPart } from '../../contract/agent.js';
import { isLocalDestination } from '../../contract/destination.js';
import type { CollectedContext } from './press.js';

/** What a press holds that decides what its questions carry: its context, and the user's choice to ask without it. */
export interface Held {
  collected(): CollectedContext | undefined;
  withoutContext(): boolean;
}

/** The removals and restorations of one request, as the panel names them. */
export interface Choices {
  removedIds: string[];
  /** Withheld or rule-excluded ids the user restored for this message (app/privacy). */
  allowedIds?: string[];
}

/**
 * What one request sends (app/privacy): the tree without the user's removals, the standing
 * exclusions and what holds a secret, less what the user restored for this message; nothing
 * when the app's rule is `local` and the backend chosen since collecting is not on this machine.
 */
export function contextFor(held: Held, choices: Choices, privacy?: Pick<PrivacyService, 'destination'>): { context: SentContext; outgoing?: Outgoing } {
  const collected = held.collected();
  // Nothing was collected: no receipt either, since no request carries an app's context (docs/privacy.md).
  // Why no context goes is told as a kind (app/agent/no-context.ts): Glance's own words, never the app's name.
  if (!collected) return { context: { root: null, missing: held.withoutContext() ? 'without-context' : 'not-collected' } };
  const destination = privacy?.destination();
  if (collected.screening?.rule === 'local' && destination && !isLocalDestination(destination)) return { context: { root: null, missing: 'local' } };
  // The panel names an element whose id holds a secret as its withheld@N (describe.ts, screeningView).
  const names = shownIds(collected.screening?.withheld ?? []);
  const outgoing = planOutgoing(collected.root, collected.screening, { removed: new Set(choices.removedIds.map(names.resolve)), allowed: new Set((choices.allowedIds ?? []).map(names.resolve)) });
  // Read through Accessibility, the agent's frame says so (app/agent/prompt.ts): a weaker source than a provider.
  const context: SentContext = outgoing.root ? { appName: collected.appName, root: outgoing.root, source: collected.source.kind } : { root: null, ...(outgoing.missing ? { missing: outgoing.missing } : {}) };
  return { context, outgoing };
}

/**
 * The preview is asked for on every pause in typing; the rendered context changes only with
 * the removals. Rendering a 20,000-element tree again for each keystroke took most of the
 * preview's time, so the last rendering is kept for its context and set of removals.
 */
export function renderedContexts(held: Held, privacy?: Pick<PrivacyService, 'destination'>): (choices: Choices) => { context: SentContext; parts: PromptPart[] } {
  let rendered: { collected: CollectedContext; key: string; context: SentContext; parts: PromptPart[] } | undefined;
  return (choices) => {
    const collected = held.collected();
    const key = `${[...choices.removedIds].sort().join('\n')}\n--allowed--\n${[...(choices.allowedIds ?? [])].sort().join('\n')}\n--to--\n${JSON.stringify(privacy?.destination() ?? null)}`;
    if (collected && rendered?.collected === collected && rendered.key === key) return rendered;
    const { context } = contextFor(held, choices, privacy);
    const parts = contextParts(context);
    if (collected) rendered = { collected, key, context, parts };
    return { context, parts };
  };
}
