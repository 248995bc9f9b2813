import { z } from 'zod';
import { AppIconSchema } from './invocation.js';
import { HistoryDamagedSchema } from './notices.js';
import { AppRuleSchema, BundleIdSchema, ExclusionSchema, ReceiptSchema, RuleNameSchema } from './privacy.js';

/**
 * The privacy views' side of the IPC contract (ipc.ts carries them): what a rule action or an
 * accessibility choice from the panel did, the Rules list, and the History view.
 */

/** Why a change to the rules file was not made: it is damaged, or it could not be written. */
const RulesProblemSchema = z.enum(['damaged', 'unwritable']);

/**
 * What a rule action from the panel did, as facts the panel words: the rule set or the
 * exclusion added for the app (its name, provider text), or why nothing was done.
 */
export const RuleActionResultSchema = z.union([
  z.object({ ok: z.literal(true), app: z.string(), rule: RuleNameSchema }),
  z.object({ ok: z.literal(true), app: z.string(), exclusion: ExclusionSchema }),
  z.object({ ok: z.literal(false), problem: z.union([RulesProblemSchema, z.literal('stale')]) }),
]);
export type RuleActionResult = z.infer<typeof RuleActionResultSchema>;

/** A rule the panel sets for the app an invocation collected from (its verified bundle id stays in main). */
export const InvocationRuleSchema = z.object({ invocation: z.number().int().nonnegative(), rule: RuleNameSchema }).strict();

/**
 * The user's answer on the card of an app without a provider (docs/privacy.md, "Apps without a
 * provider"): read it this time (`once`, this press only), always, or never for this app; the
 * app's identity stays in main. `again` reads once more after a permission or unreadable card,
 * under the consent already given.
 */
export const AccessibilityChoiceSchema = z.object({ invocation: z.number().int().nonnegative(), choice: z.enum(['once', 'always', 'never', 'again']) }).strict();
export type AccessibilityChoice = z.infer<typeof AccessibilityChoiceSchema>['choice'];

/** Whether the choice was taken (the press reads again, or says the `never`), or why not. */
export const AccessibilityChoiceResultSchema = z.union([
  z.object({ ok: z.literal(true) }),
  z.object({ ok: z.literal(false), problem: z.union([RulesProblemSchema, z.literal('stale')]) }),
]);

/** Longest app name the Rules list is given; a provider's name past it is cut (main/flow/known-apps.ts). */
export const MAX_APP_NAME = 200;

/** An app Glance has seen, by its verified bundle id and the name its provider gives (provider text). */
const KnownAppSchema = z.object({ bundleId: BundleIdSchema, name: z.string().max(MAX_APP_NAME) });
export type KnownApp = z.infer<typeof KnownAppSchema>;

/** The Rules list in Settings: every app's rule, or the notice of a damaged rules file. */
export const RulesViewSchema = z.object({
  rules: z.array(AppRuleSchema),
  /**
   * Apps Glance has seen (the apps collected from since it started, the providers published
   * when Settings opened, verified as a hotkey would verify them but never asked, and the
   * receipts), so a rule shows the app's name rather than its bundle id alone, and a rule can be
   * made for one.
   */
  known: z.array(KnownAppSchema).max(500).optional(),
  /** Each app's own icon, by the bundle id a rule or a known app names, where one was found (else the glyph). */
  icons: z.record(z.string(), AppIconSchema).optional(),
  /** Set when the rules file is damaged: no app is asked until it is fixed or reset. */
  notice: z.string().optional(),
  /** Why a change (or a reset) could not be made; `unreadable` is the panel's own, when the request itself failed. */
  problem: z.union([RulesProblemSchema, z.enum(['reset-failed', 'unreadable'])]).optional(),
  /** After a reset: the rules started over, and where a damaged file was kept. */
  done: z.object({ reset: z.literal(true), asidePath: z.string().optional() }).optional(),
});
export type RulesView = z.infer<typeof RulesViewSchema>;

/** The History view: receipts newest first, which kept their payload, and what reading had to repair. */
export const HistoryViewSchema = z.object({
  receipts: z.array(ReceiptSchema),
  kept: z.array(z.string()),
  notices: z.array(HistoryDamagedSchema),
  /** How many days receipts are kept, and whether payloads are kept (the settings, for the view's words). */
  days: z.number().int().positive(),
  /** Each app's own icon, by the bundle id its receipts name, where one was found. */
  icons: z.record(z.string(), AppIconSchema),
});
export type HistoryView = z.infer<typeof HistoryViewSchema>;

export const ReceiptIdSchema = z.object({ id: ReceiptSchema.shape.id }).strict();
