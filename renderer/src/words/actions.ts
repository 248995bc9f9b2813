import { itemsWords, type Answerer } from '../answerer.js';
import { answerProblem, longerLimitMs, seconds, type ProblemAction } from '../problems/problem.js';
import { placeWords, type Place } from '../../../contract/destination.js';
import type { AnswerState } from '../../../contract/invocation.js';

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
 * Where the question goes, after what goes with it: a place on this Mac is where it stays (the
 * offline answerer, a model server at a loopback address); any other is named.
 */
function whereClause(place: Place, tense: 'now' | 'then'): string {
  if (place.kind === 'this-mac') return tense === 'now' ? ', which stays on this Mac' : ', which stayed on this Mac';
  return ` to ${placeWords(place)}`;
}

/** "7 of 11 items go", "The 1 item went". */
function itemsGo(sent: number, total: number, locale: string, tense: 'now' | 'then'): string {
  const verb = tense === 'then' ? 'went' : sent === 1 ? 'goes' : 'go';
  return `${itemsWords(sent, total, locale)} ${verb} with your question`;
}

/**
 * What Send will carry, in one line, before anything is asked: two things, each always true, how
 * many of the app's items go with the question, and where the question goes (this Mac, or the
 * named service or server). With the question alone, or nothing of the app's (a `local` rule),
 * it says that instead.
 */
export function sendWords(what: { withoutContext: boolean; ruleBlocks: boolean; sent: number; total: number; answerer: Answerer | null; locale: string }): string {
  const place = what.answerer?.place;
  if (what.withoutContext) return place === undefined ? 'Only your question goes' : place.kind === 'this-mac' ? 'Only your question goes, and it stays on this Mac' : `Only your question goes, to ${placeWords(place)}`;
  if (what.ruleBlocks) return place === undefined ? 'No context goes: your rule keeps it on this Mac' : `No context goes to ${placeWords(place)}: your rule keeps it on this Mac`;
  const items = itemsGo(what.sent, what.total, what.locale, 'now');
  return place === undefined ? items : `${items}${whereClause(place, 'now')}`;
}

/** A failed turn's kinds where the request never left Glance: no key, no connection, no receipt written. */
const NEVER_SENT = new Set(['no-key', 'unreachable', 'not-recorded']);

/**
 * The strip the context folds into once asked: what went and where, in the past tense once an
 * answer came; while the first is on its way, what goes. A question that failed says so and
 * why, and never that anything was sent when the request did not leave ("Not sent: Can’t reach
 * …"); a `local` app's context, with a model elsewhere chosen, went nowhere.
 */
export function sentWords(what: { ruleBlocks: boolean; answer: AnswerState | undefined; sent: number; total: number; locale: string }): string {
  const turns = what.answer?.turns ?? [];
  const place = what.answer?.place;
  if (what.ruleBlocks) return 'No context went: your rule keeps it on this Mac';
  const answered = turns.some((turn) => turn.status === 'done');
  const last = turns[turns.length - 1];
  if (!answered && last?.status === 'failed') {
    const headline = answerProblem(last, what.answer?.backend ?? '').headline;
    return `${NEVER_SENT.has(last.kind ?? '') ? 'Not sent' : 'No answer'}: ${headline}`;
  }
  if (!answered && last?.status === 'stopped') return 'Stopped before an answer';
  const tense = answered ? 'then' : 'now';
  const items = itemsGo(what.sent, what.total, what.locale, tense);
  return place === undefined ? items : `${items}${whereClause(place, tense)}`;
}
