import { ContentBlockSchema, isRole, STATES, ATTRIBUTE_RELATED } from './protocol/element.js';
import { isValidId } from './protocol/ids.js';
import { MAX_BLOB_BYTES, MAX_DEPTH, MAX_ELEMENTS, MAX_VALUE_DEPTH } from './protocol/limits.js';
import { isPlainObject, own } from './protocol/json.js';
import { nestsDeeperThan } from './protocol/nesting.js';
import { decodedBytes, plainTextBlock } from './protocol/read-element.js';
import type { ProblemKind, ProviderProblem } from './problems.js';

/** At most this many problems are listed per answer; a broken generator repeats itself. */
const MAX_LISTED = 100;

interface Item {
  raw: unknown;
  depth: number;
  parentId: string | undefined;
  parentFocused: boolean;
}

/**
 * Checks an app's element tree against the protocol's rules and lists every mistake for the
 * developer: each correction the host's tolerant reader would make, named by kind and id, and
 * where (a repeated id names the parents of both uses). It walks iteratively, so a tree of any
 * depth is checked without overflowing the stack, and it never throws. Fatal problems (a root
 * that is not an object or has no valid id) mean a host would refuse the whole answer.
 * test/provider/check-tree-honest.test.ts holds it to the reader: a problem exactly when the
 * reader would warn.
 */
export function checkTree(root: unknown): ProviderProblem[] {
  const out: ProviderProblem[] = [];
  let omitted = 0;
  const add = (kind: ProblemKind, message: string, id?: string, fatal = false): void => {
    if (out.length < MAX_LISTED) out.push(id === undefined ? { kind, message, fatal } : { kind, id, message, fatal });
    else omitted += 1;
  };
  if (!isPlainObject(root)) {
    add('not-an-object', 'current returned something that is not an element object', undefined, true);
    return out;
  }
  if (!isValidId(own(root, 'id'))) {
    add('invalid-id', 'the root element has no valid id (1 to 128 of A-Z a-z 0-9 - _): a host refuses the whole answer', undefined, true);
    return out;
  }
  /** Each id's first use, by its parent's id ('the root' for the root itself). */
  const firstUse = new Map<string, string>();
  const seenObjects = new Set<object>();
  const focusedChildren = new Map<string, number>();
  const hovered: string[] = [];
  let count = 0;
  const stack: Item[] = [{ raw: root, depth: 1, parentId: undefined, parentFocused: false }];
  while (stack.length > 0) {
    const item = stack.pop() as Item;
    const where = item.parentId === undefined ? 'the root' : `a child of ${item.parentId}`;
    if (!isPlainObject(item.raw)) {
      add('not-an-object', `${where} has a child that is not an object; it is dropped`, item.parentId);
      continue;
    }
    if (seenObjects.has(item.raw)) {
      add('shared-object', `the same object appears twice in the tree (under ${item.parentId ?? 'the root'}): a cycle or a shared subtree; the second is dropped`, item.parentId);
      continue;
    }
    seenObjects.add(item.raw);
    const id = own(item.raw, 'id');
    if (!isValidId(id)) {
      add('invalid-id', `${where} has an element without a valid id (1 to 128 of A-Z a-z 0-9 - _); it is dropped with its subtree`, item.parentId);
      continue;
    }
    const first = firstUse.get(id);
    if (first !== undefined) {
      add('repeated-id', `the id ${id} is used again under ${item.parentId ?? 'the root'} (first under ${first}); a host keeps the first and drops this one with its subtree`, id);
      continue;
    }
    if (item.depth > MAX_DEPTH) {
      add('too-deep', `element ${id} is deeper than ${MAX_DEPTH} levels; it is cut with its subtree`, id);
      continue;
    }
    count += 1;
    if (count > MAX_ELEMENTS) {
      add('too-many', `the tree has more than ${MAX_ELEMENTS} elements; element ${id} and the rest are cut`, id);
      break;
    }
    // Recorded once kept, as the reader records it: an id cut for depth may be used again.
    firstUse.set(id, item.parentId ?? 'the root');
    checkFields(item.raw, id, item.depth === 1, add);
    const focused = own(item.raw, 'focused') === true;
    if (focused && item.parentId !== undefined) {
      if (item.depth > 2 && !item.parentFocused) add('focus-gap', `element ${id} is focused but its parent ${item.parentId} is not: the focus path has a gap`, id);
      const n = (focusedChildren.get(item.parentId) ?? 0) + 1;
      focusedChildren.set(item.parentId, n);
      if (n === 2) add('focus-fork', `element ${item.parentId} has more than one focused child: the focus path forks`, item.parentId);
    }
    if (own(item.raw, 'hovered') === true) hovered.push(id);
    const children = own(item.raw, 'children');
    if (children === undefined) continue;
    if (!Array.isArray(children)) {
      add('invalid-field', `element ${id} has children that are not a list; they are dropped`, id);
      continue;
    }
    for (let i = children.length - 1; i >= 0; i -= 1) {
      stack.push({ raw: children[i], depth: item.depth + 1, parentId: id, parentFocused: focused });
    }
  }
  if (hovered.length > 1) {
    add('hovered-many', `${hovered.length} elements are hovered (${hovered.slice(0, 3).join(', ')}${hovered.length > 3 ? ', ...' : ''}); at most one may be, so a host ignores hovered everywhere`);
  }
  if (omitted > 0) out.push({ kind: 'more', message: `and ${omitted} more problems`, fatal: false });
  return out;
}

