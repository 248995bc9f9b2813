import { useCallback, useState } from 'react';

/**
 * Withheld and rule-excluded elements the user includes anyway, for one message of one
 * invocation: never remembered, so the next press (or the next context) withholds them again.
 */
export interface Allowed {
  allowed: ReadonlySet<string>;
  toggle(id: string): void;
}

const NONE: ReadonlySet<string> = new Set();

export function useAllowed(invocation: number | undefined): Allowed {
  const [held, setHeld] = useState<{ invocation: number | undefined; ids: ReadonlySet<string> }>({ invocation, ids: NONE });
  const toggle = useCallback((id: string) => {
    setHeld((before) => {
      const ids = new Set(before.invocation === invocation ? before.ids : NONE);
      if (ids.has(id)) ids.delete(id);
      else ids.add(id);
      return { invocation, ids };
    });
  }, [invocation]);
  return { allowed: held.invocation === invocation ? held.ids : NONE, toggle };
}
