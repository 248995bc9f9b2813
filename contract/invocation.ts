import { z } from 'zod';
import { ElementSchema, type Element, IdSchema, MAX_ELEMENTS } from '@app-context/provider-kit/protocol';
import { AgentFailureKindSchema } from './agent.js';
import { PlaceSchema } from './destination.js';
import { NoticeSchema } from './notices.js';
import { ConsentKeySchema, RuleNameSchema } from './privacy.js';
import { SourceKindSchema } from './sources.js';

/**
 * One press as the panel shows it: the invocation's view (the outcome of collecting, the
 * screening, the answer) and the panel's state around it, zod first. ipc.ts carries them.
 */

/**
 * Why an invocation failed, so the panel can say it plainly and offer the way forward (a
 * retry, Sample Notes, a longer time limit). Main sends the kind; the panel's sentences for
 * it are written in renderer/src/words/.
 */
const FAILURES = [
  'no-front-app', 'glance-in-front', 'no-provider', 'ignored', 'timeout', 'no-answer', 'refused', 'ruled-out', 'sample-failed', 'internal',
  // An app without a provider (docs/privacy.md, "Apps without a provider"): its consent is asked
  // on the card, or the user's `never` keeps it out, or macOS's Accessibility permission is
  // missing, or the read gave nothing (the core's reason says why).
  'accessibility-consent', 'accessibility-never', 'accessibility-permission', 'accessibility-unreadable',
] as const;
export type Failure = (typeof FAILURES)[number];

/**
 * Which of the user's rules kept an app out (failure `ruled-out`), so the card says the true
 * reason and offers its own way forward: `never` (the user barred the app), `local` (its context
 * goes only to a model on this Mac, and the one chosen is elsewhere), `damaged` (the rules file
 * cannot be read, so Glance fails closed; docs/cli.md, "Per-app rules").
 */
const RULED_OUT_BY = ['never', 'local', 'damaged'] as const;
const RuledOutBySchema = z.enum(RULED_OUT_BY);
export type RuledOutBy = z.infer<typeof RuledOutBySchema>;

/** Why Sample Notes did not start (failure `sample-failed`): the panel says it in its own words. */
const SampleFailureSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('not-started') }),
  z.object({ kind: z.literal('quit') }),
  z.object({ kind: z.literal('slow'), withinMs: z.number().int().nonnegative() }),
]);
export type SampleFailure = z.infer<typeof SampleFailureSchema>;

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
const ChipSchema = z.object({
  id: IdSchema,
  /** The element's role in the collected tree, for the chip's label. */
  role: z.string(),
  source: z.enum(['cited', 'highlight']),
  /** The turn that first named it (its index in `turns`): the panel shows the chip under that turn, not under a later one. */
  turn: z.number().int().nonnegative(),
  /** idle until pointed at; then what locating it gave. Only `visible` draws the overlay. */
  state: z.enum(['idle', 'locating', 'visible', 'offscreen', 'gone', 'failed']),
  /**
   * For state `failed`: the core's reason the element was not located (never provider text),
   * absent when none was given. The panel words the chip's note from the state and this.
   */
  reason: z.string().optional(),
  /** For state `failed`: Glance itself failed while locating, not the provider. */
  internal: z.literal(true).optional(),
});
export type Chip = z.infer<typeof ChipSchema>;

/** One question and its answer so far. */
const TurnSchema = z.object({
  question: z.string(),
  text: z.string(),
  status: z.enum(['answering', 'done', 'stopped', 'failed']),
  /**
   * For a failed turn: the core's sentence for the backend's failure; absent when Glance itself
   * failed while reading the answer. A stopped turn carries nothing: the panel says it.
   */
  reason: z.string().optional(),
  /** For a failed turn: the kind of failure (app/agent's kinds), so the panel offers the right way forward. */
  kind: AgentFailureKindSchema.optional(),
});
export type Turn = z.infer<typeof TurnSchema>;

/** The answer area of one invocation: every turn of its conversation, and the chips. */
const AnswerStateSchema = z.object({
  backend: z.string(),
  /** Where this conversation's questions go (contract/destination.ts), fixed when it began; absent from a main that did not say. */
  place: PlaceSchema.optional(),
  turns: z.array(TurnSchema),
  chips: z.array(ChipSchema),
});
export type AnswerState = z.infer<typeof AnswerStateSchema>;

/**
 * An app's own icon as the page gets it: a base64 PNG or SVG data: URL, never a path, at most
 * what a 48 KiB file makes (app/os/app-icon.ts). The panel draws its window glyph without one.
 */
