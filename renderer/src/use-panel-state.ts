import { useEffect, useState } from 'react';
import type { GlanceApi } from './bridge.js';

type PanelState = Awaited<ReturnType<GlanceApi['getState']>>;

/** Main's panel state, kept current: fetched once, then every pushed change. */
export function usePanelState(api: GlanceApi): PanelState | null {
  const [state, setState] = useState<PanelState | null>(null);
  useEffect(() => {
    let pushed = false;
    const unsubscribe = api.onState((next) => {
      pushed = true;
      setState(next);
    });
    // A push that raced the first fetch is newer than the fetch: keep it.
    void api.getState().then((first) => {
      if (!pushed) setState(first);
    });
    return unsubscribe;
  }, [api]);
  return state;
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

/** The answer area main streams: fetched once, then every pushed change (each streamed piece). */
export function useAnswer(api: GlanceApi): AnswerState {
  const [answer, setAnswer] = useState<AnswerState>(null);
  useEffect(() => {
    let pushed = false;
    const unsubscribe = api.onAnswer((next) => {
      pushed = true;
      setAnswer(next);
    });
    void api.getAnswer().then((first) => {
      if (!pushed) setAnswer(first);
    });
    return unsubscribe;
  }, [api]);
  return answer;
}

/** The prompt being typed, starting empty for every new invocation. */
export function usePrompt(invocation: number | undefined): [string, (prompt: string) => void] {
  const [prompt, setPrompt] = useState<{ invocation: number | undefined; text: string }>({ invocation, text: '' });
  return [prompt.invocation === invocation ? prompt.text : '', (text) => setPrompt({ invocation, text })];
}
