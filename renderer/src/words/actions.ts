import { itemsWords, type Answerer } from '../answerer.js';
import { longerLimitMs, seconds, type ProblemAction } from '../problems/problem.js';

/**
 * The panel's own words for what the user can do and what goes: the buttons of a problem card
 * and the line that says what Send carries. Main sends facts (kinds, counts, choices); the
 * sentences are written here.
 */

/** Each way forward a card offers, as its button says it. */
export function actionLabels(timeoutMs: number): Record<ProblemAction, string> {
  return {
    'try-again': 'Try again',
    sample: 'Try with Sample Notes',
    longer: `Allow ${seconds(longerLimitMs(timeoutMs))} and try again`,
    settings: 'Open Settings',
    'ask-again': 'Ask again',
    'answer-offline': 'Answer offline and try again',
    'ask-without': 'Ask without its context',
    'reset-rules': 'Reset rules and try again',
    // {app}: the app's name, drawn as provider text by the card.
    'read-once': 'Read it this time',
    'read-always': 'Always for {app}',
    'read-never': 'Never for {app}',
    'open-accessibility': 'Open System Settings',
    'read-again': 'Try again',
  };
}

/** What Send carries, in one line: the question alone, nothing (a `local` rule), or so many items. */
export function sendWords(what: { withoutContext: boolean; ruleBlocks: boolean; sent: number; total: number; answerer: Answerer | null; locale: string }): string {
  const { answerer } = what;
  if (what.withoutContext) return `Your question only${answerer ? `, ${answerer.to}` : ''}`;
  if (what.ruleBlocks) return `No context: your rule keeps it on this Mac${answerer ? `, not ${answerer.to}` : ''}`;
  return `${itemsWords(what.sent, what.total, what.locale)}${answerer ? `, ${answerer.to}` : ''}`;
}

/** The strip the context folds into once asked: what went (with a model elsewhere chosen, a `local` app's context went nowhere). */
export function sentWords(ruleBlocks: boolean, sent: number, total: number, locale: string): string {
  return ruleBlocks ? 'No context sent: your rule keeps it on this Mac' : `${itemsWords(sent, total, locale)} sent`;
}
