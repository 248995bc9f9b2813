// docs/protocol.md, "Limits and time limits": depth 64 (root is 1), the first 20,000 elements,
// deep trees.
import { describe, expect, it } from 'vitest';
import { readAnswer, MAX_DEPTH, MAX_ELEMENTS } from '@app-context/provider-kit/protocol';
import { answerOf, chain, chainJson, expectWarning, ids, readOk, readRoot, walk, type Raw } from './helpers.js';

const maxDepth = (root: Parameters<typeof walk>[0]): number => walk(root).reduce((m, e) => Math.max(m, e.depth), 0);

describe('depth', () => {
  it('keeps an element at depth 64 and cuts one at 65, with a warning', () => {
    const { root, warnings, count } = readRoot(chain(65));
    expect(maxDepth(root)).toBe(MAX_DEPTH);
    expect(ids(root).at(-1)).toBe('d64');
    expect(count).toBe(64);
    expectWarning(warnings, /deeper than 64 levels was cut with its subtree \(d65\)/);
  });

  it('gives no warning for a tree exactly 64 deep', () => {
    const { root, warnings } = readRoot(chain(64));
    expect(maxDepth(root)).toBe(64);
    expect(warnings).toEqual([]);
  });

  it('cuts every child of a depth-64 element, and keeps their depth-64 siblings', () => {
    const root = chain(63);
    let parent = root;
    while (Array.isArray(parent['children'])) parent = (parent['children'] as Raw[])[0] as Raw;
    parent['children'] = [
      { id: 'keep-a', role: 'Group', children: [{ id: 'cut-1', role: 'Text' }, { id: 'cut-2', role: 'Text' }] },
      { id: 'keep-b', role: 'Text' },
    ];
    const read = readRoot(root);
    expect(ids(read.root).slice(-2)).toEqual(['keep-a', 'keep-b']);
    expect(maxDepth(read.root)).toBe(64);
    expectWarning(read.warnings, /2 times: an element deeper than 64/);
  });

  it('reads a 10,000-deep tree built iteratively without overflowing, cut at 64', () => {
    const result = readAnswer(answerOf(chain(10_000)));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(maxDepth(result.answer.root)).toBe(MAX_DEPTH);
    expect(result.elementCount).toBe(MAX_DEPTH);
    expectWarning(result.warnings, /deeper than 64/);
  });

  it('reads a 10,000-deep tree parsed from JSON without overflowing, cut at 64', () => {
    const raw: unknown = JSON.parse(`{"protocol":"0.2.0","instance":"i","root":${chainJson(10_000)}}`);
    const result = readOk(raw);
    expect(maxDepth(result.answer.root)).toBe(MAX_DEPTH);
    expect(ids(result.answer.root).at(-1)).toBe('d64');
  });

  it('survives 10,000 levels of nested lists and of invalid elements', () => {
    let lists: unknown = [];
    for (let i = 0; i < 10_000; i += 1) lists = [lists];
    expect(readOk(answerOf({ id: 'app', children: lists })).answer.root.children).toBeUndefined();
    let noIds: Raw = {};
    for (let i = 0; i < 10_000; i += 1) noIds = { children: [noIds] };
    expect(readOk(answerOf({ id: 'app', children: [noIds] })).elementCount).toBe(1);
  });
});

describe('non-tree input', () => {
  it('terminates on a cyclic object graph: the cycle is a repeated id', () => {
    const root: Raw = { id: 'app', role: 'Application' };
    const child: Raw = { id: 'c', role: 'Group' };
    child['children'] = [child, root];
    root['children'] = [child, child];
    const { root: read, warnings } = readRoot(root);
    expect(ids(read)).toEqual(['app', 'c']);
    expectWarning(warnings, /3 times: an element with a repeated id/);
  });

  it('drops deeply nested attribute values and _meta (docs/protocol.md, "Hardening") without walking them by recursion', () => {
    let nested: unknown = 'bottom';
    for (let i = 0; i < 10_000; i += 1) nested = { n: [nested] };
    const { root, warnings } = readRoot({
      id: 'app', role: 'Application', attributes: { deep: nested, kept: 1 },
      content: [{ type: 'text', text: 't', _meta: { deep: nested } }],
    });
    expect(root.attributes).toEqual({ kept: 1 });
    expect(root.content).toEqual([]);
    expect(warnings).toEqual([
      'a content block nested deeper than 32 levels was dropped (app)',
      'an attributes value nested deeper than 32 levels was dropped (app)',
    ]);
  });
});

