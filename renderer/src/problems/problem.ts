import { MAX_TIMEOUT_MS } from '../../../contract/settings.js';
import { spokenFor } from '../keys/mac-keys.js';
import { statusWords } from '../words/invocation.js';
import { failedTurnWords } from '../words/answer.js';
import type { ConsentKey } from '../../../contract/privacy.js';
import { consentKeyed } from './consent-card.js';
import type { Failure, Invocation, Turn } from '../../../contract/invocation.js';

/** What a button on a problem card does. */
export type ProblemAction =
  | 'try-again' | 'sample' | 'longer' | 'settings' | 'ask-again' | 'answer-offline' | 'ask-without' | 'reset-rules'
  // An app without a provider, read through Accessibility: the consent card's three choices, the permission's pane, a read once more.
  | 'read-once' | 'read-always' | 'read-never' | 'open-accessibility' | 'read-again';

/**
 * A failure said for a person: a plain headline, one line of why, the ways forward (the
 * first is the main one), and the press's sentence and the core's reasons under Details. `{app}` in a text stands
 * for the app's name, which the card draws as provider text.
 */
export interface Problem {
  /**
   * Only a real failure is an `error` (red, an alert). `info` says how things stand and what to
   * do (an app that doesn't share context, a rule, a question asked first); `neutral` is a cancel,
   * the user's own doing. Neither is ever red.
   */
  tone: 'error' | 'attention' | 'info' | 'neutral';
  headline: string;
  why: string;
  actions: ProblemAction[];
  details: string[];
  /** Details shown open: they are the notice itself (a damaged rules file's path and why). */
  detailsOpen?: boolean;
  /** What `{id}` stands for in the why and the buttons (provider text, as `{app}` is): a consent card's program. */
  id?: string;
  /** Buttons worded for this card rather than as every card words them (words/actions.ts). */
  labels?: Partial<Record<ProblemAction, string>>;
}

/** The longer time limit offered after a timeout: double, at least 3 s, at most the settings' longest (10 s). */
export function longerLimitMs(currentMs: number): number {
  return Math.min(MAX_TIMEOUT_MS, Math.max(3000, currentMs * 2));
}

/** Seconds as a person says them: "1.5 seconds", "1 second". */
export function seconds(ms: number): string {
  const value = ms / 1000;
  return `${value.toLocaleString(undefined, { maximumFractionDigits: 2 })} second${value === 1 ? '' : 's'}`;
}

/** The card for an invocation that failed or was cancelled: every failure is named, so the compiler names a new one here. */
export function collectionProblem(invocation: Invocation, context: { hotkey: string; timeoutMs: number }): Problem {
  const said = statusWords(invocation);
  const details = [said, ...invocation.details];
  const press = `then press ${spokenFor(context.hotkey)}`;
  if (invocation.phase === 'cancelled') {
    return { tone: 'neutral', headline: 'Stopped collecting', why: said, actions: ['try-again'], details: [] };
  }
  switch (invocation.failure) {
    case 'no-provider':
      // What would make this work, and the button for what to try now.
      return { tone: 'info', headline: '{app} doesn’t share context yet', why: 'An app shares its context once its developer adds a provider. Sample Notes shows what Glance does meanwhile.', actions: ['sample'], details: [said] };
    case 'timeout':
      return { tone: 'error', headline: '{app} didn’t answer in time', why: `Glance waited ${seconds(context.timeoutMs)}. A busy app can need longer.`, actions: ['try-again', 'longer'], details };
    case 'no-answer':
      return { tone: 'error', headline: '{app} didn’t answer', why: 'Its provider is running but gave no usable answer.', actions: ['try-again'], details };
    case 'refused':
      return { tone: 'error', headline: '{app} turned the request down', why: 'The app refused to share its context this time.', actions: ['try-again'], details };
    case 'ignored':
      return { tone: 'error', headline: 'Glance didn’t ask {app}', why: 'Its provider failed one of Glance’s safety checks, so nothing was read from it.', actions: ['try-again', 'sample'], details };
    case 'no-front-app':
      return { tone: 'error', headline: 'Glance can’t tell which app is in front', why: `Click in the app you want to ask about, ${press}.`, actions: ['sample'], details };
    case 'glance-in-front':
      return { tone: 'info', headline: 'Glance itself is in front', why: `Bring the app you want to ask about to the front, ${press}.`, actions: ['sample'], details: [] };
    case 'ruled-out':
      return ruledOutProblem(invocation);
    case 'accessibility-consent':
      return consentKeyed(accessibilityProblem(invocation.failure, [said], invocation.electronApp === true), invocation.consentKey);
    case 'accessibility-never':
      return invocation.passwordManager ? passwordManagerProblem(invocation.consentKey, [said]) : accessibilityProblem(invocation.failure, [said]);
    case 'accessibility-permission':
    case 'accessibility-unreadable':
      return accessibilityProblem(invocation.failure, [said], invocation.electronApp === true);
    case 'sample-failed':
      return { tone: 'error', headline: 'Sample Notes didn’t start', why: 'Glance could not start its sample app this time.', actions: ['try-again'], details };
    // Glance's own failure, or a failed view that names none.
    case 'internal':
    case undefined:
      return { tone: 'error', headline: 'Glance couldn’t collect {app}’s context', why: 'Something went wrong inside Glance.', actions: ['try-again'], details };
  }
}

