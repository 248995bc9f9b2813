import { z } from 'zod';
import { RoleSchema } from '../protocol/element.js';

/**
 * The rules file's shapes (cli.md, "Per-app rules"): one rule per bundle id, and per app the
 * standing exclusions by role and/or subrole. The file is exactly what `glance rules --json`
 * prints, plus a version, so a person can read it and fix it by hand.
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
export const MAX_BUNDLE_ID = 255;
export const MAX_SUBROLE = 200;

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

/** One app's rule and its standing exclusions. */
export const AppRuleSchema = z.object({
  bundleId: BundleIdSchema,
  rule: RuleNameSchema,
  exclusions: z.array(ExclusionSchema).max(200),
});
export type AppRule = z.infer<typeof AppRuleSchema>;

/** The version this Glance writes; a file of another version is not guessed at. */
export const RULES_VERSION = 1;

/** The rules file. Two rules for one bundle id would be ambiguous: the file is then damaged. */
export const RulesFileSchema = z
  .object({ version: z.literal(RULES_VERSION), rules: z.array(AppRuleSchema).max(10_000) })
  .refine((file) => new Set(file.rules.map((r) => r.bundleId)).size === file.rules.length, 'two rules name the same bundle id');
export type RulesFile = z.infer<typeof RulesFileSchema>;

/** Two exclusions that match the same elements. */
export function sameExclusion(a: Exclusion, b: Exclusion): boolean {
  return a.role === b.role && a.subrole === b.subrole;
}

/** A short text naming an exclusion, as `ask --json`'s `excludedByRule` and the panel show it. */
export function describeExclusion(exclusion: Exclusion): string {
  const subrole = exclusion.subrole !== undefined ? `subrole ${JSON.stringify(exclusion.subrole)}` : '';
  if (exclusion.role === undefined) return `every element with ${subrole}`;
  return subrole === '' ? `every ${exclusion.role}` : `every ${exclusion.role} with ${subrole}`;
}