export const AppIconSchema = z.string().max(66_000).regex(/^data:image\/(?:png|svg\+xml);base64,[A-Za-z0-9+/]+={0,2}$/);

/** One invocation of the hotkey as the panel shows it. */
export const InvocationSchema = z.object({
  /** Increases with every hotkey press; requests name it so a stale panel cannot act on a newer one. */
  id: z.number().int().nonnegative(),
  appName: z.string(),
  /** The app's own icon, once found (absent: none, or not found yet); a patch adds it when it comes. */
  appIcon: AppIconSchema.optional(),
  phase: z.enum(['collecting', 'collected', 'failed', 'cancelled']),
  /**
   * The core's own sentence for a failure it reasoned about ("Notes did not answer within
   * 1.5 s"), stated alike for the command and the panel; absent when the panel words the kind.
   */
  reason: z.string().optional(),
  /** More of the core's sentences: why descriptors were ignored. */
  details: z.array(z.string()),
  /** What the tolerant reader cut from the answer, in the core's words (the panel frames them). */
  adjusted: z.array(z.string()).optional(),
  /** The answer's root once collected; null while collecting and after a failure. */
  root: PanelElementSchema.nullable(),
  /** For a failed invocation: which kind of failure, for the panel's error card. */
  failure: z.enum(FAILURES).optional(),
  /** For phase `cancelled`: whether the user removed the context or closed the panel. */
  cancelledBy: z.enum(['removed', 'closed']).optional(),
  /** For failure `no-front-app`: what the OS said, in its words (never the command's advice). */
  frontAppCause: z.string().optional(),
  /** For failure `sample-failed`: why Sample Notes did not start. */
  sampleFailure: SampleFailureSchema.optional(),
  /** For failure `ruled-out`: which rule kept the app out. */
  ruledOutBy: RuledOutBySchema.optional(),
  /**
   * For failures `accessibility-consent` and `accessibility-never`: what a standing choice names
   * (the app, one program of an interpreter, or nothing), so the card's buttons say it.
   */
  consentKey: ConsentKeySchema.optional(),
  /**
   * For failure `accessibility-never`: the `never` is Glance's default for a password manager, not
   * a choice the user made, so the card says so and how to read it after all.
   */
  passwordManager: z.literal(true).optional(),
  /** For failure `accessibility-consent`: the app is built on Electron, and the card says what a read turns on in it. */
  electronApp: z.literal(true).optional(),
  /** What the user's rules and the secret scan leave out of this context (absent: nothing screened). */
  screening: ScreeningSchema.optional(),
  /**
   * Set when the user chose "Ask without its context" on the card of a `local` rule: the
   * question goes to the chosen model with nothing from this app, and the conversation says so.
   */
  withoutContext: z.literal(true).optional(),
  /**
   * True while the app's `local` rule keeps this context from the backend chosen now, as the
   * core decides it (a question then goes without the app's context): the panel says so before
   * Send and decides nothing itself.
   */
  localBlocks: z.boolean().optional(),
  /** Where the context came from (absent until something was collected): a plain kind, never the source itself. */
  source: SourceKindSchema.optional(),
  /** The conversation about this press's context, once a question was asked: every turn and the chips. */
  answer: AnswerStateSchema.optional(),
});
export type Invocation = z.infer<typeof InvocationSchema>;

/**
 * A change to the invocation on screen, naming it: only the top-level fields that changed (a
 * streamed piece of the answer is `{ id, answer }`), so the tree, sent once with the view that
 * collected it, is neither cloned again across IPC nor indexed again by the panel.
 */
export const InvocationPatchSchema = InvocationSchema.partial().extend({ id: InvocationSchema.shape.id });
export type InvocationPatch = z.infer<typeof InvocationPatchSchema>;

/** Everything the panel draws: fetched whole once (getState), then kept current by pushes. */
export const PanelStateSchema = z.object({
  view: z.enum(['review', 'settings', 'history']),
  invocation: InvocationSchema.nullable(),
  /**
   * Things the user must hear about outside an invocation (a hotkey that failed, a damaged
   * settings or history file, the login item, a reset of damaged rules), as kinds and facts
   * the panel words.
   */
  notices: z.array(NoticeSchema),
  hotkey: z.string(),
  paused: z.boolean(),
});
export type PanelState = z.infer<typeof PanelStateSchema>;

/**
 * A fragment made a sentence ("notes did not answer within 1.5 s" -> "Notes did not answer
 * within 1.5 s."): main so states the core's reasons, the panel so frames what the reader cut.
 */
export function sentence(text: string): string {
  const trimmed = text.trim();
  const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}