type AccessibilityFailure = Extract<Failure, `accessibility-${string}`>;

/** Each accessibility card's words and ways forward: one row per kind, the compiler holding the set. */
const ACCESSIBILITY_CARDS: Record<AccessibilityFailure, Omit<Problem, 'details'>> = {
  // Not a fault: a question. "Read it this time" is the main way forward, and nothing is read before it.
  'accessibility-consent': {
    tone: 'info',
    headline: '{app} doesn’t share context itself',
    why: 'Glance can read it through Accessibility instead: the front window’s title, the document’s address and the text you selected, never a password field or another window. An app that shares context itself gives more.',
    actions: ['read-once', 'read-always', 'read-never'],
  },
  // As for an app without a provider before this path existed: Sample Notes shows what Glance does meanwhile.
  'accessibility-never': {
    tone: 'info',
    headline: 'You chose never to read {app} through Accessibility',
    why: 'It doesn’t share context itself, so nothing was read. Settings › Rules changes this; Sample Notes shows what Glance does meanwhile.',
    actions: ['settings', 'sample'],
  },
  // Nothing failed: a permission the user has yet to grant, so a request for attention, not an error in red.
  'accessibility-permission': {
    tone: 'attention',
    headline: 'Glance needs the Accessibility permission',
    why: '{app} doesn’t share context itself, and reading it through Accessibility needs macOS’s permission. Turn on Glance in System Settings › Privacy & Security › Accessibility, then try again.',
    actions: ['open-accessibility', 'read-again'],
  },
  'accessibility-unreadable': {
    tone: 'error',
    headline: 'Glance couldn’t read {app} through Accessibility',
    why: 'Nothing was read from it this time; the reason is under Details.',
    actions: ['read-again'],
  },
};

/**
 * A password manager with nothing stored (contract/password-managers.ts): the `never` is Glance's
 * default, not the user's choice, so the card says whose it is and the way to read it after all: the
 * command that stores the user's own `always`, the app named by its bundle id (`{id}`, drawn as provider text).
 */
function passwordManagerProblem(key: ConsentKey | undefined, details: string[]): Problem {
  return {
    tone: 'info',
    headline: 'Glance doesn’t read password managers through Accessibility',
    why: '{app} keeps your passwords, so Glance leaves it unread. To have it read whenever you ask, run “glance rules accessibility {id} always” in Terminal; Sample Notes shows what Glance does meanwhile.',
    actions: ['sample'],
    ...(key ? { id: key.bundleId } : {}),
    details,
  };
}

/**
 * The cards of an app without a provider (docs/privacy.md, "Apps without a provider"): the
 * consent asked before anything is read, the user's `never`, macOS's permission, a read that
 * gave nothing. What this path reads is said on the consent card itself, before the choice.
 */
