import { z } from 'zod';
import { RoleSchema } from '@app-context/provider-kit/protocol';
import { SourceKindSchema } from './sources.js';

/**
 * The shapes of Glance's own data that the panel shows as well as the core keeps (docs/cli.md,
 * "Glance's own data: rules and history"; docs/privacy.md): an app's rule and standing exclusions,
 * and a receipt. Here rather than in app/rules and app/history because the panel loads this folder:
 * the rules file, `glance rules --json`, the Settings list and the History view share one schema.
 */

/** What the user decided for one app. */
export const RULE_NAMES = ['allow', 'never', 'local'] as const;
export const RuleNameSchema = z.enum(RULE_NAMES);
export type RuleName = z.infer<typeof RuleNameSchema>;

/** True when the value names a rule. */
export function isRuleName(value: unknown): value is RuleName {
  return typeof value === 'string' && (RULE_NAMES as readonly string[]).includes(value);
}

/** Longest bundle id and subrole a rule holds; longer ones are not ids anyone uses. */
const MAX_BUNDLE_ID = 255;
const MAX_SUBROLE = 200;

// eslint-disable-next-line no-control-regex -- a bundle id never holds a control character
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** A bundle id as a rule names it: what a verified descriptor states, matched exactly. */
export const BundleIdSchema = z.string().min(1).max(MAX_BUNDLE_ID).refine((id) => !CONTROL.test(id) && id.trim() === id, 'a bundle id has no spaces at its ends and no control characters');

/** A subrole as an exclusion names it, matched exactly. */
export const SubroleSchema = z.string().min(1).max(MAX_SUBROLE).refine((s) => !CONTROL.test(s), 'a subrole has no control characters');

/** Elements left out on every collection: by role, subrole or both (at least one). */
export const ExclusionSchema = z
  .object({ role: RoleSchema.optional(), subrole: SubroleSchema.optional() })
  .refine((e) => e.role !== undefined || e.subrole !== undefined, 'an exclusion names a role, a subrole or both');
export type Exclusion = z.infer<typeof ExclusionSchema>;

/**
 * Whether an app that does not share context itself may be read through the OS's accessibility
 * layer (docs/privacy.md, "Apps without a provider"): asked each time (the default), always, or
 * never. The rules file stores only `always` and `never`; an app without either is asked.
 */
export const ACCESSIBILITY_CONSENTS = ['ask', 'always', 'never'] as const;
export type AccessibilityConsent = (typeof ACCESSIBILITY_CONSENTS)[number];

/** True when the value names a consent. */
export function isAccessibilityConsent(value: unknown): value is AccessibilityConsent {
  return typeof value === 'string' && (ACCESSIBILITY_CONSENTS as readonly string[]).includes(value);
}

/** The longest program path a consent names (Linux's PATH_MAX). */
const MAX_PROGRAM_PATH = 4096;

/** A program's real path, as the OS shows it: absolute, no control characters. */
export const ProgramPathSchema = z.string().min(2).max(MAX_PROGRAM_PATH).refine((p) => p.startsWith('/') && !CONTROL.test(p), 'a program is named by its full path, without control characters');

/** A stored consent: `ask` is the absence of one. */
const StoredConsentSchema = z.enum(ACCESSIBILITY_CONSENTS).exclude(['ask']);

/**
 * A consent for one program an interpreter runs (docs/privacy.md, "Apps without a provider"): on
 * Linux every script of `python3.11` has the bundle id `python3.11`, so a standing consent for one
 * of them names its script's real path.
 */
const ProgramConsentSchema = z.object({ path: ProgramPathSchema, accessibility: StoredConsentSchema });

/**
 * One app's rule, its standing exclusions, and its stored accessibility consents, if any. For an
 * interpreter's name (contract/interpreter.ts) `accessibility` may only refuse: an `always` there
 * (written before consents named programs) grants nothing, and `programs` holds the consents for
 * the programs it runs. Both optional: a file written before either still loads.
 */
export const AppRuleSchema = z.object({
  bundleId: BundleIdSchema,
  rule: RuleNameSchema,
  exclusions: z.array(ExclusionSchema).max(200),
  accessibility: StoredConsentSchema.optional(),
  programs: z.array(ProgramConsentSchema).max(500).refine((list) => new Set(list.map((p) => p.path)).size === list.length, 'two consents name the same program').optional(),
});
export type AppRule = z.infer<typeof AppRuleSchema>;

