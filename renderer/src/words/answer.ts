import type { Chip, Turn } from '../../../contract/ipc.js';
import { answeredOffline } from '../answerer.js';

/**
 * The panel's words for how an answer went, from the facts main sends: a chip's note (why it
 * is not shown) and how a turn ended. A failed turn's detail is the core's own sentence for the
 * backend's failure when it gave one.
 */

/** A stopped turn: the user's Stop, and that nothing more comes. */
export const STOPPED_WORDS = 'Stopped. Nothing more arrives for this question.';

/**
 * A chip's state in words, for its tooltip and its name: what the chip's look says (an accent
 * edge, an arrow, a strike-through, a warning), so the user knows why nothing was highlighted
 * and what to do. A chip not located adds the core's reason, or that Glance itself failed.
 */
const CHIP_STATES: Record<Chip['state'], string> = {
  idle: 'Focus, click or rest the pointer on it to show it on screen',
  locating: 'Finding it on screen…',
  visible: 'Shown on screen',
  offscreen: 'Off screen — scroll to it',
  gone: 'No longer in the app',
  failed: 'Couldn’t highlight',
};

/** A chip's state said in full (CHIP_STATES), with the reason a `failed` one was not located. */
export function chipStateWords(chip: Pick<Chip, 'state' | 'reason' | 'internal'>): string {
  const words = CHIP_STATES[chip.state];
  if (chip.state !== 'failed') return words;
  return `${words}: ${chip.internal ? 'locating failed inside Glance' : chip.reason ?? 'no reason given'}`;
}

/**
 * Who answered a turn, under it. Main names the backend as the user chose it ("Anthropic
 * (claude-x)"); the offline one is no one to be answered by, so its line says what happened.
 */
export function answeredByWords(backend: string): string {
  return answeredOffline(backend) ? 'Answered on this Mac from the context alone, without a model' : `Answered by ${backend}`;
}

/** A failed turn's detail: the backend's failure in the core's words, or Glance's own. */
export function failedTurnWords(turn: Pick<Turn, 'reason'>): string {
  return turn.reason ?? 'Glance failed while reading the answer.';
}
