import { useCallback, useState, type JSX, type MutableRefObject, type RefObject } from 'react';
import { Answer } from './answer/Answer.js';
import type { Answerer } from './answerer.js';
import type { GlanceApi } from './bridge.js';
import { ContextStrip, NoContextStrip, SendSummary } from './Chrome.js';
import { Collecting } from './Collecting.js';
import { longerLimitMs, type Problem, type ProblemAction } from './problems/problem.js';
import { ProblemCard } from './problems/ProblemCard.js';
import { Review } from './review/Review.js';
import type { TreeIndex } from './review/tree-model.js';
import { screeningSummary, type Screened } from './review/screening.js';
import type { Allowed } from './review/use-allowed.js';
import type { Exclusions } from './review/use-exclusions.js';
import { OFFLINE_BACKEND } from '../../contract/backends.js';
import { Welcome } from './Welcome.js';
import { sentWords } from './words/actions.js';
import { detailWords } from './words/invocation.js';
import { ruleNoteWords, UNSAVED_RULE } from './words/rules.js';
import type { AccessibilityChoice, RuleActionResult } from '../../contract/ipc.js';
import type { PanelState } from '../../contract/invocation.js';

/** What the body of one invocation's view is drawn from: the view's state, computed once in InvocationView. */
export interface InvocationBodyProps {
  api: GlanceApi;
  state: PanelState;
  invocation: PanelState['invocation'];
  tree: TreeIndex | null;
  problem: Problem | null;
  labels: Record<ProblemAction, string>;
  answerer: Answerer | null;
  exclusions: Exclusions;
  allowed: Allowed;
  screened: ReadonlyMap<string, Screened>;
  leftOut: ReadonlySet<string>;
  sent: number;
  total: number;
  words: string;
  ruleBlocks: boolean;
  locked: boolean;
  conversation: boolean;
  note: string | null;
  contextOpen: boolean;
  onContext(open: boolean): void;
  onSheet(): void;
  again(): void;
  ask(question?: string): void;
  prompt: string;
  setPrompt(prompt: string): void;
  focusQuestion(): void;
  primary: RefObject<HTMLButtonElement | null>;
  filterRef: RefObject<HTMLInputElement | null>;
  treeFocus: MutableRefObject<(() => void) | null>;
  timeoutMs: number;
  locale: string;
  toggleSettings(): void;
}

