import { sentence, type Invocation, type SampleFailure } from '../../../contract/invocation.js';
import type { RuleName } from '../../../contract/privacy.js';
import type { SourceKind } from '../../../contract/sources.js';

/**
 * The panel's one sentence for where a press stands (the status line a screen reader hears,
 * a problem card's Details), from the facts main sends: the phase, the failure's kind, and
 * the core's own reason where it gave one. `app` is the app's name, provider text.
 */

/** What a rule the user just set means for the app, as the panel confirms it. */
export const RULE_DONE: Record<RuleName, (app: string) => string> = {
  never: (app) => `Glance will never read context from ${app}. What it collected just now is not sent.`,
  local: (app) => `${app}'s context now goes only to the offline answerer or a model server on this Mac.`,
  allow: (app) => `${app}'s context goes to whichever model you choose.`,
};

/** The status line of a collected context, by where it came from: a read through Accessibility says so. */
const COLLECTED_FROM: Record<SourceKind, (app: string) => string> = {
  provider: (app) => `Context from ${app}`,
  accessibility: (app) => `Context from ${app}, read through Accessibility`,
};

/** Why Sample Notes did not start, and what to do. */
function sampleWords(app: string, failure: SampleFailure | undefined): string {
  switch (failure?.kind) {
    case 'quit':
      return `${app} quit before it was ready. Try again; if it keeps quitting, reinstall Glance.`;
    case 'slow':
      return `${app} did not start within ${Math.round(failure.withinMs / 1000)} s. Try again in a moment.`;
    case 'not-started':
    case undefined:
      return `${app} could not be started. Reinstalling Glance may help.`;
  }
}

/**
 * The sentence for a press that failed, when the core gave no reason of its own. Every failure
 * is named (no `default`), so a new kind in the contract is named here by the compiler.
 */
function failureWords(invocation: Invocation): string {
  const app = invocation.appName;
  switch (invocation.failure) {
    case 'glance-in-front':
      return 'Glance itself is in front. Switch to the app you want to ask about, then press the hotkey.';
    case 'no-front-app': {
      // What the OS said, then what to do in the panel's terms (the command's `--pid` advice is not the OS's cause).
      const cause = invocation.frontAppCause;
      return `Glance cannot tell which app is in front${cause ? ` (${cause})` : ''}. Bring the app you want to ask about to the front, then press the hotkey again.`;
    }
    case 'sample-failed':
      return sampleWords(app, invocation.sampleFailure);
    case 'ignored':
      return `The provider for ${app} was ignored.`;
    case 'ruled-out':
      // Without the core's reason, the user set "never" from the panel just now.
      return RULE_DONE.never(app);
    // The others come with the core's own reason (statusWords); without one, said as Glance's failure.
    case 'no-provider':
    case 'timeout':
    case 'no-answer':
    case 'refused':
    case 'internal':
    case 'accessibility-consent':
    case 'accessibility-never':
    case 'accessibility-permission':
    case 'accessibility-unreadable':
    case undefined:
      return `Glance could not collect ${app}'s context because of an internal error.`;
  }
}

/** The one sentence for the press: "Collecting context from Notes…", "Notes did not answer within 1.5 s." */
export function statusWords(invocation: Invocation): string {
  const app = invocation.appName;
  switch (invocation.phase) {
    case 'collecting':
      return `Collecting context from ${app}…`;
    case 'collected':
      // A view that names no source is said without one.
      return invocation.source ? COLLECTED_FROM[invocation.source](app) : `Context from ${app}`;
    case 'cancelled': {
      const what = invocation.cancelledBy === 'closed' ? `You closed the panel while Glance was collecting from ${app}.` : `You removed ${app}'s context.`;
      // Plainly: what happened, then that it stopped. How a late answer is dropped is Glance's business.
      return `${what} Stopped.`;
    }
    case 'failed':
      return invocation.reason ?? failureWords(invocation);
  }
}

/**
 * The review's mark on a context read through Accessibility, a weaker source than a provider
 * (`{app}`: the app's name, drawn as provider text).
 */
export const THROUGH_ACCESSIBILITY = 'Read through Accessibility: {app} doesn’t share context itself';

/** The same mark where the context is named in a few words (the conversation's strip, History's line), and its why on hover. */
export const SOURCE_MARK = 'through Accessibility';
export const SOURCE_MARK_WHY = 'Read through Accessibility: the app doesn’t share context itself';

/** The notes under the context: what the tolerant reader cut, then what else the core ignored, by name. */
export function detailWords(invocation: Invocation): string[] {
  return [...(invocation.adjusted ?? []).map((cut) => sentence(`${invocation.appName}'s answer was adjusted: ${cut}`)), ...invocation.details];
}
