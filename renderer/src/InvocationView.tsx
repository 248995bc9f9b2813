import { useEffect, useMemo, useRef, useState, type JSX, type MutableRefObject } from 'react';
import { answererOf } from './answerer.js';
import type { GlanceApi } from './bridge.js';
import { Composer } from './Composer.js';
import { Footer } from './Footer.js';
import { hintsFor, type Hint, type HintContext, type KeyPlace } from './keys/hints.js';
import { ShortcutsSheet } from './keys/ShortcutsSheet.js';
import { InvocationBody } from './InvocationBody.js';
import { collectionProblem } from './problems/problem.js';
import { Preview } from './review/Preview.js';
import { excludedCount, indexTree } from './review/tree-model.js';
import { isLocalDestination } from '../../contract/destination.js';
import { DEFAULT_SETTINGS } from '../../contract/settings.js';
import { leftOut, screenedOf } from './review/screening.js';
import { useAllowed } from './review/use-allowed.js';
import { useExclusions } from './review/use-exclusions.js';
import { Warmup } from './review/Warmup.js';
import { ProviderText } from './text/ProviderText.js';
import { useAsk } from './use-ask.js';
import { actionLabels, sendWords } from './words/actions.js';
import { statusWords } from './words/invocation.js';
import type { PanelState } from '../../contract/invocation.js';
import type { Settings } from '../../contract/settings.js';

/** What the frame (App.tsx) puts around one invocation's view. */
export interface Frame {
  header: JSX.Element;
  notices: JSX.Element | null;
  /** Settings or History, shown in the body's place while the invocation's own state is kept. */
  replaced: JSX.Element | null;
  toggleSettings(): void;
}

