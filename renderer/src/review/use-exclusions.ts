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
  invocation: number | undefined;
  excluded: ReadonlySet<string>;
  history: ReadonlySet<string>[];
}

/** Most steps Cmd-Z remembers: a review is short; this only bounds memory on a 20,000-element tree. */
const MAX_HISTORY = 100;
const EMPTY: ReadonlySet<string> = new Set();

/** Exclusions starting empty for every new invocation (a new hotkey press is a new context). */
export function useExclusions(invocation: number | undefined): Exclusions {
  const [held, setHeld] = useState<Held>({ invocation, excluded: EMPTY, history: [] });
  const current: Held = held.invocation === invocation ? held : { invocation, excluded: EMPTY, history: [] };

  const change = useCallback((make: (excluded: ReadonlySet<string>) => ReadonlySet<string>) => {
    setHeld((before) => {
      const base = before.invocation === invocation ? before : { invocation, excluded: EMPTY, history: [] };
      const next = make(base.excluded);
      if (next === base.excluded) return base;
      return { invocation, excluded: next, history: [...base.history, base.excluded].slice(-MAX_HISTORY) };
    });
  }, [invocation]);

  return {
    excluded: current.excluded,
    toggle: (id) => change((excluded) => {
      const next = new Set(excluded);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    }),
    replace: (next) => change(() => next),
    undo: () => {
      if (current.history.length === 0) return false;
      setHeld({ invocation, excluded: current.history[current.history.length - 1] ?? EMPTY, history: current.history.slice(0, -1) });
      return true;
    },
    canUndo: current.history.length > 0,
  };
}
