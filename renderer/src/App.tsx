import { useEffect, useMemo, useState, type JSX } from 'react';
import { applyRemovals, listIds } from '../../contract/review.js';
import { Answer } from './answer/Answer.js';
import type { GlanceApi } from './bridge.js';
import { Composer } from './Composer.js';
import { Preview } from './review/Preview.js';
import { ProviderText } from './text/ProviderText.js';
import { Review } from './review/Review.js';
import { SettingsView } from './SettingsView.js';
import { useAnswer, usePanelState, usePrompt, useRemovals } from './use-panel-state.js';

/** The panel: what was collected and the review, the preview, the prompt and the answer, or the settings. */
export function App(props: { api: GlanceApi }): JSX.Element {
  const { api } = props;
  const state = usePanelState(api);
  const invocation = state?.invocation ?? null;
  const [removed, toggle] = useRemovals(invocation?.id);
  const [prompt, setPrompt] = usePrompt(invocation?.id);
  const [note, setNote] = useState<{ invocation: number | undefined; text: string | null }>({ invocation: undefined, text: null });
  const pushed = useAnswer(api);
  // Only this invocation's answer: a late push for an earlier one is not shown.
  const answer = pushed && pushed.invocation === invocation?.id ? pushed : null;
  const turns = answer?.turns ?? [];
  const answering = turns.some((turn) => turn.status === 'answering');
  const started = turns.some((turn) => turn.status === 'done');
  const count = useMemo(() => {
    const sent = invocation?.root ? applyRemovals(invocation.root, removed) : null;
    return sent ? listIds(sent).length : 0;
  }, [invocation?.root, removed]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent): void => {
      // Esc puts the panel away, and the highlight with it (the overlay never takes keys).
      if (event.key === 'Escape') void api.closePanel();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [api]);

  if (!state) return <main className="panel"><p className="status">Starting…</p></main>;
  const ready = invocation !== null && invocation.phase !== 'collecting';

  return (
    <main className="panel">
      <header className="header">
        <h1 className="header__title">{invocation ? <ProviderText text={invocation.appName} /> : 'Glance'}</h1>
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
            locked={started || answering}
            onToggle={toggle}
            onRemoveApp={(id) => void api.removeAppContext(id)}
            onOpenLink={(url) => void api.openExternal(url)}
            onTrySample={() => void api.trySampleNotes()}
          />
          {ready ? (
            <Preview
              // Remounted when the conversation starts, so it folds away once and then obeys the user.
              key={`${invocation.id}-${started ? 'after' : 'before'}`}
              open={!started}
              api={api}
              invocation={invocation.id}
              removed={removed}
              prompt={prompt}
              revision={turns.map((turn) => turn.status).join(',')}
              summary={started ? 'your question and the conversation so far' : count > 0 ? `${count} element${count === 1 ? '' : 's'} and your question` : 'no context, only your question'}
            />
          ) : null}
          <Composer
            enabled={ready}
            prompt={prompt}
            onPrompt={setPrompt}
            answering={answering}
            followUp={started}
            onSend={(text) => api.send({ invocation: invocation?.id ?? 0, prompt: text, removedIds: [...removed] })}
            onStop={() => void api.stop(invocation?.id ?? 0)}
            onNote={(text) => setNote({ invocation: invocation?.id, text })}
          />
          <Answer answer={answer} note={note.invocation === invocation?.id ? note.text : null} onPoint={(id) => void api.locate(invocation?.id ?? 0, id)} />
        </>
      )}
    </main>
  );
}
