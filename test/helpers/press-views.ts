import { applyPush } from '../../contract/panel-push.js';
import type { PanelState } from '../../contract/ipc.js';
import type { StateHub } from '../../main/flow/state-hub.js';

/**
 * The life of each press as the panel sees it, from the hub's pushes: `started N` when a view
 * for a new press arrives, then `collected N`, `failed N` or `cancelled N` as its view reaches
 * that phase. What the event bus used to say, read from the one published view instead.
 */
export function pressLife(hub: Pick<StateHub, 'subscribe'>): () => string[] {
  const seen: string[] = [];
  let last: number | undefined;
  hub.subscribe((push) => {
    const view = push.invocation;
    if (!view) return;
    if (view.id !== last) seen.push(`started ${view.id}`);
    last = view.id;
    if (view.phase !== 'collecting') seen.push(`${view.phase} ${view.id}`);
  });
  return () => [...seen];
}

/**
 * The panel's own copy of its state, kept from the hub's pushes by the rule the panel applies
 * (applyPush) from a panel with nothing on it; `each` is told the state after every push.
 */
export function panelMirror(hub: Pick<StateHub, 'subscribe'>, each?: (state: PanelState) => void): () => PanelState {
  let state: PanelState = { view: 'review', invocation: null, notices: [], hotkey: '', paused: false };
  hub.subscribe((push) => {
    state = applyPush(state, push);
    each?.(state);
  });
  return () => state;
}
