import { citedIds, oneLine, type Conversation, type LocateFn } from '../../app/host.js';
import type { Element, Location } from '@app-context/provider-kit/protocol';
import type { AgentFailureKind } from '../../app/agent/types.js';
import type { AnswerState, Chip, Turn } from '../../contract/ipc.js';
import { sentence } from '../../contract/invocation.js';

/**
 * The answer area as plain values: each function returns a new AnswerState, so the service
 * pushes whole, consistent states and these rules are tested without a backend.
 */

/** Ids that were sent, with each element's role for the chip's label. */
export type SentIds = ReadonlyMap<string, string>;

function withLastTurn(state: AnswerState, change: (turn: Turn) => Turn): AnswerState {
  const last = state.turns[state.turns.length - 1];
  if (!last) return state;
  return { ...state, turns: [...state.turns.slice(0, -1), change(last)] };
}

/** Adds chips for ids not yet shown, after the existing ones, each owned by the turn answering now. */
function addChips(state: AnswerState, ids: string[], source: Chip['source'], sent: SentIds): AnswerState {
  const known = new Set(state.chips.map((chip) => chip.id));
  const turn = Math.max(0, state.turns.length - 1);
  const added = ids.filter((id) => !known.has(id) && sent.has(id)).map((id): Chip => ({ id, role: sent.get(id) ?? 'Element', source, turn, state: 'idle' }));
  return added.length === 0 ? state : { ...state, chips: [...state.chips, ...added] };
}

/** A new question on its way. */
export function startTurn(state: AnswerState, question: string): AnswerState {
  return { ...state, turns: [...state.turns, { question, text: '', status: 'answering' }] };
}

/**
 * A streamed piece of text; ids it completes become chips at once. A citation never crosses a
 * line, so only the line the piece continues is read again: a piece costs the same at the end
 * of a long answer as at its start (and `sent`, which may hold 20,000 ids, is not copied).
 */
export function appendText(state: AnswerState, text: string, sent: SentIds): AnswerState {
  const before = state.turns[state.turns.length - 1];
  if (!before) return state;
  const lineStart = before.text.lastIndexOf('\n', before.text.length - 1) + 1;
  const next = withLastTurn(state, (turn) => ({ ...turn, text: turn.text + text }));
  const grown = (next.turns[next.turns.length - 1] as Turn).text;
  return addChips(next, citedIds(grown.slice(lineStart), sent), 'cited', sent);
}

/**
 * How a turn ended: a cancel is the user's Stop, anything else the backend's failure in the
 * core's words (`reason` undefined: Glance itself failed). The panel words the stopped turn.
 */
export function endTurn(state: AnswerState, outcome: { type: 'done' } | { type: 'error'; kind: AgentFailureKind; reason: string | undefined }): AnswerState {
  return withLastTurn(state, (turn) => {
    if (outcome.type === 'done') return { ...turn, status: 'done' };
    if (outcome.kind === 'cancelled') return { ...turn, status: 'stopped' };
    return { ...turn, status: 'failed', kind: outcome.kind, ...(outcome.reason === undefined ? {} : { reason: sentence(outcome.reason) }) };
  });
}

/** What locating gave a chip: its state, and for one not located the core's reason or that Glance failed. */
export type ChipFound = Pick<Chip, 'state' | 'reason' | 'internal'>;

/** What locating gave, as a chip's state and facts (the panel words its note). */
export function chipFromLocation(location: Location | null, reason?: string): ChipFound {
  if (!location) return reason === undefined ? { state: 'failed' } : { state: 'failed', reason };
  if (location.state === 'gone') return { state: 'gone' };
  if (location.state === 'offscreen' || location.rects.length === 0) return { state: 'offscreen' };
  return { state: 'visible' };
}

/** A chip Glance itself failed to locate (an error inside Glance, not the provider's answer). */
export const LOCATE_FAILED_INSIDE: ChipFound = { state: 'failed', internal: true };

/** An element the highlight tool located: a chip (added if new) with what was found. */
export function highlightChip(state: AnswerState, id: string, found: ChipFound, sent: SentIds): AnswerState {
  return setChip(addChips(state, [id], 'highlight', sent), id, found);
}

/** Sets one chip's state; its old facts go with the old state. */
export function setChip(state: AnswerState, id: string, found: ChipFound): AnswerState {
  return {
    ...state,
    chips: state.chips.map((chip) => {
      if (chip.id !== id) return chip;
      const { reason: _reason, internal: _internal, ...rest } = chip;
      return { ...rest, ...found };
    }),
  };
}

/**
 * One conversation about one collected context, from the first Send until its invocation ends.
 * The context is fixed at the first Send: follow-ups go with the history, not a new tree.
 */
export interface Chat {
  conversation: Conversation;
  /** Every id that was sent, with its role; only these can become chips or be located. */
  sent: SentIds;
  /** The collected tree the sent ids came from, for the label beside a ring (null: nothing was collected). */
  root: Element | null;
  /** Locates an id only through the source that collected it (app/ask: `source.locate`). */
  locate: LocateFn;
  /** The backend's honest name. */
  label: string;
  answer: AnswerState;
  /** Keeps a done turn's answer with its receipt, when the payload is kept (app/history/recorder.ts). */
  keepAnswer?: (text: string) => Promise<void>;
  /** The answer on its way, for Stop. */
  running?: AbortController;
  /** The chip being located now; pointing at another one drops it. */
  pointing?: { id: string; abort: AbortController };
}

/** The ids of the tree that was sent, each with its role, in document order. */
export function sentIdsOf(root: Element | null): SentIds {
  const ids = new Map<string, string>();
  const stack: Element[] = root ? [root] : [];
  while (stack.length > 0) {
    const element = stack.pop() as Element;
    ids.set(element.id, element.role);
    const children = element.children ?? [];
    for (let i = children.length - 1; i >= 0; i -= 1) stack.push(children[i] as Element);
  }
  return ids;
}

/** Longest label drawn beside a ring: a glance, not a reading. */
const RING_LABEL_CHARS = 60;

/**
 * The label beside an element's ring: its role and title ("Document Trip to Lisbon"), or its
 * role and id when it has no title. The title is the app's text: the overlay draws it as
 * provider text (bidi-isolated, invisible characters marked); here it is only put on one line
 * and cut short.
 */
export function ringLabel(root: Element | null | undefined, id: string): string {
  const stack: Element[] = root ? [root] : [];
  while (stack.length > 0) {
    const element = stack.pop() as Element;
    if (element.id === id) {
      // By code point, so an emoji is never cut in half.
      const title = [...oneLine(element.title ?? '')];
      const name = title.length > RING_LABEL_CHARS ? `${title.slice(0, RING_LABEL_CHARS - 1).join('')}…` : title.join('');
      return name ? `${element.role} ${name}` : `${element.role} ${id}`;
    }
    for (const child of element.children ?? []) stack.push(child);
  }
  return id;
}
