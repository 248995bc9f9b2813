// The answer area's chips belong to the turn that first named them: the panel draws them inside
// that turn, so a later turn streaming cannot pull an earlier turn's chips under itself.
import { describe, expect, it } from 'vitest';
import { appendText, endTurn, highlightChip, startTurn } from '../../main/flow/answer-state.js';
import type { AnswerState } from '../../contract/ipc.js';

const sent = new Map([['doc-1', 'Document'], ['sel-1', 'Text'], ['row-2', 'Row']]);
const empty: AnswerState = { backend: 'Offline', turns: [], chips: [] };

describe('chips and their turns', () => {
  it('gives each chip the turn that first named it, and a later citation of it does not move it', () => {
    let state = startTurn(empty, 'First?');
    state = appendText(state, 'The note `doc-1`', sent);
    state = highlightChip(state, 'sel-1', { state: 'visible' }, sent);
    state = endTurn(state, { type: 'done' });
    state = startTurn(state, 'Second?');
    state = appendText(state, 'Again `doc-1`, and `row-2`.', sent);
    expect(state.chips.map((chip) => [chip.id, chip.turn])).toEqual([['doc-1', 0], ['sel-1', 0], ['row-2', 1]]);
  });
});
