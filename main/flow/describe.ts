import type { FrontApp } from '../../app/os/types.js';
import { oneLine, panelTree, shownIds } from '../../app/host.js';
import type { Collection } from '../../app/invocation/types.js';
import type { Screening } from '../../app/privacy/types.js';
import type { Failure, Invocation, ScreeningView } from '../../contract/ipc.js';

/**
 * Every outcome of an invocation in words (issue 4: "never silently partial"). Messages name
 * apps and providers and say what happened; they never quote a title, content or a url
 * (docs/protocol.md, "What never leaves the host").
 */

/** What a user can do about an app without a provider: nothing in Glance, but there is something to try. */
export const NO_PROVIDER_HINT = "An app shares context once its developer adds a provider to it. To see what Glance does meanwhile, choose Try with Sample Notes in Glance's menu.";

/** The name to use for an app in a sentence: its name, else its bundle id, else its pid. */
export function appDisplayName(app: FrontApp): string {
  return app.name?.trim() || app.bundleId || `the app with process id ${app.pid}`;
}

/** What describing needs besides the collection. */
export interface DescribeContext {
  id: number;
}

/** The core's reasons are sentence fragments ("Notes did not answer within 1.5 s"): make them sentences. */
export function sentence(text: string): string {
  const trimmed = text.trim();
  const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}

/** The panel's view of a finished collection. */
export function describeCollection(collection: Collection, context: DescribeContext): Invocation {
  const appName = collection.kind === 'collected' || collection.kind === 'no-answer' || collection.kind === 'refused' || collection.kind === 'ruled-out'
    ? oneLine(collection.provider.name) || appDisplayName(collection.app)
    : appDisplayName(collection.app);
  const base = { id: context.id, appName, details: [] as string[], root: null };
  switch (collection.kind) {
    case 'collected': {
      // Never silently partial: what the tolerant reader cut and what else was ignored, by name.
      const details = [...collection.warnings.map((w) => sentence(`${appName}'s answer was adjusted: ${w}`)), ...collection.ignored.map(sentence)];
      const { screening } = collection;
      // A withheld element reaches the panel without the parts holding its secret (app/withhold/shown.ts): the row never shows it.
      const root = screening ? panelTree(collection.answer.root, screening.withheld) : collection.answer.root;
      return { ...base, phase: 'collected', message: `Context from ${appName}`, details, root, ...(screening ? { screening: screeningView(screening) } : {}) };
    }
    case 'no-provider':
      // Most apps do not speak the protocol yet: say what would make this work, and what to try now.
      return { ...base, phase: 'failed', message: sentence(collection.reason), details: [NO_PROVIDER_HINT], failure: 'no-provider' };
    case 'ignored': {
      const [first, ...rest] = collection.reasons;
      return { ...base, phase: 'failed', message: sentence(first ?? `the provider for ${appName} was ignored`), details: rest.map(sentence), failure: 'ignored' };
    }
    case 'no-answer':
      return { ...base, phase: 'failed', message: sentence(collection.reason), failure: collection.timedOut ? 'timeout' : 'no-answer' };
    case 'refused':
      return { ...base, phase: 'failed', message: sentence(collection.reason), failure: 'refused' };
    case 'ruled-out':
      // The user's own rule (app/privacy): said as it is, nothing was asked of the app.
      return { ...base, phase: 'failed', message: sentence(collection.reason), failure: 'ruled-out', ruledOutBy: collection.rule };
    case 'cancelled':
      return cancelledInvocation(context.id, appName);
  }
}

/**
 * The screening as the panel shows it: ids and the words for why, nothing else; an id that
 * holds a secret as its `withheld@N`, as the panel's tree names it (panelTree).
 */
export function screeningView(screening: Screening): ScreeningView {
  const names = shownIds(screening.withheld);
  return {
    rule: screening.rule,
    excludedByRule: screening.excludedByRule.map(({ id, rule }) => ({ id: names.show(id), rule })),
    withheld: screening.withheld.map(({ id, kind }) => ({ id: names.show(id), kind })),
  };
}

/** The invocation with a secret Glance holds blanked wherever its words could carry one: the app's name, the sentences. */
export function redactWords(invocation: Invocation, redact: (text: string) => string): Invocation {
  return { ...invocation, appName: redact(invocation.appName), message: redact(invocation.message), details: invocation.details.map(redact) };
}

/** The invocation after the user removed the app's context, or closed the panel, while it was being collected. */
export function cancelledInvocation(id: number, appName: string, by: 'removed' | 'closed' = 'removed'): Invocation {
  const what = by === 'removed' ? `You removed ${appName}'s context.` : `You closed the panel while Glance was collecting from ${appName}.`;
  return {
    id,
    appName,
    phase: 'cancelled',
    message: `${what} Glance stopped asking, and an answer that still arrives is discarded.`,
    details: [],
    root: null,
  };
}

/** The invocation while the request is on its way. */
export function collectingInvocation(id: number, appName: string): Invocation {
  return { id, appName, phase: 'collecting', message: `Collecting context from ${appName}…`, details: [], root: null };
}

/** An invocation that failed before any provider was asked (front app unknown, an error). */
export function failedInvocation(id: number, appName: string, message: string, failure: Failure = 'internal', details: string[] = []): Invocation {
  return { id, appName, phase: 'failed', message, details, root: null, failure };
}
