import type { Element } from '@app-context/provider-kit/protocol';
import type { Withheld } from './scan.js';
import { Part, visitStrings } from './walk.js';

/**
 * How an element that holds a secret is named outside Glance's memory, so that nothing of the
 * secret is shown or kept:
 * - in a receipt (`history.jsonl`) it is always `withheld@N`, N its position in the answer in
 *   document order (the root is 0), wherever the receipt lists it (sent anyway, left out, or
 *   withheld): its id could be the secret, and a file keeps what it is given;
 * - on screen (`glance ask`, the panel, warnings, logs) by its id, unless the id itself holds
 *   the secret: then by `withheld@N` too. `ask --allow withheld@N` and the panel's Include
 *   send it all the same, and a `withheld@N` is never an element's id (an id has no `@`).
 */

/** The name of the element at this position, for a receipt and for an id that is a secret. */
export function positionRef(position: number): string {
  return `withheld@${position}`;
}

const REF = /^withheld@(\d{1,9})$/;

/** True when the element's id itself holds the secret. */
function idHoldsSecret(withheld: Withheld): boolean {
  return withheld.where[0] === 0;
}

/** The names of one answer's elements as shown, and the way back. */
export interface ShownIds {
  /** The id to show for this element: itself, or `withheld@N` when it holds a secret. */
  show(id: string): string;
  /** The id a shown name stands for: `withheld@N` for a withheld element, else the name itself. */
  resolve(name: string): string;
  /** The text with every id that holds a secret written as its `withheld@N` (a warning naming ids). */
  hide(text: string): string;
}

/** The shown names of an answer whose withheld elements are these. */
export function shownIds(withheld: readonly Withheld[]): ShownIds {
  const secretIds = new Map(withheld.filter(idHoldsSecret).map((w) => [w.id, positionRef(w.position)]));
  const byPosition = new Map(withheld.map((w) => [w.position, w.id]));
  return {
    show: (id) => secretIds.get(id) ?? id,
    resolve: (name) => {
      const position = REF.exec(name)?.[1];
      return (position !== undefined ? byPosition.get(Number(position)) : undefined) ?? name;
    },
    hide: (text) => {
      let out = text;
      for (const [id, ref] of secretIds) out = out.split(id).join(ref);
      return out;
    },
  };
}

/** Which parts of the element hold a secret (`part:index`), from the strings the scan named. */
function secretParts(element: Element, where: readonly number[]): Set<string> {
  const wanted = new Set(where);
  const parts = new Set<string>();
  visitStrings(element, (_text, ordinal, _isKey, _name, part, index) => {
    if (wanted.has(ordinal)) parts.add(`${part}:${index}`);
  });
  return parts;
}

/** A withheld element as the panel may show it: every part holding a secret left out, its id replaced when the id is one. */
function maskedElement(element: Element, withheld: Withheld): Element {
  const parts = secretParts(element, withheld.where);
  const { children: _children, ...fields } = element;
  const out: Element = { ...fields, id: idHoldsSecret(withheld) ? positionRef(withheld.position) : element.id };
  if (parts.has(`${Part.Subrole}:0`)) delete out.subrole;
  if (parts.has(`${Part.Title}:0`)) delete out.title;
  if (parts.has(`${Part.Url}:0`)) delete out.url;
  if (element.attributes) out.attributes = Object.fromEntries(Object.entries(element.attributes).filter((_entry, i) => !parts.has(`${Part.Attribute}:${i}`)));
  if (element.content) out.content = element.content.filter((_block, i) => !parts.has(`${Part.Block}:${i}`));
  return out;
}

/**
 * The tree as the panel shows it: the same elements, each withheld one with the parts that hold
 * a secret left out (its title when the title is clean, so the row still says what it is) and
 * its id shown as `withheld@N` when the id is the secret. The tree itself is not changed; with
 * nothing withheld it is returned as it is. Iterative, in the scan's document order.
 */
export function panelTree(root: Element, withheld: readonly Withheld[]): Element {
  if (withheld.length === 0) return root;
  const byPosition = new Map(withheld.map((w) => [w.position, w]));
  const copy = (element: Element, position: number): Element => {
    const found = byPosition.get(position);
    if (found) return maskedElement(element, found);
    const { children: _children, ...fields } = element;
    return { ...fields };
  };
  let position = 0;
  let outRoot: Element | undefined;
  // Each element is copied when it is popped, so positions count in document order as the scan counted them.
  const stack: [source: Element, siblings: Element[] | undefined, index: number][] = [[root, undefined, 0]];
  while (stack.length > 0) {
    const [source, siblings, index] = stack.pop() as [Element, Element[] | undefined, number];
    const target = copy(source, position);
    position += 1;
    if (siblings) siblings[index] = target;
    else outRoot = target;
    const children = source.children ?? [];
    if (children.length === 0) continue;
    const copies = new Array<Element>(children.length);
    target.children = copies;
    for (let i = children.length - 1; i >= 0; i -= 1) stack.push([children[i] as Element, copies, i]);
  }
  return outRoot as Element;
}
