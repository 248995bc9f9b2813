import { useEffect, useMemo, useRef, useState, type JSX, type MutableRefObject } from 'react';
import type { GlanceApi } from './bridge.js';
import { Composer } from './Composer.js';
import { Footer } from './Footer.js';
import { hintsFor, type Hint, type HintContext, type KeyPlace } from './keys/hints.js';
import { ShortcutsSheet } from './keys/ShortcutsSheet.js';
import { InvocationBody } from './InvocationBody.js';
import { useInvocationFacts } from './invocation-facts.js';
import { invocationRequests } from './invocation-requests.js';
import { Preview } from './review/Preview.js';
import { excludedCount } from './review/tree-model.js';
import { leftOut } from './review/screening.js';
import { useAllowed } from './review/use-allowed.js';
import { useExclusions } from './review/use-exclusions.js';
import { Warmup } from './review/Warmup.js';
import { ProviderText } from './text/ProviderText.js';
import { useAsk } from './use-ask.js';
import { Welcome } from './Welcome.js';
import { OFFLINE_BACKEND } from '../../contract/backends.js';
import { sendWords } from './words/actions.js';
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
  // Mounted per invocation (App.tsx keys it by the id), so its requests are bound once.
  const requests = useMemo(() => (id === undefined ? null : invocationRequests(api, id)), [api, id]);
  const facts = useInvocationFacts(state, settings, locale);
  const { tree, answering, locked, withoutContext, askable, problem, labels } = facts;
  const exclusions = useExclusions();
  const allowed = useAllowed();
  const [prompt, setPrompt] = useState('');
  const [sheet, setSheet] = useState(false);
  // The hints of where the keyboard was when ⌘/ opened the sheet (focus is on the sheet while it is open).
  const [shortcuts, setShortcuts] = useState<Hint[] | null>(null);
  const [contextOpen, setContextOpen] = useState(false);
  const [place, setPlace] = useState<KeyPlace>('question');
  // The row the keyboard is on, if any: what Delete does there (exclude, restore, include) is the footer's word.
  const [row, setRow] = useState<string | null>(null);
  const asking = useAsk(requests, exclusions.excluded, allowed.allowed);
  const composer = useRef<HTMLTextAreaElement>(null);
  // The welcome's or a card's main button, where the keyboard goes when nothing can be asked.
  const primary = useRef<HTMLButtonElement>(null);
  const filterRef = useRef<HTMLInputElement>(null);
  const treeFocus = useRef<(() => void) | null>(null);

  const turns = invocation?.answer?.turns ?? [];
  const total = tree?.nodes.length ?? 0;
  // Main's screening (rules, secrets) and the user's own choices, as one set the tree and counts read.
  const out = useMemo(() => leftOut(exclusions.excluded, facts.screened, allowed.allowed), [exclusions.excluded, facts.screened, allowed.allowed]);
  const sent = tree ? total - excludedCount(tree, out) : 0;
  const words = sendWords({ withoutContext, ruleBlocks: facts.ruleBlocks, sent, total, answerer: facts.answerer, locale });
  const conversation = turns.length > 0 || asking.note !== null;

  const focusQuestion = (): void => (composer.current ?? primary.current)?.focus();
  const again = (): void => {
    if (invocation && invocation.phase !== 'collecting') void requests?.collectAgain();
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
    const onFocus = (): void => {
      setPlace(placeOf(document.activeElement));
      setRow(document.activeElement?.getAttribute('data-element-id') ?? null);
    };
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
  // As in Spotlight: where nothing can be asked (the welcome, a card) there is no field to type into; Return presses the main button.
  const asks = invocation !== null && problem === null;

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
  // As ContextTree's Delete toggles: the user's exclusion is restored, a screened row included for this message.
  const deleteWord = (): string | undefined => {
    if (row === null) return undefined;
    if (exclusions.excluded.has(row)) return 'Restore';
    return facts.screened.has(row) && !allowed.allowed.has(row) ? 'Include' : undefined;
  };
  const hints = (): HintContext => ({ place: footerPlace(), returnWord: returnWord(), deleteWord: deleteWord(), backToContext: tree !== null });

  return (
    <main className={`panel panel--${inSettings ? 'settings' : conversation && !contextOpen ? 'conversation' : 'review'}`}>
      {frame.header}
      {frame.notices}
      {frame.replaced ?? (invocation && requests ? (
        <InvocationBody
          invocation={invocation} facts={facts}
          own={{ exclusions, allowed, leftOut: out, sent, words, prompt, setPrompt, contextOpen, setContextOpen, note: asking.note, conversation }}
          actions={{ invocation: requests, panel: api, again, ask: (question) => void ask(question), openSheet: () => setSheet(true), toggleSettings: frame.toggleSettings }}
          keyboard={{ primary, filter: filterRef, treeFocus, focusQuestion }}
        />
      ) : (
        <Welcome api={api} hotkey={state.hotkey} paused={state.paused} answerer={facts.answerer?.name ?? null} chooseAnswerer={settings?.backend === OFFLINE_BACKEND} onTrySample={() => void api.trySampleNotes()} onResume={() => void api.saveSettings({ paused: false })} onSettings={frame.toggleSettings} primaryRef={primary} />
      ))}
      {/* The press's sentence in a hidden live region: screen readers hear each step of collecting (provider text inside). */}
      {invocation ? <p className="sr-only" role="status" data-testid="status"><ProviderText text={statusWords(invocation)} /></p> : null}
      {inSettings || !asks ? null : (
        <Composer
          enabled={askable}
          prompt={prompt} onPrompt={setPrompt} answering={answering} followUp={locked} withoutContext={withoutContext}
          canAsk={askable && !answering && !asking.sending && prompt.trim() !== ''}
          onAsk={() => void ask()} onStop={() => void requests?.stop()} inputRef={composer}
          onUp={tree && (!conversation || contextOpen) ? () => treeFocus.current?.() : undefined}
        />
      )}
      {/* Without a tree in view (the welcome, a problem, the answer), Up has nowhere to go: the footer does not offer it. */}
      <Footer {...hints()} />
      {shortcuts ? <ShortcutsSheet hints={shortcuts} onClose={() => setShortcuts(null)} /> : null}
      <Warmup enabled={!invocation} />
      {sheet && requests ? (
        <Preview
          requests={requests} removed={exclusions.excluded} allowed={allowed.allowed} prompt={prompt}
          revision={turns.map((turn) => turn.status).join(',')} summary={words}
          onClose={() => { setSheet(false); focusQuestion(); }}
        />
      ) : null}
    </main>
  );
}
