import type { PanelPush } from '../../contract/panel-push.js';

/**
 * The pipe to the panel: each push main writes goes on to it as it is, and nothing is kept.
 * The state is its owners': the invocation on screen owns its view, the answer included, and
 * works out its own pushes (invocation.ts: a streamed piece from its own previous answer,
 * contract/panel-push.ts); the notices are notices.ts's, the hotkey the settings'. The panel's
 * one fetch (getState) is composed from those owners (panel-state.ts), never read back from here.
 */
export interface StateHub {
  /** Sends `push` (the fields that changed, a patch of the invocation on screen, or a streamed piece) to every listener. */
  push(push: PanelPush): void;
  /** Listens for pushes; returns the function that stops listening. */
  subscribe(listener: (push: PanelPush) => void): () => void;
}

/** A pipe with no listener yet. */
export function createStateHub(): StateHub {
  const listeners = new Set<(push: PanelPush) => void>();
  return {
    push(push) {
      for (const listener of listeners) listener(push);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
