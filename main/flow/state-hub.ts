import type { PanelState } from '../../contract/ipc.js';

/**
 * The one copy of what the panel shows: a view model, nothing more. Main changes it (the
 * controller writes the invocation's view, the settings their part); every change is pushed
 * whole to the panel (a few kilobytes at most besides the tree), so the panel can never hold a
 * stale half. Which invocation is current is the controller's to say (Controller.isCurrent and
 * its events), never read back from here: the controller is given `update` only
 * (ControllerDeps.hub) and keeps what it decides on itself.
 */
export interface StateHub {
  get(): PanelState;
  /** Replaces the given fields and tells every listener. */
  update(change: Partial<PanelState>): void;
  /** Listens for changes; returns the function that stops listening. */
  subscribe(listener: (state: PanelState) => void): () => void;
}

/** A hub starting from `initial`. */
export function createStateHub(initial: PanelState): StateHub {
  let state = initial;
  const listeners = new Set<(state: PanelState) => void>();
  return {
    get: () => state,
    update(change) {
      state = { ...state, ...change };
      for (const listener of listeners) listener(state);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The state before the first hotkey press. */
export function initialPanelState(hotkey: string, paused: boolean, notices: string[] = []): PanelState {
  return { view: 'review', invocation: null, notices, hotkey, paused };
}
