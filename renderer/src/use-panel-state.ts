import { useEffect, useState } from 'react';
import type { GlanceApi } from './bridge.js';

type PanelState = Awaited<ReturnType<GlanceApi['getState']>>;

/**
 * A value main owns, kept current: fetched once, then every pushed change. A push that raced
 * the first fetch is newer than the fetch, so it wins.
 */
function useMainValue<T>(get: () => Promise<T>, subscribe: (listener: (next: T) => void) => () => void, initial: T): T {
  const [value, setValue] = useState<T>(initial);
  useEffect(() => {
    let pushed = false;
    const unsubscribe = subscribe((next) => {
      pushed = true;
      setValue(next);
    });
    void get().then((first) => {
      if (!pushed) setValue(first);
    });
    return unsubscribe;
  }, [get, subscribe]);
  return value;
}

/** Main's panel state, kept current. */
export function usePanelState(api: GlanceApi): PanelState | null {
  return useMainValue<PanelState | null>(api.getState, api.onState, null);
}

/** Ids the user removed, starting empty for every new invocation. */
export function useRemovals(invocation: number | undefined): [ReadonlySet<string>, (id: string) => void] {
  const [removals, setRemovals] = useState<{ invocation: number | undefined; ids: ReadonlySet<string> }>({ invocation, ids: new Set() });
  const ids = removals.invocation === invocation ? removals.ids : new Set<string>();
  const toggle = (id: string): void => {
    const next = new Set(ids);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setRemovals({ invocation, ids: next });
  };
  return [ids, toggle];
}

type AnswerState = Awaited<ReturnType<GlanceApi['getAnswer']>>;

/** The answer area main streams, kept current (each streamed piece is a push). */
export function useAnswer(api: GlanceApi): AnswerState {
  return useMainValue<AnswerState>(api.getAnswer, api.onAnswer, null);
}

/** The prompt being typed, starting empty for every new invocation. */
export function usePrompt(invocation: number | undefined): [string, (prompt: string) => void] {
  const [prompt, setPrompt] = useState<{ invocation: number | undefined; text: string }>({ invocation, text: '' });
  return [prompt.invocation === invocation ? prompt.text : '', (text) => setPrompt({ invocation, text })];
}
