import { expect } from 'vitest';
import { readAnswer, type ReadAnswerResult, type Element } from '@app-context/provider-kit/protocol';

/** A raw element as a provider might send it: any JSON object. */
export type Raw = Record<string, unknown>;

/** An answer around a raw root. */
export function answerOf(root: unknown): Raw {
  return { protocol: '0.2.0', instance: 'inst-1', root };
}

/** Reads and insists the answer was accepted. */
export function readOk(raw: unknown): Extract<ReadAnswerResult, { ok: true }> {
  const result = readAnswer(raw);
  if (!result.ok) throw new Error(`expected the answer to be accepted, got: ${result.reason}`);
  return result;
}

/** Reads a root and returns the root as read, with the warnings. */
export function readRoot(root: unknown): { root: Element; warnings: string[]; count: number } {
  const r = readOk(answerOf(root));
  return { root: r.answer.root, warnings: r.warnings, count: r.elementCount };
}

/** Every element of a tree as read, in depth-first document order (iterative). */
export function walk(root: Element): { element: Element; depth: number }[] {
  const out: { element: Element; depth: number }[] = [];
  const stack: { element: Element; depth: number }[] = [{ element: root, depth: 1 }];
  while (stack.length > 0) {
    const item = stack.pop() as { element: Element; depth: number };
    out.push(item);
    const children = item.element.children ?? [];
    for (let i = children.length - 1; i >= 0; i -= 1) stack.push({ element: children[i] as Element, depth: item.depth + 1 });
  }
  return out;
}

/** Ids of a tree as read, in document order. */
export function ids(root: Element): string[] {
  return walk(root).map((e) => e.element.id);
}

/** The element with this id, or a test failure. */
export function find(root: Element, id: string): Element {
  const hit = walk(root).find((e) => e.element.id === id);
  if (!hit) throw new Error(`no element ${id}`);
  return hit.element;
}

/** A chain root > c2 > c3 ... of `depth` elements, built iteratively (ids d1..dN). */
export function chain(depth: number): Raw {
  const root: Raw = { id: 'd1', role: 'Application' };
  let current = root;
  for (let d = 2; d <= depth; d += 1) {
    const child: Raw = { id: `d${d}`, role: 'Group' };
    current['children'] = [child];
    current = child;
  }
  return root;
}

/** The same chain as a JSON string, generated without recursion. */
export function chainJson(depth: number): string {
  let open = '';
  for (let d = 1; d <= depth; d += 1) {
    open += `{"id":"d${d}","role":"${d === 1 ? 'Application' : 'Group'}"`;
    if (d < depth) open += ',"children":[';
  }
  return open + '}' + ']}'.repeat(depth - 1);
}

/** Asserts the warning list has a line matching the pattern. */
export function expectWarning(warnings: string[], pattern: RegExp): void {
  expect(warnings.some((w) => pattern.test(w)), `warnings: ${JSON.stringify(warnings)}`).toBe(true);
}

/** Asserts no warning line matches the pattern. */
export function expectNoWarning(warnings: string[], pattern: RegExp): void {
  expect(warnings.filter((w) => pattern.test(w))).toEqual([]);
}

export type { Element };
