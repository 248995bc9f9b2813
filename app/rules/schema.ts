import { z } from 'zod';

/**
 * The rules file's shapes (docs/cli.md, "Per-app rules"): one rule per bundle id, and per app the
 * standing exclusions by role and/or subrole. The file is exactly what `glance rules --json`
 * prints, plus a version, so a person can read it and fix it by hand.
 */

export { ACCESSIBILITY_CONSENTS, BundleIdSchema, describeExclusion, isAccessibilityConsent, isRuleName, RULE_NAMES, SubroleSchema } from '../../contract/privacy.js';
export type { AccessibilityConsent, AppRule, Exclusion, RuleName } from '../../contract/privacy.js';
import { AppRuleSchema, type Exclusion } from '../../contract/privacy.js';

/** The version this Glance writes; a file of another version is not guessed at. */
export const RULES_VERSION = 1;

/** The rules file. Two rules for one bundle id would be ambiguous: the file is then damaged. */
export const RulesFileSchema = z
  .object({ version: z.literal(RULES_VERSION), rules: z.array(AppRuleSchema).max(10_000) })
  .refine((file) => new Set(file.rules.map((r) => r.bundleId)).size === file.rules.length, 'two rules name the same bundle id');

/** Two exclusions that match the same elements. */
export function sameExclusion(a: Exclusion, b: Exclusion): boolean {
  return a.role === b.role && a.subrole === b.subrole;
}
