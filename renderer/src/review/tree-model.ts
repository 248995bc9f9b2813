import type { Element } from '../../../contract/review.js';
import { searchTextOf } from './element-words.js';

/**
 * The collected tree as the review shows it: indexed once per answer (a provider may send
 * 20,000 elements), then turned into the rows in view for what the user folded, excluded and
 * typed into the filter. Pure and iterative, so it is unit tested and safe at 64 levels.
 */

/** One element in document order. */
interface Node {
  element: Element;
  depth: number;
  /** Index of the parent in `nodes`; -1 for the root. */
  parent: number;
  /** Elements in this subtree, itself included: the next sibling is at index + size. */
  size: number;
  /** Its place among its siblings (from 1) and how many they are: what a screen reader says of a treeitem. */
  position: number;
  siblings: number;
}

/** The tree indexed in document order. */
export interface TreeIndex {
  nodes: Node[];
  byId: Map<string, number>;
}

/** Indexes the tree (preorder, then subtree sizes from the end backwards). */
export function indexTree(root: Element): TreeIndex {
  const nodes: Node[] = [];
  type Item = Omit<Node, 'size'>;
  const stack: Item[] = [{ element: root, depth: 0, parent: -1, position: 1, siblings: 1 }];
  while (stack.length > 0) {
    const item = stack.pop() as Item;
    const index = nodes.length;
    nodes.push({ ...item, size: 1 });
    const children = item.element.children ?? [];
    for (let i = children.length - 1; i >= 0; i -= 1) {
      stack.push({ element: children[i] as Element, depth: item.depth + 1, parent: index, position: i + 1, siblings: children.length });
    }
  }
  for (let i = nodes.length - 1; i > 0; i -= 1) {
    const node = nodes[i] as Node;
    (nodes[node.parent] as Node).size += node.size;
  }
  return { nodes, byId: new Map(nodes.map((node, index) => [node.element.id, index])) };
}

/** One row the tree draws. */
export interface Row {
  /** Index into the TreeIndex's nodes. */
  index: number;
  node: Node;
  hasChildren: boolean;
  /** Shown open: its children follow (never for an excluded row, whose subtree is folded). */
  expanded: boolean;
  excluded: boolean;
}

/** What decides which rows show. */
export interface RowOptions {
  collapsed: ReadonlySet<string>;
  excluded: ReadonlySet<string>;
  /** Lower-cased filter text; empty for none. */
  filter: string;
}

/**
 * The rows in view, in document order. Folded and excluded subtrees are skipped whole (an
 * excluded element shows as one row). With a filter, a row shows when it or something inside
 * it matches, and those rows stay open whatever was folded, so every match is in view.
 */
export function visibleRows(tree: TreeIndex, options: RowOptions): Row[] {
  const { nodes } = tree;
  const keep = options.filter ? matchesWithin(tree, options.filter) : undefined;
  const rows: Row[] = [];
  let i = 0;
  while (i < nodes.length) {
    const node = nodes[i] as Node;
    if (keep && !keep[i]) {
      i += node.size;
      continue;
    }
    const excluded = options.excluded.has(node.element.id);
    const hasChildren = node.size > 1;
    const expanded = hasChildren && !excluded && (keep !== undefined || !options.collapsed.has(node.element.id));
    rows.push({ index: i, node, hasChildren, expanded, excluded });
    i += expanded ? 1 : node.size;
  }
  return rows;
}

/** For each node: does it, or anything inside it, match the filter? */
function matchesWithin(tree: TreeIndex, filter: string): Uint8Array {
  const keep = new Uint8Array(tree.nodes.length);
  for (let i = tree.nodes.length - 1; i >= 0; i -= 1) {
    const node = tree.nodes[i] as Node;
    if (keep[i] || searchTextOf(node.element).includes(filter)) {
      keep[i] = 1;
      if (node.parent >= 0) keep[node.parent] = 1;
    }
  }
  return keep;
}

/** How many elements the filter matches itself (not counting the ancestors shown with them). */
export function countMatches(tree: TreeIndex, filter: string): number {
  if (!filter) return tree.nodes.length;
  return tree.nodes.reduce((n, node) => n + (searchTextOf(node.element).includes(filter) ? 1 : 0), 0);
}

/** Elements that leave with the exclusions: each excluded one and everything inside it. */
export function excludedCount(tree: TreeIndex, excluded: ReadonlySet<string>): number {
  if (excluded.size === 0) return 0;
  let count = 0;
  let i = 0;
  while (i < tree.nodes.length) {
    const node = tree.nodes[i] as Node;
    if (excluded.has(node.element.id)) {
      count += node.size;
      i += node.size;
    } else i += 1;
  }
  return count;
}

/** True when an ancestor of this node is excluded: it leaves with it, and comes back with it. */
export function insideExcluded(tree: TreeIndex, index: number, excluded: ReadonlySet<string>): boolean {
  for (let p = tree.nodes[index]?.parent ?? -1; p >= 0; p = (tree.nodes[p] as Node).parent) {
    if (excluded.has((tree.nodes[p] as Node).element.id)) return true;
  }
  return false;
}

/** Ids of the selected elements: what "Keep only the selection" keeps. */
export function selectedIds(tree: TreeIndex): string[] {
  return tree.nodes.filter((node) => node.element.selected === true).map((node) => node.element.id);
}

/**
 * "Keep only the selection": the exclusions that leave the selected elements, whole, and the
 * path down to them (the app, the window, the document around the selection: what makes it
 * readable), by excluding every sibling along that path. Earlier exclusions inside what stays
 * are kept; an excluded element on the path is brought back.
 */
export function keepOnly(tree: TreeIndex, keepIds: readonly string[], excluded: ReadonlySet<string>): Set<string> {
  const onPath = new Set<number>();
  const kept = new Set<number>();
  for (const id of keepIds) {
    const index = tree.byId.get(id);
    if (index === undefined) continue;
    kept.add(index);
    for (let p = index; p >= 0; p = (tree.nodes[p] as Node).parent) onPath.add(p);
  }
  const next = new Set<string>();
  if (kept.size === 0) return new Set(excluded);
  let i = 0;
  while (i < tree.nodes.length) {
    const node = tree.nodes[i] as Node;
    if (kept.has(i)) {
      // Inside what stays, the user's earlier exclusions stand.
      for (let j = i + 1; j < i + node.size; j += 1) {
        const id = (tree.nodes[j] as Node).element.id;
        if (excluded.has(id)) next.add(id);
      }
      i += node.size;
    } else if (onPath.has(i)) i += 1;
    else {
      next.add(node.element.id);
      i += node.size;
    }
  }
  return next;
}
