import type { Chip, Turn } from '../../../contract/ipc.js';
import { answeredOffline } from '../answerer.js';

/**
 * The panel's words for how an answer went, from the facts main sends: a chip's note (why it
 * is not shown) and how a turn ended. A failed turn's detail is the core's own sentence for the
 * backend's failure when it gave one.
 */

/** A stopped turn: the user's Stop, and that nothing more comes. */
export const STOPPED_WORDS = 'Stopped. Nothing more arrives for this question.';

/** Why a chip is not shown, after its state in the tooltip and its name; undefined when there is nothing to add. */
export function chipNoteWords(chip: Pick<Chip, 'state' | 'reason' | 'internal'>): string | undefined {
  switch (chip.state) {
    case 'gone':
      return 'gone: no longer in the app';
    case 'offscreen':
      return 'offscreen: not on screen now';
    case 'failed':
      return `not located: ${chip.internal ? 'locating failed inside Glance' : chip.reason ?? 'no reason given'}`;
    case 'idle':
    case 'locating':
    case 'visible':
      return undefined;
  }
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
