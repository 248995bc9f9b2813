/**
 * Naming the app's elements in the model's prose: an id the chips did not take is a developer's
 * word, so it reads as the element's title (Markdown.tsx's rehype plugin uses these).
 */

/** The hast shapes the plugin touches; the rest of the tree passes through untouched. */
export interface HastNode {
  type: string;
  value?: string;
  tagName?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
}

/** How an element of the app is named in prose: its title, else its id; undefined for an id no element has. */
export type NameOf = (id: string) => string | undefined;

/** An element id in square brackets, as a model writes one in its prose ("see also [tasks-7]"). */
const BRACKETED_ID = /\[([^[\]\s`]{1,200})\]/g;

/**
 * The text with each bracketed id of an element of the app named as a person reads it: its
 * title, else the id without brackets. Other brackets ("[1]", "[sic]") are the model's own.
 */
export function withElementNames(text: string, nameOf: NameOf): string {
  return text.replace(BRACKETED_ID, (whole, id: string) => nameOf(id) ?? whole);
}

/** A code span that is exactly the id of an element of the app that is not a chip: its name, as text. */
export function elementCodeName(node: HastNode, parentTag: string | undefined, nameOf: NameOf): string | undefined {
  if (node.type !== 'element' || node.tagName !== 'code' || parentTag === 'pre') return undefined;
  const only = node.children?.length === 1 ? node.children[0] : undefined;
  return only?.type === 'text' && typeof only.value === 'string' ? nameOf(only.value) : undefined;
}
