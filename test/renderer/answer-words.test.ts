// How an answer went, as main states it (main/flow/answer-state.ts: kinds and the core's
// reasons) and the panel words it (renderer/src/words/answer.ts): the sentences the panel showed
// when main still wrote them.
import { describe, expect, it } from 'vitest';
import { chipFromLocation, endTurn, LOCATE_FAILED_INSIDE } from '../../main/flow/answer-state.js';
import type { AnswerState } from '../../contract/ipc.js';
import { chipNoteWords, failedTurnWords, STOPPED_WORDS } from '../../renderer/src/words/answer.js';
import { answerProblem } from '../../renderer/src/problems/problem.js';

const asking: AnswerState = { backend: 'Offline', turns: [{ question: 'Where?', text: '', status: 'answering' }], chips: [] };
const rect = { x: 1, y: 2, w: 3, h: 4 };

describe('the words of an answer', () => {
  it("says a chip that is not shown in Glance's words, with the core's reason when it gave one", () => {
    expect(chipNoteWords(chipFromLocation({ state: 'gone', rects: [] }))).toBe('gone: no longer in the app');
    expect(chipNoteWords(chipFromLocation({ state: 'offscreen', rects: [] }))).toBe('offscreen: not on screen now');
    expect(chipNoteWords(chipFromLocation({ state: 'visible', rects: [] }))).toBe('offscreen: not on screen now');
    expect(chipNoteWords(chipFromLocation(null, 'Plain Notes does not offer location'))).toBe('not located: Plain Notes does not offer location');
    expect(chipNoteWords(chipFromLocation(null))).toBe('not located: no reason given');
    expect(chipNoteWords(LOCATE_FAILED_INSIDE)).toBe('not located: locating failed inside Glance');
    expect(chipNoteWords(chipFromLocation({ state: 'visible', rects: [rect] }))).toBeUndefined();
    expect(chipNoteWords({ state: 'idle' })).toBeUndefined();
  });

  it('says a stopped turn, and a failed one in the core’s words or, when Glance itself failed, its own', () => {
    const stopped = endTurn(asking, { type: 'error', kind: 'cancelled', reason: 'aborted' }).turns[0];
    expect(stopped).toEqual({ question: 'Where?', text: '', status: 'stopped' });
    expect(STOPPED_WORDS).toBe('Stopped. Nothing more arrives for this question.');

    const unreachable = endTurn(asking, { type: 'error', kind: 'unreachable', reason: 'the server at 127.0.0.1:9 refused the connection' }).turns[0];
    expect(unreachable).toMatchObject({ status: 'failed', kind: 'unreachable', reason: 'The server at 127.0.0.1:9 refused the connection.' });
    const inside = endTurn(asking, { type: 'error', kind: 'bad-response', reason: undefined }).turns[0];
    expect(inside).toEqual({ question: 'Where?', text: '', status: 'failed', kind: 'bad-response' });
    expect(inside ? failedTurnWords(inside) : '').toBe('Glance failed while reading the answer.');
    expect(inside ? answerProblem(inside, 'Offline').details : []).toEqual(['Glance failed while reading the answer.']);
  });
});
