import { isPasswordManager } from '../../../contract/password-managers.js';
import { describeExclusion, type AccessibilityConsent, type Exclusion } from '../../../contract/privacy.js';
import type { Refusal, RuleActionResult, RulesView } from '../../../contract/ipc.js';
import { RULE_DONE } from './invocation.js';

/**
 * The panel's words for what main reports as facts about the rules and requests: a rule action's
 * outcome, the Rules list's problem and reset (the banner's reset notice too), and why a request was
 * refused. `app` is the app's name (provider text).
 */

/** A rule action whose request itself failed (the bridge, not main's answer). */
export const UNSAVED_RULE = 'Glance could not save the rule.';

/** Why a request naming a press did nothing. */
export function refusalWords(refused: Refusal): string {
  return refused === 'still-answering'
    ? 'An answer is still on its way: wait for it, or press Stop.'
    : 'This context is no longer current: press the hotkey again.';
}

/** The note under the context after "Never from this app", "Only local models", "Always leave out". */
export function ruleNoteWords(result: RuleActionResult): string {
  if (!result.ok) {
    switch (result.problem) {
      case 'stale':
        return refusalWords('stale');
      case 'damaged':
        return 'The rules file is damaged, so the rule was not saved. Open Settings to see what to do.';
      case 'unwritable':
        return 'Glance could not save the rule. Check that its data folder can be written, then try again.';
    }
  }
  if ('rule' in result) return RULE_DONE[result.rule](result.app);
  return `Glance will always leave out ${describeExclusion(result.exclusion)} from ${result.app}. Settings › Rules undoes it.`;
}

/** Why the Rules list could not make a change. */
export function rulesProblemWords(problem: NonNullable<RulesView['problem']>): string {
  switch (problem) {
    case 'damaged':
      return 'The rules file is damaged, so it was not changed. Fix it, or run `glance rules reset`.';
    case 'unwritable':
      return 'Glance could not change the rules file. Check that its folder can be written, then try again.';
    case 'reset-failed':
      return 'Glance could not reset the rules file. Check that its folder can be written, then try again.';
    case 'unreadable':
      return 'Glance could not read its rules.';
  }
}

/** What a reset did: nothing lost, and where the damaged bytes are. */
export function rulesResetWords(asidePath: string | undefined): string {
  return asidePath
    ? `Glance’s rules start over. The damaged rules file is kept as ${asidePath}, in case you want a rule back from it.`
    : 'The rules start over.';
}

/** Under a rule whose bundle id is an interpreter's (contract/interpreter.ts), after the id itself: what the rule really covers. */
export const INTERPRETER_RULE_WORDS = ' runs many programs, and Glance can’t tell them apart here: this rule applies to every one of them.';
/** The same under the app chosen for a new rule, before the rule exists (AddRule.tsx). */
export const INTERPRETER_NEW_RULE_WORDS = ' runs many programs, and Glance can’t tell them apart here: a rule for it applies to every one of them.';

/**
 * An app's name when Glance has never seen the app itself, from the bundle id its rule names: the
 * last part of a reverse-domain id, its words apart ("org.example.FieldNotes": "Field Notes");
 * any other id (an interpreter's "python3.11", an id with odd characters) as it is.
 */
export function nameFromBundleId(bundleId: string): string {
  if (!/^[A-Za-z][\w-]*(\.[A-Za-z][\w-]*){2,}$/.test(bundleId)) return bundleId;
  const last = bundleId.slice(bundleId.lastIndexOf('.') + 1);
  const words = last.replace(/[-_]+/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * Each accessibility consent as Settings › Rules offers it: whether an app that doesn’t share
 * context itself is read through Accessibility (the same three as `glance rules accessibility`).
 */
export const ACCESSIBILITY_LABELS: Record<AccessibilityConsent, string> = {
  ask: 'Ask each time',
  always: 'Always',
  never: 'Never',
};

/** The line's label before the consent's menu. */
export const ACCESSIBILITY_LINE = 'Read through Accessibility';

/** After the line's label, for an interpreter's name: its own menu refuses, or asks; "Always" names one program. */
export const INTERPRETER_CONSENT_WORDS = ' (any program it runs; “Always” is chosen per program, on the card)';

/** An "Always" stored for an interpreter's name before consents named one program: kept, and counted as asking. */
const INTERPRETER_ALWAYS_LABEL = 'Always (no longer counts: it names no one program)';

/**
 * The words of an app's own consent menu where they differ from ACCESSIBILITY_LABELS: an
 * interpreter's old "Always"; a password manager's "Ask", which is Glance's `never` for one
 * (contract/password-managers.ts), said so that the menu does not promise a question.
 */
export function consentWording(bundleId: string, interpreter: boolean): Partial<Record<AccessibilityConsent, string>> | undefined {
  if (interpreter) return { always: INTERPRETER_ALWAYS_LABEL };
  return isPasswordManager(bundleId) ? { ask: 'Not read (Glance’s default for a password manager)' } : undefined;
}

/** The label of one program's consent, around its path (provider-chosen text is drawn apart). */
export const programLine = { before: 'Read ', after: ' through Accessibility' } as const;

/** Each role as a person names many of them: "rows", "images". */
const ROLE_PLURALS: Record<NonNullable<Exclusion['role']>, string> = {
  Application: 'apps', Window: 'windows', Group: 'groups', List: 'lists', Table: 'tables', Row: 'rows',
  Cell: 'cells', Text: 'text blocks', Heading: 'headings', Link: 'links', Image: 'images', Page: 'pages', Document: 'documents',
};

/** An English plural for the app's own word for a kind ("comment", "task-list"): "comments", "task lists". */
function plural(word: string): string {
  const spaced = word.replace(/[-_]+/g, ' ').trim();
  if (/(s|x|z|ch|sh)$/i.test(spaced)) return `${spaced}es`;
  if (/[^aeiou]y$/i.test(spaced)) return `${spaced.slice(0, -1)}ies`;
  return `${spaced}s`;
}

/**
 * What a standing exclusion leaves out, as a person says it: the app's kind in the plural
 * ("comments", "task lists"), else the role's ("rows"). The kind can come from a provider: the
 * caller draws it as provider text.
 */
export function exclusionPhrase(exclusion: Exclusion): string {
  if (exclusion.subrole !== undefined && exclusion.subrole.trim() !== '') return plural(exclusion.subrole);
  return exclusion.role ? ROLE_PLURALS[exclusion.role] : 'everything';
}
