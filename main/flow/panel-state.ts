import type { Invocation as InvocationView, PanelState } from '../../contract/ipc.js';
import type { Notices } from './notices.js';
import type { StateHub } from './state-hub.js';

/** The owners the panel's state is composed from. */
export interface PanelOwners {
  hub: Pick<StateHub, 'subscribe'>;
  /** The view of the invocation on screen (the controller's current one), the answer included. */
  invocation(): InvocationView | undefined;
  notices: Pick<Notices, 'list'>;
  settings(): Pick<PanelState, 'hotkey' | 'paused'>;
}

/**
 * The panel's state as its one fetch (getState) answers it, composed from its owners each time;
 * the pushes that follow keep the panel's copy current. The view's name alone is kept here, as
 * the pushes set it: an invocation brings the panel to Review in the same push as its view.
 */
export function composePanelState(owners: PanelOwners): () => PanelState {
  let view: PanelState['view'] = 'review';
  owners.hub.subscribe((push) => {
    if (push.view) view = push.view;
  });
  return () => {
    const { hotkey, paused } = owners.settings();
    return { view, invocation: owners.invocation() ?? null, notices: owners.notices.list(), hotkey, paused };
  };
}