/**
 * What a standing accessibility choice for an app without a provider is stored under, so the
 * card and the command can say it: the app's own bundle id; for an interpreter's name, the one
 * program it runs; or, when no one program can be named (`python3 -c`, a REPL), nothing: it can
 * be read this time, or refused for everything that interpreter runs.
 */
export const ConsentKeySchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('app'), bundleId: z.string() }),
  z.object({ kind: z.literal('program'), bundleId: z.string(), program: z.string() }),
  z.object({ kind: z.literal('interpreter'), bundleId: z.string() }),
]);
export type ConsentKey = z.infer<typeof ConsentKeySchema>;

/** A short text naming an exclusion, as `ask --json`'s `excludedByRule` and the panel show it. */
export function describeExclusion(exclusion: Exclusion): string {
  const subrole = exclusion.subrole !== undefined ? `subrole ${JSON.stringify(exclusion.subrole)}` : '';
  if (exclusion.role === undefined) return `every element with ${subrole}`;
  return subrole === '' ? `every ${exclusion.role}` : `every ${exclusion.role} with ${subrole}`;
}

/**
 * A receipt: what one request that carried context to a model held (docs/cli.md,
 * "History: a receipt for every send"). It names the app, the backend, the model server, the ids
 * that went and those left out, and the size and SHA-256 of the exact body sent. Never a token, an
 * API key, or the context itself: the payload is kept only when the user asks for it, encrypted,
 * beside the receipt.
 */
/**
 * What came back for a request that left Glance, recorded once its answer (or its failure) is
 * known: the HTTP status the model server answered, or why nothing came back. Never the body,
 * never a header. `unreachable`: no connection (refused, no such host); `stopped`: cancelled or
 * out of time before an answer; `redirect`: a redirect, refused; `failed`: any other error.
 */
const RequestOutcomeSchema = z.union([
  z.object({ status: z.number().int().min(100).max(599) }).strict(),
  z.object({ failure: z.enum(['unreachable', 'stopped', 'redirect', 'failed']) }).strict(),
]);
export type RequestOutcome = z.infer<typeof RequestOutcomeSchema>;

/** A request came back well: an HTTP answer in the 2xx range. */
export function outcomeSucceeded(outcome: RequestOutcome): boolean {
  return 'status' in outcome && outcome.status >= 200 && outcome.status < 300;
}

/** What came back, in words: "HTTP 500", "no connection to the server". */
export function outcomeWords(outcome: RequestOutcome): string {
  if ('status' in outcome) return `HTTP ${outcome.status}`;
  switch (outcome.failure) {
    case 'unreachable': return 'no connection to the server';
    case 'stopped': return 'nothing: stopped before an answer (cancelled or out of time)';
    case 'redirect': return 'a redirect, not followed';
    case 'failed': return 'nothing: the request failed';
  }
}

export const ReceiptSchema = z.object({
  id: z.string().regex(/^[0-9a-f]{16}$/),
  at: z.iso.datetime(),
  app: z.object({ bundleId: z.string(), name: z.string(), pid: z.number().int().positive() }),
  /**
   * Where the context came from: the app's own provider, or the OS's accessibility layer (an app
   * that does not share context itself). Absent in receipts written before it was recorded.
   */
  source: SourceKindSchema.optional(),
  backend: z.string().min(1),
  /** Null for the offline backend, which asks no model. */
  model: z.string().nullable(),
  /** The model server's origin, or OFFLINE_ENDPOINT (contract/backends.ts). */
  endpoint: z.string().min(1),
  sentIds: z.array(z.string()),
  excludedIds: z.array(z.string()),
  withheld: z.array(z.object({ id: z.string(), kind: z.string() })),
  bytes: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  /**
   * What came back (above), written when the answer or the failure is known. Absent for the
   * offline backend (nothing left Glance), in receipts written before it was recorded, and when
   * Glance stopped before the request finished.
   */
  outcome: RequestOutcomeSchema.optional(),
  /**
   * `kept` when the answer that came back is kept too: only with the payload ("keep what was
   * sent"), encrypted beside it, for as long as the receipt (docs/privacy.md). Never the text itself.
   */
  answer: z.literal('kept').optional(),
});
export type Receipt = z.infer<typeof ReceiptSchema>;
