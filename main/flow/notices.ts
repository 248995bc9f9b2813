import type { Notice } from '../../contract/notices.js';
import type { StateHub } from './state-hub.js';

/**
 * The notices the panel shows above everything (a hotkey that did not register, a damaged file,
 * receipts that could not be pruned): their one owner. Whoever finds a problem adds it, the
 * panel's Dismiss clears them, and each change goes to the panel whole through the pipe.
 */
export interface Notices {
  list(): Notice[];
  add(notices: readonly Notice[]): void;
  dismiss(): void;
}

/** The notices, starting with `initial` (said at start: nothing is pushed for them). */
export function createNotices(hub: Pick<StateHub, 'push'>, initial: readonly Notice[] = []): Notices {
  let notices = [...initial];
  const set = (next: Notice[]): void => {
    notices = next;
    hub.push({ notices });
  };
  return {
    list: () => notices,
    add(added) {
      if (added.length > 0) set([...notices, ...added]);
    },
    dismiss: () => set([]),
  };
}