describe('the element count', () => {
  const flat = (n: number): Raw => {
    const children: Raw[] = [];
    for (let i = 1; i < n; i += 1) children.push({ id: `e${i}`, role: 'Text' });
    return { id: 'app', role: 'Application', children };
  };

  it('keeps exactly 20,000 elements without a warning', () => {
    const { count, warnings } = readRoot(flat(MAX_ELEMENTS));
    expect(count).toBe(MAX_ELEMENTS);
    expect(warnings).toEqual([]);
  });

  it('keeps the first 20,000 in document order and cuts the rest, with a warning', () => {
    const { root, count, warnings } = readRoot(flat(MAX_ELEMENTS + 5));
    expect(count).toBe(MAX_ELEMENTS);
    const kept = ids(root);
    expect(kept).toHaveLength(MAX_ELEMENTS);
    expect(kept.at(-1)).toBe(`e${MAX_ELEMENTS - 1}`);
    expectWarning(warnings, /5 elements .* past the first 20000 were cut/);
  });

  it('counts in depth-first document order, not breadth-first', () => {
    // Two groups: the first holds 19,998 descendants, so the second group fits and its child does not.
    const first: Raw[] = [];
    for (let i = 0; i < MAX_ELEMENTS - 3; i += 1) first.push({ id: `a${i}`, role: 'Text' });
    const { root, warnings } = readRoot({
      id: 'app', role: 'Application',
      children: [{ id: 'g1', role: 'Group', children: first }, { id: 'g2', role: 'Group', children: [{ id: 'late', role: 'Text' }] }, { id: 'last', role: 'Text' }],
    });
    const kept = ids(root);
    expect(kept).toHaveLength(MAX_ELEMENTS);
    expect(kept.at(-1)).toBe('g2');
    expect(kept).not.toContain('late');
    expectWarning(warnings, /2 elements/);
  });

  it('does not count dropped elements towards the limit', () => {
    const tree = flat(MAX_ELEMENTS);
    (tree['children'] as unknown[]).unshift({ id: 'bad id' }, { id: 'e1' });
    const { count, warnings } = readRoot(tree);
    expect(count).toBe(MAX_ELEMENTS);
    expect(warnings.some((w) => /past the first/.test(w))).toBe(false);
  });

  it('reads 20,000 faulty elements into a few warning lines that count them', () => {
    const children: Raw[] = [];
    for (let i = 1; i < MAX_ELEMENTS; i += 1) children.push({ id: `e${i}`, role: 'Widget', selected: 'yes' });
    const { warnings } = readRoot({ id: 'app', role: 'Application', children });
    expect(warnings.length).toBeLessThanOrEqual(3);
    expectWarning(warnings, /19999 times: an element with a missing or unknown role was read as Group \(e\.g\. e1, e2, e3\)/);
  });

  it('reads 20,000 full elements quickly (well under a second)', () => {
    const big = 'x'.repeat(50);
    const children: Raw[] = [];
    for (let i = 1; i < MAX_ELEMENTS; i += 1) {
      children.push({ id: `row-${i}`, role: 'Row', title: big, selected: i % 2 === 0, content: [{ type: 'text', text: big }], attributes: { n: i, related: ['app'] } });
    }
    const raw = JSON.parse(JSON.stringify(answerOf({ id: 'app', role: 'Application', children: [{ id: 'list', role: 'List', children }] }))) as unknown;
    const start = performance.now();
    const result = readOk(raw);
    const elapsed = performance.now() - start;
    expect(result.elementCount).toBe(MAX_ELEMENTS);
    expect(elapsed).toBeLessThan(2000);
    console.info(`readAnswer: ${MAX_ELEMENTS} elements in ${elapsed.toFixed(1)} ms`);
  });
});
