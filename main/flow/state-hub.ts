import { applyPush, streamPiece } from '../../contract/panel-push.js';
import type { InvocationPatch, Notice, PanelPush, PanelState } from '../../contract/ipc.js';

/**
 * The pipe to the panel: what main writes goes on to it as a push of the fields that changed
 * (the tree with the view that collected it, once; a streamed piece of the answer as that
 * alone: panel-push.ts, `stream`), and the last state is kept only to answer the panel's one
 * fetch (getState). It owns nothing: the invocation on screen owns its view, the answer
 * included (invocation.ts), the settings their part. Nothing in main reads it back to decide
 * anything: which invocation is current is the controller's.
 */
export interface StateHub {
  get(): PanelState;
  /** Replaces the given fields (`invocation` whole: a new view) and tells every listener. */
  update(change: Partial<PanelState>): void;
  /** Changes fields of the invocation on screen; a patch naming another one changes nothing. */
  patch(patch: InvocationPatch): void;
  /** Listens for changes (the state after, and the push that made it); returns the function that stops listening. */
  subscribe(listener: (state: PanelState, push: PanelPush) => void): () => void;
}

/** A hub starting from `initial`. */
export function createStateHub(initial: PanelState): StateHub {
  let state = initial;
  const listeners = new Set<(state: PanelState, push: PanelPush) => void>();
  const tell = (push: PanelPush): void => {
    for (const listener of listeners) listener(state, push);
  };
  return {
    get: () => state,
    update(change) {
      state = { ...state, ...change };
      tell(change);
    },
    patch(patch) {
      if (state.invocation?.id !== patch.id) return;
      const before = state.invocation.answer;
      state = applyPush(state, { patch });
      // A streamed piece goes as that piece, not as the whole answer so far.
      const { id, answer, ...rest } = patch;
      const piece = answer && Object.keys(rest).length === 0 ? streamPiece(id, before, answer) : null;
      tell(piece ? { stream: piece } : { patch });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The state before the first hotkey press. */
export function initialPanelState(hotkey: string, paused: boolean, notices: Notice[] = []): PanelState {
  return { view: 'review', invocation: null, notices, hotkey, paused };
}
