import { useMemo } from 'react';
import { answererOf, type Answerer } from './answerer.js';
import { collectionProblem, type Problem, type ProblemAction } from './problems/problem.js';
import { screenedOf, type Screened } from './review/screening.js';
import { indexTree, type TreeIndex } from './review/tree-model.js';
import { actionLabels } from './words/actions.js';
import { DEFAULT_SETTINGS, type Settings } from '../../contract/settings.js';
import type { PanelState } from '../../contract/invocation.js';

/**
 * What the panel reads from main's state of one invocation and from the settings, once per
 * render: the tree indexed, the screening by id, who answers, how far the conversation is, and
 * the card when collecting failed. Main owns all of it; the panel changes none of it (what the
 * user changes, the removals, inclusions and the question, is InvocationView's own state).
 */
export interface InvocationFacts {
  tree: TreeIndex | null;
  /** Main's screening (rules, secrets) by element id. */
  screened: ReadonlyMap<string, Screened>;
  answerer: Answerer | null;
  /** The app's rule is `local` and the model chosen is elsewhere: main sends none of its context. */
  ruleBlocks: boolean;
  /** The user chose "Ask without its context" (the `local` card): the question alone goes. */
  withoutContext: boolean;
  answering: boolean;
  /** The context went with a question: the tree is shown, no longer changed. */
  locked: boolean;
  /** A question can be asked about this invocation now. */
  askable: boolean;
  timeoutMs: number;
  /** The cards' button labels, for this time limit. */
  labels: Record<ProblemAction, string>;
  /** A failed collection: the card with a way forward (there is no question field then). */
  problem: Problem | null;
  /** The page's locale, for the numbers in the panel's words. */
  locale: string;
}

/** The facts of the invocation on screen (none when the panel shows the welcome). */
export function useInvocationFacts(state: PanelState, settings: Settings | null, locale: string): InvocationFacts {
  const { invocation } = state;
  const turns = invocation?.answer?.turns ?? [];
  const answering = turns.some((turn) => turn.status === 'answering');
  // Indexed once per invocation: a streamed piece of the answer leaves the tree's reference as it was.
  const tree = useMemo(() => (invocation?.root ? indexTree(invocation.root) : null), [invocation?.root]);
  const screened = useMemo(() => screenedOf(invocation?.screening), [invocation?.screening]);
  // An app whose rule is `local`, with a model elsewhere chosen: the core decided none of its context goes; say so before Send.
  const ruleBlocks = invocation?.localBlocks === true;
  const withoutContext = invocation?.withoutContext === true;
  const timeoutMs = settings?.timeoutMs ?? DEFAULT_SETTINGS.timeoutMs;
  return {
    tree,
    screened,
    answerer: settings ? answererOf(settings) : null,
    ruleBlocks,
    withoutContext,
    answering,
    locked: answering || turns.some((turn) => turn.status === 'done'),
    askable: invocation?.phase === 'collected' || withoutContext,
    timeoutMs,
    labels: actionLabels(timeoutMs),
    problem: invocation && !tree && invocation.phase !== 'collecting' && !withoutContext ? collectionProblem(invocation, { hotkey: state.hotkey, timeoutMs }) : null,
    locale,
  };
}