/** The welcome, the collecting line, a problem card, the review, or the conversation: whichever this press is at. */
export function InvocationBody(props: InvocationBodyProps): JSX.Element {
  const { api, state, invocation, tree, problem, labels, answerer, exclusions, allowed, screened, locale } = props;
  const [ruleNote, setRuleNote] = useState<string | null>(null);
  const [filter, setFilter] = useState('');
  const id = invocation?.id;
  const elementOf = useCallback((elementId: string) => {
    const index = tree?.byId.get(elementId);
    return index === undefined ? undefined : tree?.nodes[index]?.element;
  }, [tree]);
  const point = useCallback((elementId: string) => void api.locate({ invocation: id ?? 0, id: elementId }), [api, id]);
  const openLink = useCallback((url: string) => void api.openExternal({ url }), [api]);
  // A screened element is included (or left out again) for this message; any other is excluded or restored.
  const toggle = useCallback((elementId: string) => {
    if (screened.has(elementId) && !exclusions.excluded.has(elementId)) allowed.toggle(elementId);
    else exclusions.toggle(elementId);
  }, [screened, exclusions, allowed]);
  const noteRule = (result: Promise<RuleActionResult>): void => {
    void result.then((done) => setRuleNote(ruleNoteWords(done)), () => setRuleNote(UNSAVED_RULE));
  };

  if (!invocation) {
    return <Welcome hotkey={state.hotkey} paused={state.paused} answerer={answerer?.name ?? null} onTrySample={() => void api.trySampleNotes()} onResume={() => void api.saveSettings({ paused: false })} onSettings={props.toggleSettings} primaryRef={props.primary} />;
  }
  if (invocation.phase === 'collecting') return <Collecting appName={invocation.appName} onStop={() => void api.removeAppContext({ invocation: invocation.id })} />;
  const answerView = (): JSX.Element => (
    <Answer
      answer={invocation.answer ?? { backend: answerer?.name ?? '', turns: [], chips: [] }}
      note={props.note} elementOf={elementOf} onPoint={point} onOpenLink={openLink}
      onAskAgain={(question) => props.ask(question)} onSettings={props.toggleSettings} labels={labels}
    />
  );
  if (invocation.withoutContext === true) {
    // Nothing to review: the strip says why, and "What is sent" shows the question going alone.
    return (
      <>
        <NoContextStrip appName={invocation.appName} />
        {props.conversation ? answerView() : <><div className="center" /><SendSummary words={props.words} onOpen={props.onSheet} /></>}
      </>
    );
  }
  if (!tree) {
    if (!problem) return <></>;
    const { again, timeoutMs } = props;
    // The accessibility card's choices: main stores `always`/`never` by the app's identity, then reads again (or says the `never`).
    const choose = (choice: AccessibilityChoice) => (): void => {
      void api.accessibilityChoice({ invocation: invocation.id, choice }).then((done) => setRuleNote(done.ok ? null : ruleNoteWords(done)), () => setRuleNote(UNSAVED_RULE));
    };
    return (
      <div className="card-area">
        <ProblemCard
          problem={problem}
          appName={invocation.appName}
          appIcon={invocation.appIcon}
          labels={labels}
          primaryRef={props.primary}
          on={{
            'try-again': again,
            sample: () => void api.trySampleNotes(),
            longer: () => void api.saveSettings({ timeoutMs: longerLimitMs(timeoutMs) }).then(again),
            settings: props.toggleSettings,
            'answer-offline': () => void api.saveSettings({ backend: OFFLINE_BACKEND }).then(again),
            'ask-without': () => void api.askWithoutContext({ invocation: invocation.id }),
            'reset-rules': () => void api.resetRules().then(again),
            'read-once': choose('once'),
            'read-always': choose('always'),
            'read-never': choose('never'),
            // Granted meanwhile (or not a Mac): nothing to open, so it reads again at once.
            'open-accessibility': () => void api.openAccessibilitySettings().then(({ trusted }) => { if (trusted) choose('again')(); }),
            'read-again': choose('again'),
          }}
        />
        {ruleNote ? <p className="screening screening--done" role="status" data-testid="rule-note">{ruleNote}</p> : null}
      </div>
    );
  }
  const review = (
    <Review
      tree={tree} exclusions={exclusions} leftOut={props.leftOut} screened={screened} allowed={allowed.allowed} onToggle={toggle}
      onAlways={(elementId) => noteRule(api.excludeAlways({ invocation: invocation.id, id: elementId }).then((done) => {
        // Now the rule leaves it out: the row says so, and Include (not Restore) brings it back for a message.
        if (done.ok && exclusions.excluded.has(elementId)) exclusions.toggle(elementId);
        return done;
      }))}
      rule={invocation.screening?.rule} ruleBlocks={props.ruleBlocks} onRule={(rule) => noteRule(api.setAppRule({ invocation: invocation.id, rule }))}
      screeningLine={screeningSummary(invocation.screening, locale)} ruleNote={ruleNote}
      locked={props.locked} locale={locale} notes={detailWords(invocation)}
      filter={filter} onFilter={setFilter} filterRef={props.filterRef} treeFocus={props.treeFocus}
      onOpenLink={openLink} onReturn={() => (props.prompt.trim() ? props.ask() : props.focusQuestion())}
      onType={(text) => { props.setPrompt(props.prompt + text); props.focusQuestion(); }}
      source={invocation.source} appName={invocation.appName}
    />
  );
  // Once asked, the line says what went (or that nothing did), as the strip does; with a model
  // elsewhere chosen, main sends a `local` app's context nowhere: neither may say it went.
  const went = sentWords({ ruleBlocks: props.ruleBlocks, answer: invocation.answer, sent: props.sent, total: props.total, locale });
  const summary = <SendSummary words={props.locked ? went : props.words} onOpen={props.onSheet} />;
  if (!props.conversation) return <>{review}{summary}</>;
  return (
    <>
      <ContextStrip appName={invocation.appName} appIcon={invocation.appIcon} source={invocation.source} words={went} open={props.contextOpen} onToggle={() => props.onContext(!props.contextOpen)} />
      {props.contextOpen ? <>{review}{summary}</> : answerView()}
    </>
  );
}
