import { useRef, useState, type JSX } from 'react';
import type { GlanceApi } from './bridge.js';
import { Header } from './Chrome.js';
import { InvocationView, type Frame, type InvocationKeys } from './InvocationView.js';
import { HistoryView } from './privacy/HistoryView.js';
import { SettingsView } from './SettingsView.js';
import { usePanelKeys } from './use-panel-keys.js';
import { usePanelState, useSettingsSnapshot, useShown } from './use-panel-state.js';
import { noticeWords } from './words/notices.js';

/**
 * The panel's frame: main's state and the settings as last read, the header, the notices and
 * the Settings and History views. What belongs to one press (the review, the question, the
 * answer) is the InvocationView, keyed by the invocation's id: a new press is a new view, and
 * React starts its state afresh, so nothing here resets anything by hand.
 */
export function App(props: { api: GlanceApi }): JSX.Element {
  const { api } = props;
  const state = usePanelState(api);
  const [shows, setShows] = useState(0);
  const settings = useSettingsSnapshot(api, `${state?.view ?? ''}-${shows}`);
  const locale = navigator.language;
  useShown(api, () => setShows((n) => n + 1));
  // The keys work from the first frame on, before main's state arrived; what they do to a press is the press view's.
  const keys = useRef<InvocationKeys | null>(null);
  const toggleSettings = (): void => void api.showView({ view: state?.view === 'settings' ? 'review' : 'settings' });
  usePanelKeys({
    escape: () => {
      if (keys.current?.closeSheet()) return;
      if (state?.view === 'history') void api.showView({ view: 'settings' });
      else if (state?.view === 'settings') void api.showView({ view: 'review' });
      else void api.closePanel();
    },
    settings: toggleSettings,
    again: () => keys.current?.again(),
    undo: () => keys.current?.undo(),
    find: () => keys.current?.find(),
    shortcuts: () => keys.current?.shortcuts(),
  });

  if (!state) return <main className="panel"><p className="quiet">Starting…</p></main>;
  const { invocation } = state;
  const frame: Frame = {
    header: <Header appName={invocation?.appName ?? null} appIcon={invocation?.appIcon} view={state.view} onSettings={state.view === 'history' ? () => void api.showView({ view: 'settings' }) : toggleSettings} />,
    notices: state.notices.length > 0 ? (
      // One box: what happened, and its action inside it, at its end (as a macOS banner's button).
      <section className="notices" aria-label="Notices">
        {state.notices.map(noticeWords).map((notice) => <p key={notice} className="notice" role="alert">{notice}</p>)}
        <button type="button" className="button notices__dismiss" aria-label="Dismiss the notices" onClick={() => void api.dismissNotices()}>Dismiss</button>
      </section>
    ) : null,
    replaced: state.view === 'history' ? <HistoryView api={api} locale={locale} /> : state.view === 'settings' ? <SettingsView api={api} onHistory={() => void api.showView({ view: 'history' })} /> : null,
    toggleSettings,
  };
  return <InvocationView key={invocation?.id ?? 'welcome'} api={api} state={state} settings={settings} shows={shows} frame={frame} keys={keys} locale={locale} />;
}
