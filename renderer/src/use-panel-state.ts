import { useEffect, useRef, useState } from 'react';
import { applyPush } from '../../contract/panel-push.js';
import type { GlanceApi } from './bridge.js';
import type { PanelState } from '../../contract/invocation.js';
import type { PanelPush } from '../../contract/panel-push.js';
import type { Settings } from '../../contract/settings.js';

/**
 * Main's panel state, kept current: fetched whole once, then each push applied over it
 * (applyPush). A push that arrives before the fetch is kept and applied after it: a push only
 * sets values, so one the fetched state already holds changes nothing. A field a push leaves out
 * keeps its value, by reference: the tree is indexed once per invocation, not per streamed piece.
 * Streamed pieces are drawn once per frame (framedPushes).
 */
export function usePanelState(api: GlanceApi): PanelState | null {
  const [state, setState] = useState<PanelState | null>(null);
  useEffect(() => {
    let early: PanelPush[] | null = [];
    const frames = framedPushes((pushes) => setState((before) => (before ? pushes.reduce(applyPush, before) : before)));
    const unsubscribe = api.onState((push) => {
      if (early) early.push(push);
      else frames.add(push);
    });
    void api.getState().then((first) => {
      const waiting = early ?? [];
      early = null;
      setState(waiting.reduce(applyPush, first));
    });
    return () => {
      unsubscribe();
      frames.close();
    };
  }, [api]);
  return state;
}

/** When pieces wait for a frame that does not come (a hidden page gets none), they go anyway. */
const FRAME_FALLBACK_MS = 100;

/**
 * Pushes applied in order, streamed pieces batched: a model may send hundreds of pieces a
 * second, and the panel draws once per frame whatever arrived in it. Any other push goes at
 * once, after the pieces before it, so nothing is reordered and a state change is never late.
 */
function framedPushes(apply: (pushes: PanelPush[]) => void): { add(push: PanelPush): void; close(): void } {
  let queue: PanelPush[] = [];
  let frame: number | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const cancel = (): void => {
    if (frame !== null) cancelAnimationFrame(frame);
    if (timer !== null) clearTimeout(timer);
    frame = null;
    timer = null;
  };
  const flush = (): void => {
    cancel();
    const pushes = queue;
    queue = [];
    if (pushes.length > 0) apply(pushes);
  };
  return {
    add(push) {
      queue.push(push);
      if (!push.stream) flush();
      else if (frame === null) {
        frame = requestAnimationFrame(flush);
        timer = setTimeout(flush, FRAME_FALLBACK_MS);
      }
    },
    close: cancel,
  };
}

/** Calls `onShown` each time main shows the panel (the latest function, without resubscribing). */
export function useShown(api: GlanceApi, onShown: () => void): void {
  const latest = useRef(onShown);
  latest.current = onShown;
  useEffect(() => api.onShown(() => latest.current()), [api]);
}

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
