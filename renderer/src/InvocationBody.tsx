import { useCallback, useState, type JSX, type MutableRefObject, type RefObject } from 'react';
import { Answer } from './answer/Answer.js';
import { ContextStrip, NoContextStrip, SendSummary } from './Chrome.js';
import { Collecting } from './Collecting.js';
import type { InvocationFacts } from './invocation-facts.js';
import type { InvocationRequests } from './invocation-requests.js';
import { longerLimitMs, type ProblemAction } from './problems/problem.js';
import { ProblemCard } from './problems/ProblemCard.js';
import { Review } from './review/Review.js';
import { screeningSummary } from './review/screening.js';
import type { Allowed } from './review/use-allowed.js';
import type { Exclusions } from './review/use-exclusions.js';
import { OFFLINE_BACKEND } from '../../contract/backends.js';
import { sentWords } from './words/actions.js';
import { detailWords } from './words/invocation.js';
import { ruleNoteWords, UNSAVED_RULE } from './words/rules.js';
import type { GlanceRequests } from '../../contract/bridge.js';
import type { AccessibilityChoice, RuleActionResult } from '../../contract/ipc.js';
import type { Invocation } from '../../contract/invocation.js';

/**
 * The panel's own state for one invocation (InvocationView holds it, and it dies with the
 * invocation): what the user removed and included, the question being typed, the context
 * unfolded over the answer, and what these make of main's view.
 */
interface OwnState {
  exclusions: Exclusions;
  allowed: Allowed;
  /** What the tree shows as left out: the user's exclusions and the screened elements not included. */
  leftOut: ReadonlySet<string>;
  /** How many elements go, and the line that says so ("9 of 11 items, to Claude"). */
  sent: number;
  words: string;
  prompt: string;
  setPrompt(prompt: string): void;
  contextOpen: boolean;
  setContextOpen(open: boolean): void;
  /** A sentence from Send itself (a refused or stale request), shown after the turns. */
  note: string | null;
  /** A question was asked (or refused): the answer has the panel, the context folds into a strip. */
  conversation: boolean;
}

/** What the body can do: ask main (the contract's requests) and move the view. */
interface BodyActions {
  /** Main's requests about this invocation, its id already named. */
  invocation: InvocationRequests;
  /** The panel's other requests: Sample Notes, settings, the rules, System Settings, a link. */
  panel: GlanceRequests;
  again(): void;
  ask(question?: string): void;
  openSheet(): void;
  toggleSettings(): void;
}

/** Where the keyboard goes from the body. */
interface KeyboardTargets {
  /** A card's main button, where the caret goes when nothing can be asked. */
  primary: RefObject<HTMLButtonElement | null>;
  filter: RefObject<HTMLInputElement | null>;
  /** Puts the keyboard in the tree (Up from the question); the tree sets it. */
  treeFocus: MutableRefObject<(() => void) | null>;
  focusQuestion(): void;
}

/**
 * What the body of one invocation's view is drawn from: the invocation as main published it and
 * what the panel read from it (main owns both), the panel's own state, its actions, and the
 * keyboard's targets.
 */
export interface InvocationBodyProps {
  invocation: Invocation;
  facts: InvocationFacts;
  own: OwnState;
  actions: BodyActions;
  keyboard: KeyboardTargets;
}

