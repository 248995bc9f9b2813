import type { FrontApp } from '../../app/os/types.js';
import { bySource, oneLine, panelTree, shownIds, type Collection } from '../../app/host.js';
import type { Screening } from '../../app/privacy/types.js';
import type { Failure, Invocation, ScreeningView } from '../../contract/ipc.js';
import { sentence } from '../../contract/invocation.js';

/**
 * Every outcome of an invocation as facts (an outcome is never silently partial): the phase, the
 * failure's kind, and the core's own reasons, which name apps and providers and never quote a
 * title, content or a url (docs/protocol.md, "What never leaves the host"). The panel's
 * sentences for them are written in renderer/src/words/.
 */

/** The name to use for an app in a sentence: its name, else its bundle id, else its pid. */
export function appDisplayName(app: FrontApp): string {
  return app.name?.trim() || app.bundleId || `the app with process id ${app.pid}`;
}

/** What describing needs besides the collection. */
export interface DescribeContext {
  id: number;
}

/** The panel's view of a finished collection. */
export function describeCollection(collection: Collection, context: DescribeContext): Invocation {
  const appName = nameOf(collection);
  const base = { id: context.id, appName, details: [] as string[], root: null };
  switch (collection.kind) {
    case 'collected': {
      // Never silently partial: what the tolerant reader cut and what else was ignored, by name.
      const details = collection.ignored.map(sentence);
      const adjusted = collection.warnings.length > 0 ? { adjusted: [...collection.warnings] } : {};
      const { screening } = collection;
      // A withheld element reaches the panel without the parts holding its secret (app/withhold/shown.ts): the row never shows it.
      const root = screening ? panelTree(collection.answer.root, screening.withheld) : collection.answer.root;
      return { ...base, phase: 'collected', details, ...adjusted, root, ...(screening ? { screening: screeningView(screening) } : {}) };
    }
    case 'no-provider':
      // Most apps do not speak the protocol yet: the panel's card says what would make this work, and offers Sample Notes.
      return { ...base, phase: 'failed', reason: sentence(collection.reason), failure: 'no-provider' };
    case 'ignored': {
      const [first, ...rest] = collection.reasons;
      return { ...base, phase: 'failed', ...(first ? { reason: sentence(first) } : {}), details: rest.map(sentence), failure: 'ignored' };
    }
    case 'no-answer':
      return { ...base, phase: 'failed', reason: sentence(collection.reason), failure: collection.timedOut ? 'timeout' : 'no-answer' };
    case 'refused':
      return { ...base, phase: 'failed', reason: sentence(collection.reason), failure: 'refused' };
    case 'ruled-out':
      // The user's own rule (app/privacy): said as it is, nothing was asked of the app.
      return { ...base, phase: 'failed', reason: sentence(collection.reason), failure: 'ruled-out', ruledOutBy: collection.rule };
    case 'cancelled':
      return cancelledInvocation(context.id, appName);
    case 'no-consent':
      // An app without a provider: the card asks (`ask`), or says the `never` (the user's, or Glance's for a password manager) and where it is changed.
      return {
        ...base,
        phase: 'failed',
        reason: sentence(collection.reason),
        failure: collection.consent === 'ask' ? 'accessibility-consent' : 'accessibility-never',
        consentKey: collection.key,
        ...(collection.passwordManager ? { passwordManager: true } : {}),
      };
    case 'unreadable':
      // The system cannot say which app this is: nothing was asked or read, as for an app without a provider (Sample Notes offered).
      if (collection.code === 'no-identity') return { ...base, phase: 'failed', reason: sentence(collection.reason), failure: 'no-provider' };
      // Consented, and nothing came: macOS's permission has its own card (it opens System Settings).
      return { ...base, phase: 'failed', reason: sentence(collection.reason), failure: collection.code === 'no-permission' ? 'accessibility-permission' : 'accessibility-unreadable' };
  }
}

/** The app as a collection names it: its provider's name, the name the OS gave an accessibility read, else the front app's. */
function nameOf(collection: Collection): string {
  if (collection.kind === 'collected') {
    const named = bySource(collection, { provider: (collected) => oneLine(collected.provider.name), accessibility: (read) => oneLine(read.identity.name) });
    return named || appDisplayName(collection.app);
  }
  const provider = 'provider' in collection ? collection.provider : undefined;
  return (provider && oneLine(provider.name)) || appDisplayName(collection.app);
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

/** The invocation with a secret Glance holds blanked wherever its words could carry one: the app's name, the core's sentences. */
export function redactWords(invocation: Invocation, redact: (text: string) => string): Invocation {
  const { reason, adjusted } = invocation;
  return {
    ...invocation,
    appName: redact(invocation.appName),
    ...(reason !== undefined ? { reason: redact(reason) } : {}),
    details: invocation.details.map(redact),
    ...(adjusted ? { adjusted: adjusted.map(redact) } : {}),
  };
}

/** The invocation after the user removed the app's context, or closed the panel, while it was being collected. */
export function cancelledInvocation(id: number, appName: string, by: 'removed' | 'closed' = 'removed'): Invocation {
  return { id, appName, phase: 'cancelled', cancelledBy: by, details: [], root: null };
}

/** The invocation while the request is on its way. */
export function collectingInvocation(id: number, appName: string): Invocation {
  return { id, appName, phase: 'collecting', details: [], root: null };
}

/** An invocation that failed before any provider was asked (front app unknown, an error); `facts` are the failure's own. */
export function failedInvocation(id: number, appName: string, failure: Failure = 'internal', facts: Pick<Invocation, 'frontAppCause' | 'sampleFailure' | 'ruledOutBy'> = {}): Invocation {
  return { id, appName, phase: 'failed', details: [], root: null, failure, ...facts };
}
