import { type Element, ATTRIBUTE_RELATED } from '@app-context/provider-kit/protocol';

/**
 * The user's review of a collected tree, shared by the panel (what it shows as removed) and
 * main and the CLI (what they send). The tree's types are the protocol's own schema's,
 * re-exported so the panel imports this folder only.
 */
export type { ContentBlock, Element, Role } from '@app-context/provider-kit/protocol';

/**
 * What is sent after the user's review: the tree without each removed element and its
 * subtree, and without the removed ids in any `attributes.related` (docs/cli.md, "glance ask").
 * Returns null when the root itself was removed: no context is sent. Iterative, so a deep
 * tree is safe; the input is not changed.
 */
export function applyRemovals(root: Element, removed: ReadonlySet<string>): Element | null {
  if (removed.has(root.id)) return null;
  const gone = collectRemovedIds(root, removed);
  const copy = (element: Element): Element => {
    const { children: _children, ...fields } = element;
    const out: Element = { ...fields };
    const related = element.attributes?.[ATTRIBUTE_RELATED];
    if (element.attributes && Array.isArray(related)) {
      out.attributes = Object.fromEntries(Object.entries(element.attributes));
      out.attributes[ATTRIBUTE_RELATED] = related.filter((id) => !gone.has(id as string));
    }
    return out;
  };
  const outRoot = copy(root);
  const stack: [Element, Element][] = [[root, outRoot]];
  while (stack.length > 0) {
    const [source, target] = stack.pop() as [Element, Element];
    for (const child of source.children ?? []) {
      if (removed.has(child.id)) continue;
      const childCopy = copy(child);
      (target.children ??= []).push(childCopy);
      stack.push([child, childCopy]);
    }
  }
  return outRoot;
}

/** Every id that leaves with a removal: the removed elements and all their descendants. */
export function collectRemovedIds(root: Element, removed: ReadonlySet<string>): Set<string> {
  const gone = new Set<string>();
  const stack: [Element, boolean][] = [[root, false]];
  while (stack.length > 0) {
    const [element, insideRemoved] = stack.pop() as [Element, boolean];
    const isGone = insideRemoved || removed.has(element.id);
    if (isGone) gone.add(element.id);
    for (const child of element.children ?? []) stack.push([child, isGone]);
  }
  return gone;
}

/** Ids present in the tree, in document order. */
export function listIds(root: Element): string[] {
  const ids: string[] = [];
  const stack: Element[] = [root];
  while (stack.length > 0) {
    const element = stack.pop() as Element;
    ids.push(element.id);
    const children = element.children ?? [];
    for (let i = children.length - 1; i >= 0; i -= 1) stack.push(children[i] as Element);
  }
  return ids;
}
