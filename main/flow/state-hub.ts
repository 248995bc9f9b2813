import type { PanelState } from '../../contract/ipc.js';

/**
 * The one copy of what the panel shows. Main changes it; every change is pushed whole to the
 * panel (a few kilobytes at most besides the tree), so the panel can never hold a stale half.
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

/** What happens to invocations, for the parts that follow them (the agent, the placement). */
export interface InvocationFollower {
  /** A new hotkey press: a new context, so a new conversation. */
  started(id: number): void;
  /** The invocation's context arrived (called once per invocation). */
  collected(id: number): void;
}

/** Calls the follower as invocations start and finish collecting; returns the unsubscribe. */
export function followInvocations(hub: StateHub, follower: InvocationFollower): () => void {
  let last: number | undefined = hub.get().invocation?.id;
  let collected: number | undefined;
  return hub.subscribe((state) => {
    const invocation = state.invocation;
    if (!invocation) return;
    if (invocation.id !== last) {
      last = invocation.id;
      follower.started(invocation.id);
    }
    if (invocation.phase === 'collected' && collected !== invocation.id) {
      collected = invocation.id;
      follower.collected(invocation.id);
    }
  });
}
