import { isValidId, MAX_VALUE_DEPTH, nestsDeeperThan, type Location } from '@app-context/provider-kit/protocol';
import type { ToolSpec } from '../../contract/agent.js';

/** The tool's name, as the model calls it. */
export const HIGHLIGHT_TOOL_NAME = 'highlight';

/** At most this many ids per call: a model listing the whole tree is not pointing at anything. */
const MAX_HIGHLIGHT_IDS = 32;

/** The one tool the agent gets (docs/cli.md, "glance ask"): `{ ids: string[] }`. */
export const HIGHLIGHT_TOOL: ToolSpec = {
  name: HIGHLIGHT_TOOL_NAME,
  description:
    'Highlight elements on the user\'s screen so they can see what you mean. Pass the ids of elements from the app context, exactly as written. ' +
    'The result says, per id, whether it is visible (highlighted), offscreen, gone, unavailable (could not be located now) or unknown (not an id from the context).',
  parameters: {
    type: 'object',
    properties: {
      ids: { type: 'array', items: { type: 'string' }, description: 'Element ids from the app context.', maxItems: MAX_HIGHLIGHT_IDS },
    },
    required: ['ids'],
    additionalProperties: false,
  },
};

/**
 * A tool call's arguments as the model streamed them (both APIs send JSON text in pieces):
 * empty is `{}`, broken JSON is null, which readHighlightInput then refuses with a reason.
 * Arguments nested deeper than a provider's values may be are null too: they stay in the
 * history and are serialised again with every later request and preview, and a model led
 * on by text in the context could write them 20,000 levels deep.
 */
export function parseToolArguments(json: string): unknown {
  if (json.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(json) as unknown;
  } catch {
    return null;
  }
  return nestsDeeperThan(parsed, MAX_VALUE_DEPTH) ? null : parsed;
}

/** The ids a call asked for, de-duplicated in order, or why the arguments are unusable. */
export function readHighlightInput(input: unknown): { ok: true; ids: string[] } | { ok: false; reason: string } {
  const ids = typeof input === 'object' && input !== null ? (input as { ids?: unknown }).ids : undefined;
  if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string')) {
    return { ok: false, reason: 'the arguments must be {"ids": [string, ...]}' };
  }
  const unique = [...new Set(ids as string[])];
  if (unique.length > MAX_HIGHLIGHT_IDS) return { ok: false, reason: `at most ${MAX_HIGHLIGHT_IDS} ids per call` };
  return { ok: true, ids: unique };
}

const UNKNOWN_REASON = 'not an element in the context that was sent';

/**
 * What the tool result says in place of an "id" that breaks the id rule (docs/protocol.md, "Ids
 * and instances"): such a string is the model's, possibly copied from provider text in the
 * frame, and the result is outside the frame, so it is never echoed.
 */
export const NOT_AN_ID = '(not an id)';

/** What locating one id gave, as the conversation reports it to the caller. */
export interface HighlightResult {
  id: string;
  /** The provider's location (`gone` included), or null when none could be had. */
  location: Location | null;
  /** Why location is null: unknown id, time limit, error, not offered. Never provider text. */
  reason?: string;
  /** True when the id was not in the context that was sent, so nobody was asked. */
  unknown?: boolean;
}

/** Resolves one id that the host sent; the caller goes to the provider and instance that issued it. */
export type LocateFn = (id: string, signal: AbortSignal) => Promise<{ ok: true; location: Location } | { ok: false; reason: string }>;

/**
 * Locates each id, but only ids the host sent: anything else is "unknown" without asking
 * anyone, so a model (or text in the context) cannot make Glance probe other elements.
 */
export async function resolveHighlights(ids: string[], sent: ReadonlySet<string>, locate: LocateFn, signal: AbortSignal): Promise<HighlightResult[]> {
  return Promise.all(
    ids.map(async (id): Promise<HighlightResult> => {
      if (!isValidId(id) || !sent.has(id)) return { id, location: null, reason: UNKNOWN_REASON, unknown: true };
      try {
        const outcome = await locate(id, signal);
        return outcome.ok ? { id, location: outcome.location } : { id, location: null, reason: outcome.reason };
      } catch {
        return { id, location: null, reason: 'locating failed inside Glance' };
      }
    }),
  );
}

/**
 * The tool result the model reads: per id its state, "unavailable" or "unknown". JSON text,
 * outside the <app_context> frame, so it holds nothing but ids that follow the id rule (an
 * issued one, or an id-shaped one the model made up: no spaces, no `<`) and fixed words.
 */
export function highlightToolResult(results: HighlightResult[]): string {
  return JSON.stringify({
    results: results.map((r) => ({
      id: isValidId(r.id) ? r.id : NOT_AN_ID,
      state: r.location ? r.location.state : r.unknown ? 'unknown' : 'unavailable',
    })),
  });
}
