import { z } from 'zod';
import { InvocationPatchSchema, InvocationSchema, PanelStateSchema, type AnswerState, type Invocation, type InvocationPatch, type PanelState, type Turn } from './invocation.js';

/**
 * How the panel's state travels after the first fetch: main pushes only what changed, and a
 * streamed answer as the piece that grew; the panel applies each push by one rule (applyPush).
 * Beside invocation.ts, which holds the shapes pushed.
 */

/**
 * A streamed piece of an answer: turn `turn`'s text from offset `at` on is `text`. The piece
 * alone crosses IPC, so a push costs the same at the first line of an answer as at its fiftieth
 * kilobyte; and it sets a value (the text up to `at` is kept, what follows is this), so applying
 * it twice changes nothing.
 */
const StreamSchema = z.object({
  id: InvocationSchema.shape.id,
  turn: z.number().int().nonnegative(),
  at: z.number().int().nonnegative(),
  text: z.string(),
});
export type StreamPiece = z.infer<typeof StreamSchema>;

/**
 * What main pushes when the panel's state changes: the fields that changed, each whole
 * (`invocation` a new view, replacing the old), or `patch`, changed fields of the invocation
 * on screen. Every push sets values, so applying one twice changes nothing.
 */
export const PanelPushSchema = PanelStateSchema.partial().extend({ patch: InvocationPatchSchema.optional(), stream: StreamSchema.optional() });
export type PanelPush = z.infer<typeof PanelPushSchema>;

/**
 * The panel's state after `push`: the panel applies main's pushes over the state it fetched
 * once, by this one rule (a patch naming another invocation changes nothing).
 */
export function applyPush(state: PanelState, push: PanelPush): PanelState {
  const { patch, stream, ...fields } = push;
  const next = { ...state, ...fields };
  const patched = patch && next.invocation?.id === patch.id ? { ...next, invocation: { ...next.invocation, ...patch } } : next;
  return stream ? applyStream(patched, stream) : patched;
}

/**
 * The state with a streamed piece in place. Only the turn it names is a new object: every other
 * turn, the chips and the tree keep their identity, so the panel renders the growing turn alone.
 * A piece for another invocation, a turn not there, or an offset past the text changes nothing.
 */
function applyStream(state: PanelState, stream: StreamPiece): PanelState {
  const invocation = state.invocation;
  const answer = invocation?.id === stream.id ? invocation.answer : undefined;
  const turn = answer?.turns[stream.turn];
  if (!invocation || !answer || !turn || turn.text.length < stream.at) return state;
  const turns = answer.turns.map((each, index) => (index === stream.turn ? { ...each, text: each.text.slice(0, stream.at) + stream.text } : each));
  return { ...state, invocation: { ...invocation, answer: { ...answer, turns } } };
}

/** True when two turns differ in their text at most (whatever fields a turn has). */
function sameButText(was: Turn, now: Turn): boolean {
  const keys = new Set([...Object.keys(was), ...Object.keys(now)]);
  keys.delete('text');
  return [...keys].every((key) => was[key as keyof Turn] === now[key as keyof Turn]);
}

/**
 * The smallest push that takes the panel from `before` to `after` when `after` only grew the
 * text of one turn (a streamed piece): that piece, or null when anything else changed.
 */
export function streamPiece(id: number, before: AnswerState | undefined, after: AnswerState): StreamPiece | null {
  if (!before || before.backend !== after.backend || before.chips !== after.chips || before.turns.length !== after.turns.length) return null;
  let grown = -1;
  for (let index = 0; index < after.turns.length; index += 1) {
    const was = before.turns[index] as Turn;
    const now = after.turns[index] as Turn;
    if (was === now) continue;
    if (grown !== -1 || !sameButText(was, now) || !now.text.startsWith(was.text)) return null;
    grown = index;
  }
  if (grown === -1) return null;
  const at = (before.turns[grown] as Turn).text.length;
  return { id, turn: grown, at, text: (after.turns[grown] as Turn).text.slice(at) };
}

/**
 * The push for `change` to invocation `before`, worked out by the invocation from its own view
 * (main keeps no other copy): a streamed piece when only its answer's text grew, else the patch.
 */
export function patchPush(before: Invocation, change: Omit<InvocationPatch, 'id'>): PanelPush {
  const { answer, ...rest } = change;
  const piece = answer && Object.keys(rest).length === 0 ? streamPiece(before.id, before.answer, answer) : null;
  return piece ? { stream: piece } : { patch: { id: before.id, ...change } };
}
