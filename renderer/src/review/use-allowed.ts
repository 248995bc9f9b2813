import { useCallback, useState } from 'react';

/**
 * Withheld and rule-excluded elements the user includes anyway, for one message of one
 * invocation: never remembered, so the next press (or the next context) withholds them again.
 * The invocation's view is keyed by its id (InvocationView), so a new press starts with none.
 */
export interface Allowed {
  allowed: ReadonlySet<string>;
  toggle(id: string): void;
}

const NONE: ReadonlySet<string> = new Set();

export function useAllowed(): Allowed {
  const [allowed, setAllowed] = useState<ReadonlySet<string>>(NONE);
  const toggle = useCallback((id: string) => {
    setAllowed((before) => {
      const ids = new Set(before);
      if (ids.has(id)) ids.delete(id);
      else ids.add(id);
      return ids;
    });
  }, []);
  return { allowed, toggle };
}
