// applyRemovals: what is sent after the user's review (removed subtrees and related ids gone).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Element, readAnswer } from '@app-context/provider-kit/protocol';
import { applyRemovals, collectRemovedIds, listIds } from '../../contract/review.js';
import { answerArb } from '../protocol/arbitraries.js';

const tree = (): Element => ({
  id: 'app', role: 'Application', title: 'Editor',
  children: [
    { id: 'win', role: 'Window', focused: true, children: [
      { id: 'doc-1', role: 'Document', focused: true, children: [
        { id: 'sel', role: 'Text', selected: true, content: [{ type: 'text', text: 'hello' }], attributes: { related: ['doc-2', 'cmt', 'app'], lines: [1, 2] } },
      ] },
      { id: 'doc-2', role: 'Document', attributes: { related: ['sel', 'nowhere'] }, children: [{ id: 'cmt', role: 'Text', attributes: { author: 'ada' } }] },
    ] },
  ],
});

describe('applyRemovals', () => {
  it('changes nothing but copies when nothing is removed', () => {
    const input = tree();
    const out = applyRemovals(input, new Set());
    expect(out).toEqual(input);
    expect(out).not.toBe(input);
  });

  it('removes an element with its subtree and drops related ids pointing into it', () => {
    const out = applyRemovals(tree(), new Set(['doc-2']));
    expect(out && listIds(out)).toEqual(['app', 'win', 'doc-1', 'sel']);
    const sel = out?.children?.[0]?.children?.[0]?.children?.[0];
    expect(sel?.attributes).toEqual({ related: ['app'], lines: [1, 2] });
    expect(sel?.content).toEqual([{ type: 'text', text: 'hello' }]);
  });

  it('removes a leaf, leaving a parent without children and related entries elsewhere intact', () => {
    const out = applyRemovals(tree(), new Set(['sel']));
    expect(out && listIds(out)).toEqual(['app', 'win', 'doc-1', 'doc-2', 'cmt']);
    const doc1 = out?.children?.[0]?.children?.[0];
    expect(doc1 && Object.hasOwn(doc1, 'children')).toBe(false);
    expect(out?.children?.[0]?.children?.[1]?.attributes).toEqual({ related: ['nowhere'] });
  });

  it('removes several elements, nested ones included', () => {
    const out = applyRemovals(tree(), new Set(['cmt', 'doc-2', 'sel']));
    expect(out && listIds(out)).toEqual(['app', 'win', 'doc-1']);
  });

  it('ignores ids that are not in the tree', () => {
    expect(applyRemovals(tree(), new Set(['nowhere', 'other']))).toEqual(tree());
  });

  it('returns null when the root is removed', () => {
    expect(applyRemovals(tree(), new Set(['app']))).toBeNull();
    expect(applyRemovals(tree(), new Set(['app', 'sel']))).toBeNull();
  });

  it('does not mutate its input', () => {
    const input = tree();
    const before = structuredClone(input);
    applyRemovals(input, new Set(['doc-2', 'sel']));
    applyRemovals(input, new Set(['cmt']));
    expect(input).toEqual(before);
  });

  it('leaves a related that is not a list as it is', () => {
    const input: Element = { id: 'app', role: 'Application', attributes: { related: 'x' }, children: [{ id: 'x', role: 'Text' }] };
    expect(applyRemovals(input, new Set(['x']))).toEqual({ id: 'app', role: 'Application', attributes: { related: 'x' } });
  });

  it('keeps __proto__ attribute keys as plain data', () => {
    const attributes = JSON.parse('{"__proto__":{"polluted":1},"related":["x"]}') as Record<string, unknown>;
    const out = applyRemovals({ id: 'app', role: 'Application', attributes, children: [{ id: 'x', role: 'Text' }] }, new Set(['x']));
    expect(Object.getPrototypeOf(out?.attributes)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(out?.attributes, '__proto__')?.value).toEqual({ polluted: 1 });
    expect(out?.attributes?.['related']).toEqual([]);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('handles a 10,000-deep tree without overflowing', () => {
    const root: Element = { id: 'n0', role: 'Application' };
    let current = root;
    for (let d = 1; d < 10_000; d += 1) {
      const child: Element = { id: `n${d}`, role: 'Group', attributes: { related: ['n9000', 'n1'] } };
      current.children = [child];
      current = child;
    }
    const out = applyRemovals(root, new Set(['n9000']));
    const kept = out ? listIds(out) : [];
    expect(kept).toHaveLength(9000);
    expect(kept.at(-1)).toBe('n8999');
    expect(out?.children?.[0]?.attributes).toEqual({ related: ['n1'] });
    expect(collectRemovedIds(root, new Set(['n9000'])).size).toBe(1000);
  });

  it('on any answer as read: removes exactly the removed subtrees, keeps order, and leaves no related id into them', () => {
    fc.assert(fc.property(answerArb, fc.integer({ min: 0, max: 1_000 }), (raw, seed) => {
      const read = readAnswer(raw);
      if (!read.ok) return;
      const root = read.answer.root;
      const all = listIds(root);
      const removed = new Set(all.filter((_, i) => (i * 7919 + seed) % 5 === 0 && i > 0));
      const before = structuredClone(root);
      const out = applyRemovals(root, removed);
      expect(root).toEqual(before);
      if (out === null) throw new Error('the root was not removed');
      const gone = collectRemovedIds(root, removed);
      expect(listIds(out)).toEqual(all.filter((id) => !gone.has(id)));
      const stack: Element[] = [out];
      while (stack.length > 0) {
        const element = stack.pop() as Element;
        const related = element.attributes?.['related'];
        if (Array.isArray(related)) expect(related.some((id) => gone.has(id as string))).toBe(false);
        stack.push(...(element.children ?? []));
      }
    }), { numRuns: 200 });
  });
});
