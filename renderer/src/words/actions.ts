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

/**
 * What Send will carry, in one line, before anything is asked: the question alone, nothing (a
 * `local` rule), or so many items, and to whom. The offline answerer is no one to send to: its
 * line says the items stay on this Mac.
 */
export function sendWords(what: { withoutContext: boolean; ruleBlocks: boolean; sent: number; total: number; answerer: Answerer | null; locale: string }): string {
  const to = what.answerer?.recipient;
  if (what.withoutContext) return to ? `Only your question will go to ${to}` : 'Only your question will be asked';
  if (what.ruleBlocks) return to ? `No context will go to ${to}: your rule keeps it on this Mac` : 'No context will be sent: your rule keeps it on this Mac';
  const items = itemsWords(what.sent, what.total, what.locale);
  if (what.answerer === null) return items;
  return to ? `${items} will go to ${to}` : `${items} will stay on this Mac`;
}

/**
 * The strip the context folds into once asked: what went, in the past tense (with a model
 * elsewhere chosen, a `local` app's context went nowhere; to the offline answerer, nothing left
 * this Mac).
 */
export function sentWords(what: { ruleBlocks: boolean; offline: boolean; sent: number; total: number; locale: string }): string {
  if (what.ruleBlocks) return 'No context was sent: your rule keeps it on this Mac';
  const items = itemsWords(what.sent, what.total, what.locale);
  return what.offline ? `${items} stayed on this Mac` : `${items} sent`;
}