/** The collecting line, a problem card, the review, or the conversation: whichever this invocation is at. */
export function InvocationBody(props: InvocationBodyProps): JSX.Element {
  const { invocation, facts, own, actions, keyboard } = props;
  const { tree, problem, labels, screened } = facts;
  const { exclusions, allowed } = own;
  const requests = actions.invocation;
  const [ruleNote, setRuleNote] = useState<string | null>(null);
  const [filter, setFilter] = useState('');
  const elementOf = useCallback((elementId: string) => {
    const index = tree?.byId.get(elementId);
    return index === undefined ? undefined : tree?.nodes[index]?.element;
  }, [tree]);
  const point = useCallback((elementId: string) => void requests.locate({ id: elementId }), [requests]);
  const panel = actions.panel;
  const openLink = useCallback((url: string) => void panel.openExternal({ url }), [panel]);
  const copy = useCallback((text: string) => panel.copyText({ text }).then((done) => done.copied), [panel]);
  // A screened element is included (or left out again) for this message; any other is excluded or restored.
  const toggle = useCallback((elementId: string) => {
    if (screened.has(elementId) && !exclusions.excluded.has(elementId)) allowed.toggle(elementId);
    else exclusions.toggle(elementId);
  }, [screened, exclusions, allowed]);
  const noteRule = (result: Promise<RuleActionResult>): void => {
    // `never` puts its card in the review's place, and the card says it: a note under it would say it twice.
    void result.then((done) => setRuleNote(done.ok && 'rule' in done && done.rule === 'never' ? null : ruleNoteWords(done)), () => setRuleNote(UNSAVED_RULE));
  };

  if (invocation.phase === 'collecting') return <Collecting appName={invocation.appName} onStop={() => void requests.removeAppContext()} />;
  const answerView = (): JSX.Element => (
    <Answer
      answer={invocation.answer ?? { backend: facts.answerer?.name ?? '', turns: [], chips: [] }}
      note={own.note} elementOf={elementOf} onPoint={point} onOpenLink={openLink}
      onAskAgain={(question) => actions.ask(question)} onSettings={actions.toggleSettings} onCopy={copy} labels={labels}
    />
  );
  if (facts.withoutContext) {
    // Nothing to review: the strip says why, and "What is sent" shows the question going alone.
    return (
      <>
        <NoContextStrip appName={invocation.appName} />
        {own.conversation ? answerView() : <><div className="center" /><SendSummary words={own.words} onOpen={actions.openSheet} /></>}
      </>
    );
  }
  if (!tree) {
    if (!problem) return <></>;
    const { again } = actions;
    // The accessibility card's choices: main stores `always`/`never` by the app's identity, then reads again (or says the `never`).
    const choose = (choice: AccessibilityChoice) => (): void => {
      void requests.accessibilityChoice({ choice }).then((done) => setRuleNote(done.ok ? null : ruleNoteWords(done)), () => setRuleNote(UNSAVED_RULE));
    };
    return (
      <div className="card-area">
        <ProblemCard
          problem={problem}
          appName={invocation.appName}
          appIcon={invocation.appIcon}
          labels={labels}
          primaryRef={keyboard.primary}
          // Every way forward of a collection's card (Ask again is a failed answer's): a new one is named here by the compiler.
          on={{
            'try-again': again,
            sample: () => void panel.trySampleNotes(),
            longer: () => void panel.saveSettings({ timeoutMs: longerLimitMs(facts.timeoutMs) }).then(again),
            settings: actions.toggleSettings,
            'answer-offline': () => void panel.saveSettings({ backend: OFFLINE_BACKEND }).then(again),
            'ask-without': () => void requests.askWithoutContext(),
            'reset-rules': () => void panel.resetRules().then(again),
            'read-once': choose('once'),
            'read-always': choose('always'),
            'read-never': choose('never'),
            // Granted meanwhile (or not a Mac): nothing to open, so it reads again at once.
            'open-accessibility': () => void panel.openAccessibilitySettings().then(({ trusted }) => { if (trusted) choose('again')(); }),
            'read-again': choose('again'),
          } satisfies Record<Exclude<ProblemAction, 'ask-again'>, () => void>}
        />
        {ruleNote ? <p className="screening screening--done" role="status" data-testid="rule-note">{ruleNote}</p> : null}
      </div>
    );
  }
  const review = (
    <Review
      tree={tree} exclusions={exclusions} leftOut={own.leftOut} screened={screened} allowed={allowed.allowed} onToggle={toggle}
      onAlways={(elementId) => noteRule(requests.excludeAlways({ id: elementId }).then((done) => {
        // Now the rule leaves it out: the row says so, and Include (not Restore) brings it back for a message.
        if (done.ok && exclusions.excluded.has(elementId)) exclusions.toggle(elementId);
        return done;
      }))}
      rule={invocation.screening?.rule} ruleBlocks={facts.ruleBlocks} onRule={(rule) => noteRule(requests.setAppRule({ rule }))}
      screeningLine={screeningSummary(invocation.screening, facts.locale)} ruleNote={ruleNote}
      locked={facts.locked} locale={facts.locale} notes={detailWords(invocation)}
      filter={filter} onFilter={setFilter} filterRef={keyboard.filter} treeFocus={keyboard.treeFocus}
      onOpenLink={openLink} onReturn={() => (own.prompt.trim() ? actions.ask() : keyboard.focusQuestion())}
      onType={(text) => { own.setPrompt(own.prompt + text); keyboard.focusQuestion(); }}
      source={invocation.source} appName={invocation.appName}
    />
  );
  // Once asked, the line says what went (or that nothing did), as the strip does; with a model
  // elsewhere chosen, main sends a `local` app's context nowhere: neither may say it went.
  const went = sentWords({ ruleBlocks: facts.ruleBlocks, answer: invocation.answer, sent: own.sent, total: tree.nodes.length, locale: facts.locale });
  const summary = <SendSummary words={facts.locked ? went : own.words} onOpen={actions.openSheet} />;
  if (!own.conversation) return <>{review}{summary}</>;
  return (
    <>
      <ContextStrip appName={invocation.appName} appIcon={invocation.appIcon} source={invocation.source} words={went} open={own.contextOpen} onToggle={() => own.setContextOpen(!own.contextOpen)} />
      {own.contextOpen ? <>{review}{summary}</> : answerView()}
    </>
  );
}
