import { useCallback, useEffect, useState } from 'react';
import type { GlanceApi } from '../bridge.js';
import { useShown } from '../use-panel-state.js';

/** A Settings section over one of main's setup views (Settings › Browser, Settings › Command line). */
export interface SetupView<V> {
  /** As main last said it; null until the first answer. */
  view: V | null;
  /** A request is on its way: the section's buttons wait for it. */
  busy: boolean;
  /** Shows what a request (a read, Install, Remove) answers. */
  take(next: Promise<V>): void;
}

/**
 * Reads the view when the section opens and whenever the panel is shown again (the setup may
 * have changed outside it: the extension loaded in the browser, the app menu's Install). `read`
 * and `unknown` are the section's constants. A request that fails keeps what was known
 * (`unknown` before anything was) and marks it `unreadable`, which the section words.
 */
export function useSetupView<V extends { problem?: string | undefined }>(api: GlanceApi, read: (api: GlanceApi) => Promise<V>, unknown: V): SetupView<V> {
  const [view, setView] = useState<V | null>(null);
  const [busy, setBusy] = useState(false);
  const take = useCallback((next: Promise<V>) => {
    setBusy(true);
    next.then(setView, () => setView((old) => ({ ...(old ?? unknown), problem: 'unreadable' }))).finally(() => setBusy(false));
  }, [unknown]);
  useEffect(() => take(read(api)), [api, read, take]);
  useShown(api, () => take(read(api)));
  return { view, busy, take };
}