type Add = (kind: ProblemKind, message: string, id?: string) => void;

/** The fields of one element, children aside. */
function checkFields(raw: Record<string, unknown>, id: string, isRoot: boolean, add: Add): void {
  const role = own(raw, 'role');
  if (isRoot && role !== 'Application') add('root-not-application', `the root element ${id} must have the role Application`, id);
  else if (!isRoot && role === 'Application') add('second-application', `element ${id} has the role Application, which only the root may have; it is read as Group`, id);
  else if (!isRole(role)) add('unknown-role', `element ${id} has a missing or unknown role (use one of the thirteen roles, or Group); it is read as Group`, id);
  for (const field of ['subrole', 'title', 'url'] as const) {
    const value = own(raw, field);
    if (value !== undefined && typeof value !== 'string') add('invalid-field', `element ${id} has a ${field} that is not a string; it is dropped`, id);
  }
  for (const state of STATES) {
    const value = own(raw, state);
    if (value !== undefined && typeof value !== 'boolean') add('invalid-state', `element ${id} has a ${state} state that is not a boolean; it is treated as absent`, id);
  }
  const content = own(raw, 'content');
  if (content !== undefined) {
    if (!Array.isArray(content)) add('invalid-content', `element ${id} has a content that is not a list of MCP content blocks; it is dropped`, id);
    else checkContent(content, id, add);
  }
  const attributes = own(raw, 'attributes');
  if (attributes === undefined) return;
  if (!isPlainObject(attributes)) {
    add('invalid-field', `element ${id} has attributes that are not an object; they are dropped`, id);
    return;
  }
  for (const [name, value] of Object.entries(attributes)) {
    // The attribute's name is the app's text: the message names the field only.
    if (nestsDeeperThan(value, MAX_VALUE_DEPTH)) add('too-nested', `element ${id} has an attributes value nested more than ${MAX_VALUE_DEPTH} levels deep; it is dropped`, id);
    else if (name === ATTRIBUTE_RELATED && (!Array.isArray(value) || !value.every(isValidId))) add('invalid-field', `element ${id} has a related attribute that is not a list of ids`, id);
  }
}

/** The content blocks, judged as the reader judges them (read-element.ts), in the same order. */
function checkContent(blocks: unknown[], id: string, add: Add): void {
  for (const block of blocks) {
    if (plainTextBlock(block) !== undefined) continue;
    if (nestsDeeperThan(block, MAX_VALUE_DEPTH)) {
      add('too-nested', `element ${id} has a content block nested more than ${MAX_VALUE_DEPTH} levels deep (its _meta included); it is dropped`, id);
      continue;
    }
    const parsed = ContentBlockSchema.safeParse(block);
    if (!parsed.success) add('invalid-content', `element ${id} has a content block that is not a valid MCP block of its type; it is dropped`, id);
    else if (decodedBytes(parsed.data) > MAX_BLOB_BYTES) add('content-too-large', `element ${id} has a content block over ${MAX_BLOB_BYTES / (1024 * 1024)} MiB (decoded data, or an embedded resource's text in UTF-8); it is dropped (keep content small)`, id);
  }
}