function accessibilityProblem(failure: AccessibilityFailure, details: string[], electronApp = false): Problem {
  const card = ACCESSIBILITY_CARDS[failure];
  // What the first read turns on in an app built on Electron, said before the choice (docs/privacy.md).
  const why = electronApp && failure === 'accessibility-consent' ? `${card.why} ${ELECTRON_CONSENT}` : card.why;
  return { ...card, why, details };
}

/** The consent card's words for an Electron app: reading it turns on its accessibility support. */
const ELECTRON_CONSENT =
  '{app} is built on Electron: the first read turns on its accessibility support until it quits, which can slow it down, and in VS Code switches on its screen-reader mode.';

/** The card for an app the user's rules kept out: each rule its own true reason and way forward. */
function ruledOutProblem(invocation: Invocation): Problem {
  const details = [statusWords(invocation)];
  switch (invocation.ruledOutBy) {
    case 'local':
      // Not a refusal of the app: its context may go, only not to where the settings point now.
      return {
        tone: 'info',
        headline: '{app} shares context only with local models',
        why: 'Your rule keeps this app’s context on this Mac, and the model chosen in Settings is elsewhere, so Glance didn’t ask the app. Answer offline, ask the chosen model without this app’s context, or choose a model server on this Mac.',
        // As `glance ask` carries on without the context (docs/cli.md), the question may still go, alone.
        actions: ['answer-offline', 'ask-without', 'settings'],
        details,
      };
    case 'damaged':
      // Failing closed is Glance's doing, not the user's: an error, with the notice itself in view.
      return {
        tone: 'error',
        headline: 'Glance can’t read your rules',
        why: 'Until it can, Glance reads no app’s context. The file is left as it is, so no rule is lost: Reset rules starts over and keeps the damaged file beside the new one.',
        actions: ['reset-rules', 'settings'],
        details,
        detailsOpen: true,
      };
    case 'never':
    case undefined:
      // The user's own choice, not a fault: said neutrally, and Settings is where the rule is undone.
      return { tone: 'info', headline: 'Your rule keeps {app} out', why: 'You chose never to read context from this app, so nothing from it goes to a model.', actions: ['settings'], details };
  }
}

/** The card for a question whose answer failed, by the backend's failure kind (each named: the compiler names a new one here). */
export function answerProblem(turn: Turn, backend: string): Problem {
  const details = [failedTurnWords(turn)];
  switch (turn.kind) {
    case 'no-key':
      return { tone: 'error', headline: 'An API key is needed', why: `${backend} needs an API key; add it in Settings.`, actions: ['settings'], details };
    case 'unreachable':
      return { tone: 'error', headline: `Can’t reach ${backend}`, why: 'Check the connection, or the server address in Settings.', actions: ['ask-again', 'settings'], details };
    case 'refused':
      return { tone: 'error', headline: `${backend} didn’t accept the key`, why: 'The API key was refused; store a valid one in Settings.', actions: ['settings'], details };
    case 'rate-limited':
      return { tone: 'error', headline: `${backend} is busy`, why: 'Too many requests for now; wait a moment and ask again.', actions: ['ask-again'], details };
    case 'server-error':
      return { tone: 'error', headline: `${backend} had a problem`, why: 'The server failed while answering; asking again often works.', actions: ['ask-again'], details };
    case 'bad-request':
      return { tone: 'error', headline: `${backend} didn’t take the question`, why: 'The model name or the request may not be supported; check Settings.', actions: ['settings', 'ask-again'], details };
    case 'redirected':
      return { tone: 'error', headline: `${backend} redirected the question`, why: 'It answered with a redirect to another address; Glance does not follow one. Check the server address in Settings.', actions: ['settings'], details };
    case 'timeout':
      return { tone: 'error', headline: `${backend} took too long`, why: 'The answer didn’t finish within the model’s time limit.', actions: ['ask-again'], details };
    // What came back could not be read, or the turn names no kind.
    case 'bad-response':
    case 'cancelled':
    case 'not-recorded':
    case undefined:
      return { tone: 'error', headline: 'The answer couldn’t be read', why: 'The reply was not in a form Glance understands.', actions: ['ask-again', 'settings'], details };
  }
}
