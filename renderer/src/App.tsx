import { useEffect, type JSX } from 'react';
import type { GlanceApi } from './bridge.js';
import { Composer } from './Composer.js';
import { Review } from './review/Review.js';
import { SettingsView } from './SettingsView.js';
import { usePanelState, useRemovals } from './use-panel-state.js';

/** The panel: what was collected and the review, the prompt, or the settings. */
export function App(props: { api: GlanceApi }): JSX.Element {
  const { api } = props;
  const state = usePanelState(api);
  const invocation = state?.invocation ?? null;
  const [removed, toggle] = useRemovals(invocation?.id);

  useEffect(() => {
    const onKey = (event: KeyboardEvent): void => {
      if (event.key === 'Escape') void api.closePanel();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [api]);

  if (!state) return <main className="panel"><p className="status">Starting…</p></main>;

  return (
    <main className="panel">
      <header className="header">
        <h1 className="header__title">{invocation ? invocation.appName : 'Glance'}</h1>
        <button type="button" className="icon-button" aria-label={state.view === 'settings' ? 'Back to the context' : 'Settings'} onClick={() => void api.showView(state.view === 'settings' ? 'review' : 'settings')}>
          {state.view === 'settings' ? '←' : '⚙'}
        </button>
        <button type="button" className="icon-button" aria-label="Close the panel" onClick={() => void api.closePanel()}>×</button>
      </header>
      {state.notices.length > 0 ? (
        <section className="notices" aria-label="Notices">
          {state.notices.map((notice) => (
            <p key={notice} className="notice" role="alert">{notice}</p>
          ))}
          <button type="button" className="button" aria-label="Dismiss the notices" onClick={() => void api.dismissNotices()}>Dismiss</button>
        </section>
      ) : null}
      {state.view === 'settings' ? (
        <SettingsView api={api} onDone={() => void api.showView('review')} />
      ) : (
        <>
          <Review
            invocation={invocation}
            hotkey={state.hotkey}
            paused={state.paused}
            removed={removed}
            onToggle={toggle}
            onRemoveApp={(id) => void api.removeAppContext(id)}
            onOpenLink={(url) => void api.openExternal(url)}
          />
          <Composer
            key={invocation?.id ?? -1}
            enabled={invocation !== null && invocation.phase !== 'collecting'}
            onSend={(prompt) => api.send({ invocation: invocation?.id ?? 0, prompt, removedIds: [...removed] })}
          />
        </>
      )}
    </main>
  );
}
