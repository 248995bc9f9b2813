import type { ScreeningView } from '../../../contract/invocation.js';

/** Why main left an element out before the user looked: the user's own rule, or a secret in it. */
export interface Screened {
  kind: 'rule' | 'secret';
  /** What the row says: "left out by your rule", "withheld: GitHub token". Glance's words only. */
  words: string;
}

const NOTHING: ReadonlyMap<string, Screened> = new Map();

/**
 * The screened elements by id. A secret outranks a rule in the words: both keep the element out,
 * but the secret is what the user must know about before including it.
 */
export function screenedOf(screening: ScreeningView | undefined): ReadonlyMap<string, Screened> {
  if (!screening || (screening.excludedByRule.length === 0 && screening.withheld.length === 0)) return NOTHING;
  const map = new Map<string, Screened>();
  for (const match of screening.excludedByRule) map.set(match.id, { kind: 'rule', words: `left out by your rule (${match.rule})` });
  for (const found of screening.withheld) map.set(found.id, { kind: 'secret', words: `withheld: ${found.kind}` });
  return map;
}

/**
 * What the tree shows as left out: the user's exclusions and every screened element the user
 * did not include for this message. Counts, folding and the payload all read this one set.
 */
export function leftOut(excluded: ReadonlySet<string>, screened: ReadonlyMap<string, Screened>, allowed: ReadonlySet<string>): ReadonlySet<string> {
  if (screened.size === 0) return excluded;
  const out = new Set(excluded);
  for (const id of screened.keys()) if (!allowed.has(id)) out.add(id);
  return out;
}

/** One line above the tree naming what main held back, or null when nothing was. */
export function screeningSummary(screening: ScreeningView | undefined, locale?: string): string | null {
  if (!screening) return null;
  const parts: string[] = [];
  const secrets = screening.withheld.length;
  if (secrets > 0) {
    const kinds = [...new Set(screening.withheld.flatMap((w) => w.kind.split(', ')))].join(', ');
    parts.push(`${secrets.toLocaleString(locale)} item${secrets === 1 ? '' : 's'} withheld for holding a secret (${kinds})`);
  }
  const ruled = screening.excludedByRule.length;
  if (ruled > 0) parts.push(`${ruled.toLocaleString(locale)} left out by your rules`);
  if (parts.length === 0) return null;
  return `${parts.join('; ')}. To send one with this message anyway, press Include on its row.`;
}

/** What "Always leave out … from this app" names: "comments" (a subrole), "images" (a role). */
export function alwaysWords(element: { role: string; subrole?: string | undefined }): string {
  const subrole = element.subrole?.trim();
  // Written as the row writes the subrole ("task list", not "task-list"): the button's words are read, not parsed.
  if (subrole) return /^[a-z][a-z -]{0,30}$/.test(subrole) ? `${subrole.replace(/-+/g, ' ')}s` : `${element.role} items of this kind`;
  return element.role === 'Text' ? 'text' : `${element.role.toLowerCase()}s`;
}
