import { useEffect, useRef, useState } from 'react';
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

/** Calls `onShown` each time main shows the panel (the latest function, without resubscribing). */
export function useShown(api: GlanceApi, onShown: () => void): void {
  const latest = useRef(onShown);
  latest.current = onShown;
  useEffect(() => api.onShown(() => latest.current()), [api]);
}

type Settings = Awaited<ReturnType<GlanceApi['getSettings']>>;

/**
 * The settings as the panel last read them (who answers, the time limit, the hotkey), read
 * again whenever `revision` changes: the panel shows again, or the settings view closes.
 */
export function useSettingsSnapshot(api: GlanceApi, revision: string): Settings | null {
  const [settings, setSettings] = useState<Settings | null>(null);
  useEffect(() => {
    let live = true;
    void api.getSettings().then((next) => {
      if (live) setSettings(next);
    });
    return () => {
      live = false;
    };
  }, [api, revision]);
  return settings;
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