/** What the panel's keys do to the press on screen (the frame's usePanelKeys calls these). */
export interface InvocationKeys {
  /** Esc with a sheet open (the payload, the shortcuts): closes it; false when none is open. */
  closeSheet(): boolean;
  again(): void;
  undo(): void;
  find(): void;
  /** Cmd-/: the shortcuts sheet, or closes it. */
  shortcuts(): void;
}

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
 * One press in the panel, mounted afresh for each (App.tsx keys it by the invocation's id): the
 * user's removals and inclusions, the question being typed, the filter, the sheet and the open
 * context strip are this press's state and die with it. Keyboard first: the caret is in the
 * question on every show; Up goes into the tree. Two modes: Review (the tree has the height,
 * one line says what is sent) and Conversation (the context folds into a strip, the answer
 * has the panel).
 */
export function InvocationView(props: { api: GlanceApi; state: PanelState; settings: Settings | null; shows: number; frame: Frame; keys: MutableRefObject<InvocationKeys | null>; locale: string }): JSX.Element {
  const { api, state, settings, frame, locale } = props;
  const { invocation } = state;
  const id = invocation?.id;
  const exclusions = useExclusions();
  const allowed = useAllowed();
  const [prompt, setPrompt] = useState('');
  const [sheet, setSheet] = useState(false);
  // The hints of where the keyboard was when ⌘/ opened the sheet (focus is on the sheet while it is open).
  const [shortcuts, setShortcuts] = useState<Hint[] | null>(null);
  const [contextOpen, setContextOpen] = useState(false);
  const [place, setPlace] = useState<KeyPlace>('question');
  const asking = useAsk(api, id, exclusions.excluded, allowed.allowed);
  const composer = useRef<HTMLTextAreaElement>(null);
  // The welcome's or a card's main button, where the keyboard goes when nothing can be asked.
  const primary = useRef<HTMLButtonElement>(null);
  const filterRef = useRef<HTMLInputElement>(null);
  const treeFocus = useRef<(() => void) | null>(null);

  const answer = invocation?.answer ?? null;
  const turns = answer?.turns ?? [];
  const answering = turns.some((turn) => turn.status === 'answering');
  const locked = turns.some((turn) => turn.status === 'done') || answering;
  // Indexed once per invocation: a streamed piece of the answer leaves the tree's reference as it was.
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
  const words = sendWords({ withoutContext, ruleBlocks, sent, total, answerer, locale });
  const askable = invocation?.phase === 'collected' || withoutContext;
  const conversation = turns.length > 0 || asking.note !== null;

  const focusQuestion = (): void => (composer.current ?? primary.current)?.focus();
  const again = (): void => {
    if (invocation && invocation.phase !== 'collecting') void api.collectAgain({ invocation: invocation.id });
  };
  const ask = async (question = prompt): Promise<void> => {
    if (!invocation || !askable || answering) return;
    if (await asking.ask(question)) {
      if (question === prompt) setPrompt('');
      setContextOpen(false);
    }
  };

  // A new press is a new view: the caret goes to its question (or its card's main button), as on every show.
  const shownAt = useRef(props.shows);
  useEffect(() => {
    if (shownAt.current === props.shows && document.activeElement !== document.body && document.activeElement !== null) return;
    shownAt.current = props.shows;
    setSheet(false);
    focusQuestion();
  }, [props.shows]);
  // The question field appears once the user chose to ask without the context: the caret goes there.
  useEffect(() => {
    if (withoutContext) composer.current?.focus();
  }, [withoutContext]);
  useEffect(() => {
    const onFocus = (): void => setPlace(placeOf(document.activeElement));
    document.addEventListener('focusin', onFocus);
    return () => document.removeEventListener('focusin', onFocus);
  }, []);
  props.keys.current = {
    closeSheet: () => {
      if (shortcuts) {
        setShortcuts(null);
        return true;
      }
      if (!sheet) return false;
      setSheet(false);
      focusQuestion();
      return true;
    },
    again,
    undo: () => void exclusions.undo(),
    find: () => filterRef.current?.focus(),
    shortcuts: () => setShortcuts((open) => (open ? null : hintsFor(hints()))),
  };

  const inSettings = state.view !== 'review';
  const timeoutMs = settings?.timeoutMs ?? DEFAULT_SETTINGS.timeoutMs;
  // A failed collection: a card with a way forward, and no question field (nothing could be asked about).
  const problem = invocation && !tree && invocation.phase !== 'collecting' && !withoutContext ? collectionProblem(invocation, { hotkey: state.hotkey, timeoutMs }) : null;
  // As in Spotlight: where nothing can be asked (the welcome, a card) there is no field to type into; Return presses the main button.
  const asks = invocation !== null && problem === null;
  const labels = actionLabels(timeoutMs);

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
  const hints = (): HintContext => ({ place: footerPlace(), returnWord: returnWord(), backToContext: tree !== null });

  return (
    <main className={`panel panel--${inSettings ? 'settings' : conversation && !contextOpen ? 'conversation' : 'review'}`}>
      {frame.header}
      {frame.notices}
      {frame.replaced ?? (
        <InvocationBody
          api={api} state={state} invocation={invocation} tree={tree} problem={problem} labels={labels} answerer={answerer}
          exclusions={exclusions} allowed={allowed} screened={screened} leftOut={out} sent={sent} total={total}
          words={words} ruleBlocks={ruleBlocks} locked={locked} conversation={conversation} note={asking.note}
          contextOpen={contextOpen} onContext={setContextOpen} onSheet={() => setSheet(true)} again={again} ask={(question) => void ask(question)}
          prompt={prompt} setPrompt={setPrompt} focusQuestion={focusQuestion} primary={primary} filterRef={filterRef} treeFocus={treeFocus}
          timeoutMs={timeoutMs} locale={locale} toggleSettings={frame.toggleSettings}
        />
      )}
      {/* The press's sentence in a hidden live region: screen readers hear each step of collecting (provider text inside). */}
      {invocation ? <p className="sr-only" role="status" data-testid="status"><ProviderText text={statusWords(invocation)} /></p> : null}
      {inSettings || !asks ? null : (
        <Composer
          enabled={askable}
          prompt={prompt} onPrompt={setPrompt} answering={answering} followUp={locked} withoutContext={withoutContext}
          canAsk={askable && !answering && !asking.sending && prompt.trim() !== ''}
          onAsk={() => void ask()} onStop={() => void api.stop({ invocation: id ?? 0 })} inputRef={composer}
          onUp={tree && (!conversation || contextOpen) ? () => treeFocus.current?.() : undefined}
        />
      )}
      {/* Without a tree in view (the welcome, a problem, the answer), Up has nowhere to go: the footer does not offer it. */}
      <Footer {...hints()} />
      {shortcuts ? <ShortcutsSheet hints={shortcuts} onClose={() => setShortcuts(null)} /> : null}
      <Warmup enabled={!invocation} />
      {sheet && invocation ? (
        <Preview
          api={api} invocation={invocation.id} removed={exclusions.excluded} allowed={allowed.allowed} prompt={prompt}
          revision={turns.map((turn) => turn.status).join(',')} summary={words}
          onClose={() => { setSheet(false); focusQuestion(); }}
        />
      ) : null}
    </main>
  );
}
