import { useCallback, useEffect, useMemo, useRef, useState, type JSX } from 'react';
import { Answer } from './answer/Answer.js';
import { answererOf, itemsWords } from './answerer.js';
import type { GlanceApi } from './bridge.js';
import { ContextStrip, Header, NoContextStrip, SendSummary } from './Chrome.js';
import { Collecting } from './Collecting.js';
import { Composer } from './Composer.js';
import { Footer, type KeyPlace } from './Footer.js';
import { collectionProblem, longerLimitMs, seconds, type ProblemAction } from './problems/problem.js';
import { ProblemCard } from './problems/ProblemCard.js';
import { Preview } from './review/Preview.js';
import { Review } from './review/Review.js';
import { excludedCount, indexTree } from './review/tree-model.js';
import { OFFLINE_BACKEND } from '../../contract/backends.js';
import { DEFAULT_SETTINGS } from '../../contract/settings.js';
import { isLocalDestination } from '../../contract/destination.js';
import { leftOut, screenedOf, screeningSummary } from './review/screening.js';
import { useAllowed } from './review/use-allowed.js';
import { useExclusions } from './review/use-exclusions.js';
import { HistoryView } from './privacy/HistoryView.js';
import { Warmup } from './review/Warmup.js';
import { SettingsView } from './SettingsView.js';
import { ProviderText } from './text/ProviderText.js';
import { useAsk } from './use-ask.js';
import { usePanelKeys } from './use-panel-keys.js';
import { useAnswer, usePanelState, usePrompt, useSettingsSnapshot, useShown } from './use-panel-state.js';
import { Welcome } from './Welcome.js';

/** Where the keyboard is now, for the footer's hints. */
function placeOf(element: Element | null): KeyPlace {
  if (!(element instanceof HTMLElement)) return 'other';
  if (element.classList.contains('composer__prompt')) return 'question';
  if (element.getAttribute('role') === 'treeitem') return 'tree';
  if (element.classList.contains('search__input')) return 'filter';
  if (element.closest('.settings')) return 'settings';
  return 'other';
}

/**
 * The panel. Keyboard first: the caret is in the question on every show; Up goes into the
 * tree. Two modes: Review (the tree has the height, one line says what is sent) and
 * Conversation (the context folds into a strip, the answer has the panel). Settings replace
 * both. The question field stays pinned at the foot, the keys that work are named under it.
 */
