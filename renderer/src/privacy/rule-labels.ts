import type { RuleName } from '../../../contract/privacy.js';

/** A per-app rule, as the panel offers it. */
export type Rule = RuleName;

/** Each rule in the words the Rules list and its menus use. */
export const RULE_LABELS: Record<Rule, string> = { allow: 'Any model', local: 'Local models only', never: 'Never' };
