import { applyPush, streamPiece } from '../../contract/panel-push.js';
import type { InvocationPatch, Notice, PanelPush, PanelState } from '../../contract/ipc.js';

/**
 * The one copy of what the panel shows: a view model, nothing more. Main changes it (the press
 * on screen writes its view, the settings their part) and each change goes to the panel as a
 * push of the fields that changed: the tree goes with the view that collected it, once, and a
 * streamed piece of the answer goes as that alone (panel-push.ts, `stream`). Nothing in main reads
 * it back to decide anything: which press is current is the controller's.
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
