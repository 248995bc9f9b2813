// A streamed piece crosses IPC alone (contract/panel-push.ts: streamPiece, patchPush,
// applyPush's `stream`), and the panel ends where main is: every growth of the text as a piece,
// anything else as the whole answer.
import { describe, expect, it } from 'vitest';
import { applyPush, patchPush, streamPiece } from '../../contract/panel-push.js';
import type { AnswerState, Invocation, PanelPush, PanelState } from '../../contract/ipc.js';

const answer = (text: string, more: Partial<AnswerState> = {}): AnswerState => ({ backend: 'Offline', turns: [{ question: 'Q?', text, status: 'answering' }], chips: [], ...more });
const firstTurn = (a: AnswerState): AnswerState['turns'][number] => a.turns[0] ?? { question: '', text: '', status: 'answering' };
const panel = (a: AnswerState | undefined): PanelState => ({
  view: 'review', notices: [], hotkey: 'Control+Alt+Command+G', paused: false,
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

  it('leaves the invocation as pieces, worked out from its own view, and the panel that applies them ends where main is', () => {
    let mirror = panel(answer(''));
    // The invocation's own view, as invocation.ts keeps it: each change is pushed, then kept.
    let view = mirror.invocation as Invocation;
    const pushes: PanelPush[] = [];
    const patch = (change: Partial<Invocation>): void => {
      const push = patchPush(view, change);
      view = { ...view, ...change };
      pushes.push(push);
      mirror = applyPush(mirror, push);
    };
    // The answer as the service keeps it: each piece a new turn, the chips kept as they are.
    let now = view.answer as AnswerState;
    for (const piece of ['The ', 'note ', '`note-1`', ' says hi.']) {
      now = { ...now, turns: [{ ...firstTurn(now), text: firstTurn(now).text + piece }] };
      patch({ answer: now });
    }
    now = { ...now, turns: [{ ...firstTurn(now), status: 'done' }] };
    patch({ answer: now });
    // Another field beside a grown answer goes as the patch, whole.
    now = { ...now, turns: [{ ...firstTurn(now), text: `${firstTurn(now).text}!` }] };
    patch({ answer: now, appIcon: 'data:image/png;base64,AA==' });
    expect(pushes.slice(0, 4).map((push) => push.stream?.text)).toEqual(['The ', 'note ', '`note-1`', ' says hi.']);
    expect(pushes[4]?.patch?.answer?.turns[0]?.status).toBe('done');
    expect(pushes[5]).toEqual({ patch: { id: 7, answer: now, appIcon: 'data:image/png;base64,AA==' } });
    expect(mirror.invocation).toEqual(view);
  });
});
