// A streamed piece crosses IPC alone (contract/invocation.ts: streamPiece, applyPush's
// `stream`), and the panel ends where main is: every growth of the text as a piece, anything
// else as the whole answer.
import { describe, expect, it } from 'vitest';
import { applyPush, streamPiece } from '../../contract/panel-push.js';
import type { AnswerState, PanelPush, PanelState } from '../../contract/ipc.js';
import { createStateHub, initialPanelState } from '../../main/flow/state-hub.js';

const answer = (text: string, more: Partial<AnswerState> = {}): AnswerState => ({ backend: 'Offline', turns: [{ question: 'Q?', text, status: 'answering' }], chips: [], ...more });
const firstTurn = (a: AnswerState): AnswerState['turns'][number] => a.turns[0] ?? { question: '', text: '', status: 'answering' };
const panel = (a: AnswerState | undefined): PanelState => ({
  ...initialPanelState('Control+Alt+Command+G', false),
  invocation: { id: 7, appName: 'Notes', phase: 'collected', details: [], root: null, ...(a ? { answer: a } : {}) },
});

describe('a streamed piece', () => {
  it('is the new text alone when only one turn grew, and nothing when anything else changed', () => {
    const before = answer('Hello');
    expect(streamPiece(7, before, { ...before, turns: [{ ...firstTurn(before), text: 'Hello, world' }] })).toEqual({ id: 7, turn: 0, at: 5, text: ', world' });
    expect(streamPiece(7, before, { ...before, turns: [{ ...firstTurn(before), text: 'Help' }] })).toBeNull();
    expect(streamPiece(7, before, { ...before, turns: [{ ...firstTurn(before), status: 'done' }] })).toBeNull();
    expect(streamPiece(7, before, { ...before, chips: [{ id: 'a', role: 'Text', source: 'cited', turn: 0, state: 'idle' }] })).toBeNull();
    expect(streamPiece(7, before, { ...before, turns: [...before.turns, { question: 'R?', text: '', status: 'answering' }] })).toBeNull();
    expect(streamPiece(7, undefined, before)).toBeNull();
    expect(streamPiece(7, before, before)).toBeNull();
  });

  it('sets a value: applied twice it changes nothing, and it keeps every other part by identity', () => {
    const state = panel(answer('Hello'));
    const push: PanelPush = { stream: { id: 7, turn: 0, at: 5, text: ', world' } };
    const once = applyPush(state, push);
    expect(once.invocation?.answer?.turns[0]?.text).toBe('Hello, world');
    expect(applyPush(once, push)).toEqual(once);
    expect(once.invocation?.answer?.chips).toBe(state.invocation?.answer?.chips);
    // Another invocation, a turn not there, an offset past the text: nothing.
    for (const stream of [{ id: 8, turn: 0, at: 0, text: 'x' }, { id: 7, turn: 3, at: 0, text: 'x' }, { id: 7, turn: 0, at: 99, text: 'x' }]) {
      expect(applyPush(state, { stream })).toEqual(state);
    }
  });

  it('leaves the hub as pieces, and the panel that applies them ends where main is', () => {
    const hub = createStateHub(panel(answer('')));
    let mirror = hub.get();
    const pushes: PanelPush[] = [];
    hub.subscribe((_state, push) => {
      pushes.push(push);
      mirror = applyPush(mirror, push);
    });
    // The answer as the service keeps it: each piece a new turn, the chips kept as they are.
    let now = hub.get().invocation?.answer as AnswerState;
    for (const piece of ['The ', 'note ', '`note-1`', ' says hi.']) {
      now = { ...now, turns: [{ ...firstTurn(now), text: firstTurn(now).text + piece }] };
      hub.patch({ id: 7, answer: now });
    }
    now = { ...now, turns: [{ ...firstTurn(now), status: 'done' }] };
    hub.patch({ id: 7, answer: now });
    expect(pushes.slice(0, 4).map((push) => push.stream?.text)).toEqual(['The ', 'note ', '`note-1`', ' says hi.']);
    expect(pushes[4]?.patch?.answer?.turns[0]?.status).toBe('done');
    expect(mirror).toEqual(hub.get());
  });
});
