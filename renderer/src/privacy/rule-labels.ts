import type { RuleName } from '../../../contract/privacy.js';

/** Each rule in the words the Rules list and its menus use. */
export const RULE_LABELS: Record<RuleName, string> = { allow: 'Any model', local: 'Local models only', never: 'Never' };
