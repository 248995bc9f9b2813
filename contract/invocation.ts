import { z } from 'zod';
import { ElementSchema, type Element, IdSchema, MAX_ELEMENTS } from '@app-context/provider-kit/protocol';
import { AgentFailureKindSchema } from './agent.js';
import { RuleNameSchema } from './privacy.js';

/**
 * One press as the panel shows it: the invocation's view (the outcome of collecting, the
 * screening, the answer) and the panel's state around it, zod first. ipc.ts carries them.
 */

/**
 * Why an invocation failed, so the panel can say it plainly and offer the way forward (a
 * retry, Sample Notes, a longer time limit). The sentences themselves stay main's (message).
 */
const FAILURES = ['no-front-app', 'glance-in-front', 'no-provider', 'ignored', 'timeout', 'no-answer', 'refused', 'ruled-out', 'sample-failed', 'internal'] as const;
export type Failure = (typeof FAILURES)[number];

/**
 * Which of the user's rules kept an app out (failure `ruled-out`), so the card says the true
 * reason and offers its own way forward: `never` (the user barred the app), `local` (its context
 * goes only to a model on this Mac, and the one chosen is elsewhere), `damaged` (the rules file
 * cannot be read, so Glance fails closed; docs/cli.md, "Per-app rules").
 */
const RULED_OUT_BY = ['never', 'local', 'damaged'] as const;
const RuledOutBySchema = z.enum(RULED_OUT_BY);

/**
 * An element as main names it to the panel: its id, or `withheld@N` (N its position in the
 * answer) for an element whose id itself holds a secret, so that no secret reaches the page
 * (app/withhold/shown.ts). An id has no `@`, so the two never meet.
 */
export const ShownIdSchema = z.union([IdSchema, z.string().regex(/^withheld@\d{1,9}$/)]);

/** The answer's tree as the panel gets it: each withheld element without its secret's parts, named as shown. */
const PanelElementSchema: z.ZodType<Element> = ElementSchema.extend({
  id: ShownIdSchema,
  get children() {
    return z.array(PanelElementSchema).optional();
  },
});

/**
 * What the user's rules and the secret scan leave out of one collected answer (app/privacy):
 * every element a standing exclusion matches and every element holding a secret, with the
 * words that say why (never the secret). The panel shows each as left out, restorable for
 * the message; main applies the same lists when it sends.
 */
const ScreeningSchema = z.object({
  rule: RuleNameSchema,
  excludedByRule: z.array(z.object({ id: ShownIdSchema, rule: z.string() })).max(MAX_ELEMENTS),
  withheld: z.array(z.object({ id: ShownIdSchema, kind: z.string() })).max(MAX_ELEMENTS),
});
export type ScreeningView = z.infer<typeof ScreeningSchema>;

/** An element the answer names: cited in its text or highlighted through the tool. */
export const ChipSchema = z.object({
  id: IdSchema,
  /** The element's role in the collected tree, for the chip's label. */
  role: z.string(),
  source: z.enum(['cited', 'highlight']),
  /** idle until pointed at; then what locating it gave. Only `visible` draws the overlay. */
  state: z.enum(['idle', 'locating', 'visible', 'offscreen', 'gone', 'failed']),
  /** Why it is not shown, in Glance's words (never provider text). */
  note: z.string().optional(),
});
export type Chip = z.infer<typeof ChipSchema>;

/** One question and its answer so far. */
const TurnSchema = z.object({
  question: z.string(),
  text: z.string(),
  status: z.enum(['answering', 'done', 'stopped', 'failed']),
  /** What the user should know about how it ended ("Stopped.", the backend's failure). */
  note: z.string().optional(),
  /** For a failed turn: the kind of failure (app/agent's kinds), so the panel offers the right way forward. */
  kind: AgentFailureKindSchema.optional(),
});
export type Turn = z.infer<typeof TurnSchema>;

/** The answer area of one invocation: every turn of its conversation, and the chips. */
const AnswerStateSchema = z.object({
  backend: z.string(),
  turns: z.array(TurnSchema),
  chips: z.array(ChipSchema),
});
export type AnswerState = z.infer<typeof AnswerStateSchema>;

/** One invocation of the hotkey as the panel shows it. */
const InvocationSchema = z.object({
  /** Increases with every hotkey press; requests name it so a stale panel cannot act on a newer one. */
  id: z.number().int().nonnegative(),
  appName: z.string(),
  phase: z.enum(['collecting', 'collected', 'failed', 'cancelled']),
  /** One sentence for the user: "Asking Notes…", "Notes did not answer within 1.5 s". */
  message: z.string(),
  /** More sentences: why descriptors were ignored, what the tolerant reader cut. */
  details: z.array(z.string()),
  /** The answer's root once collected; null while collecting and after a failure. */
  root: PanelElementSchema.nullable(),
  /** For a failed invocation: which kind of failure, for the panel's error card. */
  failure: z.enum(FAILURES).optional(),
  /** For failure `ruled-out`: which rule kept the app out. */
  ruledOutBy: RuledOutBySchema.optional(),
  /** What the user's rules and the secret scan leave out of this context (absent: nothing screened). */
  screening: ScreeningSchema.optional(),
  /**
   * Set when the user chose "Ask without its context" on the card of a `local` rule: the
   * question goes to the chosen model with nothing from this app, and the conversation says so.
   */
  withoutContext: z.literal(true).optional(),
  /** Where the context came from (absent until something was collected): a plain kind, never the source itself. */
  source: z.enum(['provider', 'accessibility']).optional(),
  /** The conversation about this press's context, once a question was asked: every turn and the chips. */
  answer: AnswerStateSchema.optional(),
});
export type Invocation = z.infer<typeof InvocationSchema>;

/**
 * A change to the invocation on screen, naming it: only the top-level fields that changed (a
 * streamed piece of the answer is `{ id, answer }`), so the tree, sent once with the view that
 * collected it, is neither cloned again across IPC nor indexed again by the panel.
 */
const InvocationPatchSchema = InvocationSchema.partial().extend({ id: InvocationSchema.shape.id });
export type InvocationPatch = z.infer<typeof InvocationPatchSchema>;

/** Everything the panel draws: fetched whole once (getState), then kept current by pushes. */
export const PanelStateSchema = z.object({
  view: z.enum(['review', 'settings', 'history']),
  invocation: InvocationSchema.nullable(),
  /** Things the user must hear about outside an invocation: a hotkey that failed, a damaged settings file. */
  notices: z.array(z.string()),
  hotkey: z.string(),
  paused: z.boolean(),
});
export type PanelState = z.infer<typeof PanelStateSchema>;
export type PanelView = PanelState['view'];

/**
 * What main pushes when the panel's state changes: the fields that changed, each whole
 * (`invocation` a new view, replacing the old), or `patch`, changed fields of the invocation
 * on screen. Every push sets values, so applying one twice changes nothing.
 */
export const PanelPushSchema = PanelStateSchema.partial().extend({ patch: InvocationPatchSchema.optional() });
export type PanelPush = z.infer<typeof PanelPushSchema>;

/**
 * The panel's state after `push`: the panel applies main's pushes over the state it fetched
 * once, by this one rule (a patch naming another invocation changes nothing).
 */
export function applyPush(state: PanelState, push: PanelPush): PanelState {
  const { patch, ...fields } = push;
  const next = { ...state, ...fields };
  return patch && next.invocation?.id === patch.id ? { ...next, invocation: { ...next.invocation, ...patch } } : next;
}
