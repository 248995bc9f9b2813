// The review's tree model (renderer/src/review/tree-model.ts): rows for what is folded,
// excluded and filtered, counts, and "Keep only the selection", on plain trees and at 20,000.
import { describe, expect, it } from 'vitest';
import type { Element } from '@app-context/provider-kit/protocol';
import { applyRemovals, listIds } from '../../contract/review.js';
import { countMatches, excludedCount, indexTree, insideExcluded, keepOnly, selectedIds, visibleRows } from '../../renderer/src/review/tree-model.js';
import { wideTree } from '../e2e/harness/large-tree.js';

const TREE: Element = {
  id: 'app', role: 'Application', title: 'Notes',
  children: [{
    id: 'win', role: 'Window', title: 'Notes', children: [
      { id: 'doc', role: 'Document', title: 'Lisbon', children: [{ id: 'sel', role: 'Text', selected: true, content: [{ type: 'text', text: 'tram 28' }] }, { id: 'img', role: 'Image', title: 'Sketch' }] },
      { id: 'tasks', role: 'List', title: 'Tasks', children: [{ id: 't1', role: 'Row', title: 'Book the hotel' }, { id: 't2', role: 'Row', title: 'Buy tram tickets' }] },
    ],
  }],
};
const none = new Set<string>();
const ids = (rows: ReturnType<typeof visibleRows>): string[] => rows.map((row) => row.node.element.id);

describe('the tree model', () => {
  it('indexes in document order with subtree sizes, and each place among its siblings', () => {
    const tree = indexTree(TREE);
    expect(tree.nodes.map((n) => [n.element.id, n.depth, n.size])).toEqual([
      ['app', 0, 8], ['win', 1, 7], ['doc', 2, 3], ['sel', 3, 1], ['img', 3, 1], ['tasks', 2, 3], ['t1', 3, 1], ['t2', 3, 1],
    ]);
    expect(tree.nodes.map((n) => `${n.position}/${n.siblings}`)).toEqual(['1/1', '1/1', '1/2', '1/2', '2/2', '2/2', '1/2', '2/2']);
  });

  it('skips a folded subtree and shows an excluded one as its one row', () => {
    const tree = indexTree(TREE);
    expect(ids(visibleRows(tree, { collapsed: new Set(['doc']), excluded: none, filter: '' }))).toEqual(['app', 'win', 'doc', 'tasks', 't1', 't2']);
    const rows = visibleRows(tree, { collapsed: none, excluded: new Set(['tasks']), filter: '' });
    expect(ids(rows)).toEqual(['app', 'win', 'doc', 'sel', 'img', 'tasks']);
    expect(rows.at(-1)).toMatchObject({ excluded: true, expanded: false, hasChildren: true });
  });

  it('filters to the matches and the path down to them, open whatever was folded', () => {
    const tree = indexTree(TREE);
    expect(ids(visibleRows(tree, { collapsed: new Set(['win']), excluded: none, filter: 'tram' }))).toEqual(['app', 'win', 'doc', 'sel', 'tasks', 't2']);
    expect(countMatches(tree, 'tram')).toBe(2);
    expect(visibleRows(tree, { collapsed: none, excluded: none, filter: 'nothing like this' })).toEqual([]);
  });

  it('counts what leaves with the exclusions as the core does when it applies them', () => {
    const tree = indexTree(TREE);
    for (const excluded of [new Set(['tasks']), new Set(['doc', 't1']), new Set(['win', 'doc']), new Set<string>()]) {
      const sent = applyRemovals(TREE, excluded);
      expect(tree.nodes.length - excludedCount(tree, excluded)).toBe(sent ? listIds(sent).length : 0);
    }
    expect(insideExcluded(tree, tree.byId.get('t1') as number, new Set(['tasks']))).toBe(true);
    expect(insideExcluded(tree, tree.byId.get('tasks') as number, new Set(['tasks']))).toBe(false);
  });

  it('keeps only the selection and the path to it, keeping earlier exclusions inside it and restoring the path', () => {
    const tree = indexTree(TREE);
    expect(selectedIds(tree)).toEqual(['sel']);
    expect([...keepOnly(tree, ['sel'], none)].sort()).toEqual(['img', 'tasks']);
    // An excluded ancestor of the selection comes back; nothing to keep changes nothing.
    expect([...keepOnly(tree, ['sel'], new Set(['doc']))].sort()).toEqual(['img', 'tasks']);
    expect([...keepOnly(tree, ['doc'], new Set(['img', 't2']))].sort()).toEqual(['img', 'tasks']);
    expect(keepOnly(tree, [], new Set(['t1']))).toEqual(new Set(['t1']));
  });

  it('handles 20,000 elements: the rows of a folded tree, an exclusion and a filter', () => {
    const tree = indexTree(wideTree(20_000));
    expect(tree.nodes).toHaveLength(20_000);
    expect(visibleRows(tree, { collapsed: none, excluded: none, filter: '' })).toHaveLength(20_000);
    expect(visibleRows(tree, { collapsed: new Set(['doc']), excluded: none, filter: '' })).toHaveLength(3);
    expect(excludedCount(tree, new Set(['section-3']))).toBe(100);
    expect(ids(visibleRows(tree, { collapsed: none, excluded: none, filter: 'row 12345' }))).toEqual(['app', 'win', 'doc', 'section-12303', 'row-12345']);
  });
});
