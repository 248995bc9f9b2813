import type { Answer } from './answer.js';
import type { Element } from './element.js';
import { isValidId } from './ids.js';
import { MAX_DEPTH, MAX_ELEMENTS } from './limits.js';
import { isPlainObject, own } from './json.js';
import { readElementFields } from './read-element.js';
import { WarningCollector } from './warnings.js';

/** The answer as read, with what the reading changed; or why the answer is refused. */
export type ReadAnswerResult =
  | { ok: true; answer: Answer; warnings: string[]; elementCount: number }
  | { ok: false; reason: string };

interface Pending {
  raw: unknown;
  depth: number;
  parent: Element | undefined;
}

/**
 * The tolerant reading of docs/protocol.md#tolerant-reading, as one pure function. It walks the tree with an
 * explicit stack in depth-first document order, so a 10,000-deep answer cannot overflow the
 * call stack, and it never throws on any JSON value. Reading its own output changes nothing.
 */
export function readAnswer(raw: unknown): ReadAnswerResult {
  if (!isPlainObject(raw)) return { ok: false, reason: 'the answer is not a JSON object' };
  const protocol = own(raw, 'protocol');
  const instance = own(raw, 'instance');
  const rawRoot = own(raw, 'root');
  if (typeof protocol !== 'string' || typeof instance !== 'string' || !isPlainObject(rawRoot)) {
    return { ok: false, reason: 'the answer lacks protocol, instance or an object root' };
  }
  // The instance follows the id rule (docs/protocol.md#the-descriptor): one that does not could never match
  // the descriptor's, and refusing it keeps the Answer type honest and provider text out of messages.
  if (!isValidId(instance)) return { ok: false, reason: 'the answer\'s instance is not a valid id' };
  if (!isValidId(own(rawRoot, 'id'))) return { ok: false, reason: 'the root element has no valid id' };

  const warn = new WarningCollector();
  const seen = new Set<string>();
  const hovered: Element[] = [];
  const focusedParents = new Map<Element, Element | undefined>();
  let root: Element | undefined;
  let kept = 0;
  let cutForCount = 0;
  const stack: Pending[] = [{ raw: rawRoot, depth: 1, parent: undefined }];

  while (stack.length > 0) {
    const item = stack.pop() as Pending;
    const rawId = isPlainObject(item.raw) ? own(item.raw, 'id') : undefined;
    if (!isPlainObject(item.raw) || !isValidId(rawId)) {
      warn.add('an element without a valid id was dropped with its subtree');
      continue;
    }
    if (seen.has(rawId)) {
      warn.add('an element with a repeated id was dropped with its subtree', rawId);
      continue;
    }
    if (item.depth > MAX_DEPTH) {
      warn.add(`an element deeper than ${MAX_DEPTH} levels was cut with its subtree`, rawId);
      continue;
    }
    if (kept >= MAX_ELEMENTS) {
      cutForCount += 1;
      continue;
    }
    seen.add(rawId);
    kept += 1;
    const element = readElementFields(item.raw, rawId, item.parent === undefined, warn);
    if (item.parent === undefined) root = element;
    else (item.parent.children ??= []).push(element);
    if (element.hovered === true) hovered.push(element);
    if (element.focused === true) focusedParents.set(element, item.parent);

    const children = own(item.raw, 'children');
    if (children === undefined) continue;
    if (!Array.isArray(children)) {
      warn.add('children that are not a list were dropped', rawId);
      continue;
    }
    // Pushed in reverse so that they pop in document order.
    for (let i = children.length - 1; i >= 0; i -= 1) {
      stack.push({ raw: children[i], depth: item.depth + 1, parent: element });
    }
  }
  if (cutForCount > 0) warn.add(`${cutForCount} elements (each with its subtree) past the first ${MAX_ELEMENTS} were cut`);
  if (root === undefined) return { ok: false, reason: 'the root element has no valid id' };

  if (hovered.length > 1) {
    warn.add(`${hovered.length} elements were hovered (at most one may be); hovered was ignored everywhere`);
    for (const element of hovered) delete element.hovered;
  }
  checkFocusPath(root, focusedParents, warn);
  return { ok: true, answer: { protocol, instance, root }, warnings: warn.lines(), elementCount: kept };
}

/**
 * The focus path runs from a child of the root down with no gaps and no forks. A broken one
 * is kept as sent, with a warning (docs/protocol.md#tolerant-reading).
 */
function checkFocusPath(root: Element, focusedParents: Map<Element, Element | undefined>, warn: WarningCollector): void {
  const focusedChildren = new Map<Element, number>();
  for (const [element, parent] of focusedParents) {
    if (parent === undefined) continue; // the root's own flag says nothing about the path
    if (parent !== root && parent.focused !== true) warn.add('the focus path has a gap: a focused element has an unfocused parent', element.id);
    focusedChildren.set(parent, (focusedChildren.get(parent) ?? 0) + 1);
  }
  for (const [parent, count] of focusedChildren) {
    if (count > 1) warn.add('the focus path forks: an element has more than one focused child', parent.id);
  }
}
