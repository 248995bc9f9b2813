import { useCallback, useState } from 'react';

/** The user's exclusions for one invocation, with the history Cmd-Z walks back. */
export interface Exclusions {
  excluded: ReadonlySet<string>;
  /** Excludes the element, or brings it back when it is excluded. */
  toggle(id: string): void;
  /** Replaces the whole set in one step ("Keep only the selection"). */
  replace(next: ReadonlySet<string>): void;
  /** Takes back the last change; false when there is nothing to take back. */
  undo(): boolean;
  canUndo: boolean;
}

interface Held {
  excluded: ReadonlySet<string>;
  history: ReadonlySet<string>[];
}

/** Most steps Cmd-Z remembers: a review is short; this only bounds memory on a 20,000-element tree. */
const MAX_HISTORY = 100;
const EMPTY: ReadonlySet<string> = new Set();

/**
 * Exclusions starting empty: the invocation's view is keyed by its id (InvocationView), so a new
 * hotkey press (a new context) starts with none.
 */
export function useExclusions(): Exclusions {
  const [held, setHeld] = useState<Held>({ excluded: EMPTY, history: [] });

  const change = useCallback((make: (excluded: ReadonlySet<string>) => ReadonlySet<string>) => {
    setHeld((before) => {
      const next = make(before.excluded);
      if (next === before.excluded) return before;
      return { excluded: next, history: [...before.history, before.excluded].slice(-MAX_HISTORY) };
    });
  }, []);

  return {
    excluded: held.excluded,
    toggle: (id) => change((excluded) => {
      const next = new Set(excluded);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    }),
    replace: (next) => change(() => next),
    undo: () => {
      if (held.history.length === 0) return false;
      setHeld({ excluded: held.history[held.history.length - 1] ?? EMPTY, history: held.history.slice(0, -1) });
      return true;
    },
    canUndo: held.history.length > 0,
  };
}