export function App(props: { api: GlanceApi }): JSX.Element {
  const { api } = props;
  const state = usePanelState(api);
  const [shows, setShows] = useState(0);
  const settings = useSettingsSnapshot(api, `${state?.view ?? ''}-${shows}`);
  const invocation = state?.invocation ?? null;
  const id = invocation?.id;
  const exclusions = useExclusions(id);
  const allowed = useAllowed(id);
  const [ruleNote, setRuleNote] = useState<{ id: number | undefined; text: string | null }>({ id, text: null });
  const [prompt, setPrompt] = usePrompt(id);
  const [filter, setFilter] = useState({ id, text: '' });
  const [sheet, setSheet] = useState(false);
  const [context, setContext] = useState({ id, open: false });
  const [place, setPlace] = useState<KeyPlace>('question');
  const pushed = useAnswer(api);
  const asking = useAsk(api, id, exclusions.excluded, allowed.allowed);
  const composer = useRef<HTMLTextAreaElement>(null);
  // The welcome's or a card's main button, where the keyboard goes when nothing can be asked.
  const primary = useRef<HTMLButtonElement>(null);
  const filterRef = useRef<HTMLInputElement>(null);
  const treeFocus = useRef<(() => void) | null>(null);
  const locale = navigator.language;

  // Only this invocation's answer: a late push for an earlier one is not shown.
  const answer = pushed && pushed.invocation === id ? pushed : null;
  const turns = answer?.turns ?? [];
  const answering = turns.some((turn) => turn.status === 'answering');
  const locked = turns.some((turn) => turn.status === 'done') || answering;
  const tree = useMemo(() => (invocation?.root ? indexTree(invocation.root) : null), [invocation?.root]);
  const total = tree?.nodes.length ?? 0;
  // Main's screening (rules, secrets) and the user's own choices, as one set the tree and counts read.
  const screened = useMemo(() => screenedOf(invocation?.screening), [invocation?.screening]);
  const out = useMemo(() => leftOut(exclusions.excluded, screened, allowed.allowed), [exclusions.excluded, screened, allowed.allowed]);
  const sent = tree ? total - excludedCount(tree, out) : 0;
  const answerer = settings ? answererOf(settings) : null;
  // An app whose rule is `local`, with a model elsewhere chosen: main sends none of its context; say so before Send.
  const ruleBlocks = invocation?.screening?.rule === 'local' && settings !== null
    && !isLocalDestination({ kind: 'model', backend: settings.backend, ...(settings.baseURL ? { baseURL: settings.baseURL } : {}) });
  // Asked without the app's context (the `local` card's choice): the question alone goes, and nothing of the app's.
  const withoutContext = invocation?.withoutContext === true;
  const words = withoutContext ? `Your question only${answerer ? `, ${answerer.to}` : ''}`
    : ruleBlocks ? `No context: your rule keeps it on this Mac${answerer ? `, not ${answerer.to}` : ''}` : `${itemsWords(sent, total, locale)}${answerer ? `, ${answerer.to}` : ''}`;
  const askable = invocation?.phase === 'collected' || withoutContext;
  const conversation = turns.length > 0 || asking.note !== null;
  const contextOpen = context.id === id && context.open;
  const filterText = filter.id === id ? filter.text : '';
  const elementOf = useCallback((elementId: string) => {
    const index = tree?.byId.get(elementId);
    return index === undefined ? undefined : tree?.nodes[index]?.element;
  }, [tree]);
  const point = useCallback((elementId: string) => void api.locate(id ?? 0, elementId), [api, id]);
  const openLink = useCallback((url: string) => void api.openExternal(url), [api]);

  const focusQuestion = (): void => (composer.current ?? primary.current)?.focus();
  const toggleSettings = (): void => void api.showView(state?.view === 'settings' ? 'review' : 'settings');
  // A screened element is included (or left out again) for this message; any other is excluded or restored.
  const toggle = useCallback((elementId: string) => {
    if (screened.has(elementId) && !exclusions.excluded.has(elementId)) allowed.toggle(elementId);
    else exclusions.toggle(elementId);
  }, [screened, exclusions, allowed]);
  const noteRule = (result: Promise<{ message: string }>): void => {
    void result.then((done) => setRuleNote({ id, text: done.message }), () => setRuleNote({ id, text: 'Glance could not save the rule.' }));
  };
  const again = (): void => {
    if (invocation && invocation.phase !== 'collecting') void api.collectAgain(invocation.id);
  };
  const ask = async (question = prompt): Promise<void> => {
    if (!invocation || !askable || answering) return;
    if (await asking.ask(question)) {
      if (question === prompt) setPrompt('');
      setContext({ id, open: false });
    }
  };

  useShown(api, () => {
    setShows((n) => n + 1);
    setSheet(false);
    focusQuestion();
  });
  // The question field appears once the user chose to ask without the context: the caret goes there.
  useEffect(() => {
    if (withoutContext) composer.current?.focus();
  }, [withoutContext, id]);
  useEffect(() => {
    const onFocus = (): void => setPlace(placeOf(document.activeElement));
    document.addEventListener('focusin', onFocus);
    return () => document.removeEventListener('focusin', onFocus);
  }, []);
  usePanelKeys({
    escape: () => {
      if (sheet) {
        setSheet(false);
        focusQuestion();
      } else if (state?.view === 'history') void api.showView('settings');
      else if (state?.view === 'settings') void api.showView('review');
      else void api.closePanel();
    },
    settings: toggleSettings,
    again,
    undo: () => void exclusions.undo(),
    find: () => filterRef.current?.focus(),
  });

  if (!state) return <main className="panel"><p className="quiet">Starting…</p></main>;
  const inSettings = state.view !== 'review';
  const timeoutMs = settings?.timeoutMs ?? DEFAULT_SETTINGS.timeoutMs;
  // A failed collection: a card with a way forward, and no question field (nothing could be asked about).
  const problem = invocation && !tree && invocation.phase !== 'collecting' && !withoutContext ? collectionProblem(invocation, { hotkey: state.hotkey, timeoutMs }) : null;
  // As in Spotlight: where nothing can be asked (the welcome, a card) there is no field to type into; Return presses the main button.
  const asks = invocation !== null && problem === null;
  const labels: Record<ProblemAction, string> = {
    'try-again': 'Try again',
    sample: 'Try with Sample Notes',
    longer: `Allow ${seconds(longerLimitMs(timeoutMs))} and try again`,
    settings: 'Open Settings',
    'ask-again': 'Ask again',
    'answer-offline': 'Answer offline and try again',
    'ask-without': 'Ask without its context',
    'reset-rules': 'Reset rules and try again',
  };

  const footerPlace = (): KeyPlace => {
    if (state.view === 'history') return 'history';
    if (inSettings) return 'settings';
    if (!invocation) return 'welcome';
    // Asked without the context: no tree to review or filter, so the question's keys alone.
    if (!tree) return invocation.phase === 'collecting' || withoutContext ? 'other' : 'problem';
    return place === 'question' && conversation && !contextOpen ? 'other' : place;
  };
  const returnWord = (): string | undefined => {
    if (inSettings) return undefined;
    if (!invocation) return state.paused ? 'Resume' : 'Try Sample Notes';
    const first = problem?.actions[0];
    return first ? labels[first] : undefined;
  };

  const body = (): JSX.Element => {
    if (!invocation) {
      return <Welcome hotkey={state.hotkey} paused={state.paused} answerer={answerer?.name ?? null} onTrySample={() => void api.trySampleNotes()} onResume={() => void api.saveSettings({ paused: false })} onSettings={toggleSettings} primaryRef={primary} />;
    }
    if (invocation.phase === 'collecting') return <Collecting appName={invocation.appName} onStop={() => void api.removeAppContext(invocation.id)} />;
    const answerView = (): JSX.Element => (
      <Answer
        answer={answer ?? { invocation: invocation.id, backend: answerer?.name ?? '', turns: [], chips: [] }}
        note={asking.note} elementOf={elementOf} onPoint={point} onOpenLink={openLink}
        onAskAgain={(question) => void ask(question)} onSettings={toggleSettings} labels={labels}
      />
    );
    if (withoutContext) {
      // Nothing to review: the strip says why, and "What is sent" shows the question going alone.
      return (
        <>
          <NoContextStrip appName={invocation.appName} />
          {conversation ? answerView() : <><div className="center" /><SendSummary words={words} locked={false} onOpen={() => setSheet(true)} /></>}
        </>
      );
    }
    if (!tree) {
      if (!problem) return <></>;
      return (
        <div className="center">
          <ProblemCard
            problem={problem}
            appName={invocation.appName}
            labels={labels}
            primaryRef={primary}
            on={{
              'try-again': again,
              sample: () => void api.trySampleNotes(),
              longer: () => void api.saveSettings({ timeoutMs: longerLimitMs(timeoutMs) }).then(again),
              settings: toggleSettings,
              'answer-offline': () => void api.saveSettings({ backend: OFFLINE_BACKEND }).then(again),
              'ask-without': () => void api.askWithoutContext(invocation.id),
              'reset-rules': () => void api.resetRules().then(again),
            }}
          />
        </div>
      );
    }
    const review = (
      <Review
        tree={tree} exclusions={exclusions} leftOut={out} screened={screened} allowed={allowed.allowed} onToggle={toggle}
        onAlways={(elementId) => noteRule(api.excludeAlways(invocation.id, elementId).then((done) => {
          // Now the rule leaves it out: the row says so, and Include (not Restore) brings it back for a message.
          if (done.ok && exclusions.excluded.has(elementId)) exclusions.toggle(elementId);
          return done;
        }))}
        rule={invocation.screening?.rule} ruleBlocks={ruleBlocks} onRule={(rule) => noteRule(api.setAppRule({ invocation: invocation.id, rule }))}
        screeningLine={screeningSummary(invocation.screening, locale)} ruleNote={ruleNote.id === id ? ruleNote.text : null}
        locked={locked} locale={locale} notes={invocation.details}
        filter={filterText} onFilter={(text) => setFilter({ id, text })} filterRef={filterRef} treeFocus={treeFocus}
        onOpenLink={openLink} onReturn={() => (prompt.trim() ? void ask() : focusQuestion())}
        onType={(text) => { setPrompt(prompt + text); focusQuestion(); }}
      />
    );
    if (!conversation) return <>{review}<SendSummary words={words} locked={locked} onOpen={() => setSheet(true)} /></>;
    // With a model elsewhere chosen, main sends a `local` app's context nowhere: the strip must not say it went.
    return (
      <>
        <ContextStrip appName={invocation.appName} words={ruleBlocks ? 'No context sent: your rule keeps it on this Mac' : `${itemsWords(sent, total, locale)} sent`} open={contextOpen} onToggle={() => setContext({ id, open: !contextOpen })} />
        {contextOpen ? <>{review}<SendSummary words={words} locked={locked} onOpen={() => setSheet(true)} /></> : answerView()}
      </>
    );
  };

  return (
    <main className={`panel panel--${inSettings ? 'settings' : conversation && !contextOpen ? 'conversation' : 'review'}`}>
      <Header appName={invocation?.appName ?? null} view={state.view} onSettings={state.view === 'history' ? () => void api.showView('settings') : toggleSettings} />
      {state.notices.length > 0 ? (
        <section className="notices" aria-label="Notices">
          {state.notices.map((notice) => <p key={notice} className="notice" role="alert">{notice}</p>)}
          <button type="button" className="button button--quiet" aria-label="Dismiss the notices" onClick={() => void api.dismissNotices()}>Dismiss</button>
        </section>
      ) : null}
      {state.view === 'history' ? <HistoryView api={api} locale={locale} /> : inSettings ? <SettingsView api={api} onHistory={() => void api.showView('history')} /> : body()}
      {/* main's sentence in a hidden live region: screen readers hear each step of collecting (provider text inside). */}
      {invocation ? <p className="sr-only" role="status" data-testid="status"><ProviderText text={invocation.message} /></p> : null}
      {inSettings || !asks ? null : (
        <Composer
          enabled={askable}
          prompt={prompt} onPrompt={setPrompt} answering={answering} followUp={locked} withoutContext={withoutContext}
          canAsk={askable && !answering && !asking.sending && prompt.trim() !== ''}
          onAsk={() => void ask()} onStop={() => void api.stop(id ?? 0)} inputRef={composer}
          onUp={tree && (!conversation || contextOpen) ? () => treeFocus.current?.() : undefined}
        />
      )}
      {/* Without a tree in view (the welcome, a problem, the answer), Up has nowhere to go: the footer does not offer it. */}
      <Footer place={footerPlace()} returnWord={returnWord()} backToContext={tree !== null} />
      <Warmup enabled={!invocation} />
      {sheet && invocation ? (
        <Preview
          api={api} invocation={invocation.id} removed={exclusions.excluded} allowed={allowed.allowed} prompt={prompt}
          revision={turns.map((turn) => turn.status).join(',')} summary={`${words}, with your question`}
          onClose={() => { setSheet(false); focusQuestion(); }}
        />
      ) : null}
    </main>
  );
}
