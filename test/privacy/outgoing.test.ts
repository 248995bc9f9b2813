// What one message sends once the user's removals, the standing exclusions and the secrets
// held back are combined, and what --allow (the panel's restore) gives back for it.
import { describe, expect, it } from 'vitest';
import type { Element } from '@app-context/provider-kit/protocol';
import { planOutgoing, receiptIds } from '../../app/privacy/outgoing.js';
import type { Screening } from '../../app/privacy/types.js';

const root: Element = {
  id: 'app', role: 'Application', children: [
    { id: 'doc', role: 'Document', attributes: { related: ['c1', 'row-7', 'note'] }, children: [
      { id: 'note', role: 'Text', content: [{ type: 'text', text: 'plain' }] },
      { id: 'c1', role: 'Row', subrole: 'comment', children: [{ id: 'c1-key', role: 'Text' }] },
      { id: 'row-7', role: 'Row', children: [{ id: 'row-7-child', role: 'Text' }] },
      { id: 'list', role: 'List', children: [{ id: 'c2', role: 'Row', subrole: 'comment' }] },
    ] },
  ],
};
const screening: Screening = {
  rule: 'allow',
  excludedByRule: [{ id: 'c1', rule: 'every Row with subrole "comment"' }, { id: 'c2', rule: 'every Row with subrole "comment"' }],
  // Positions in document order: app 0, doc 1, note 2, c1 3, c1-key 4, row-7 5.
  withheld: [{ id: 'c1-key', position: 4, kind: 'GitHub token', where: [1] }, { id: 'row-7', position: 5, kind: 'payment card number', where: [0] }],
};
const kinds = (list: { id: string; kind: string }[]) => list.map(({ id, kind }) => ({ id, kind }));

describe('planOutgoing', () => {
  it('leaves out the user\'s removals, the rule\'s matches and the secrets, reporting the top of each', () => {
    const out = planOutgoing(root, screening, { removed: new Set(['list']) });
    expect(out.sentIds).toEqual(['app', 'doc', 'note']);
    expect(out.excludedIds).toEqual(['c1', 'list']);
    expect(out.excludedByRule).toEqual([{ id: 'c1', rule: 'every Row with subrole "comment"' }]);
    expect(kinds(out.withheld)).toEqual([{ id: 'row-7', kind: 'payment card number' }]);
    expect(out.unusedAllows).toEqual([]);
    // Left-out ids are gone from `related` too.
    expect(out.root?.children?.[0]?.attributes).toEqual({ related: ['note'] });
    expect(JSON.stringify(out.root)).not.toMatch(/c1|row-7|c2/);
  });

  it('sends an allowed element for this message; a secret inside it stays withheld', () => {
    const out = planOutgoing(root, screening, { allowed: new Set(['c1', 'row-7', 'nope']) });
    expect(out.sentIds).toEqual(['app', 'doc', 'note', 'c1', 'row-7', 'row-7-child', 'list']);
    expect(kinds(out.withheld)).toEqual([{ id: 'c1-key', kind: 'GitHub token' }]);
    expect(out.excludedByRule).toEqual([{ id: 'c2', rule: 'every Row with subrole "comment"' }]);
    expect(out.unusedAllows).toEqual(['nope']);
  });

  it('the user\'s removal wins over a rule or a secret, and an unscreened answer goes as reviewed', () => {
    const removedAndAllowed = planOutgoing(root, screening, { removed: new Set(['c1']), allowed: new Set(['c1']) });
    expect(removedAndAllowed.excludedIds).toEqual(['c1', 'c2']);
    expect(removedAndAllowed.excludedByRule.map((m) => m.id)).toEqual(['c2']);
    expect(planOutgoing(root, undefined).sentIds).toHaveLength(9);
  });

  it('says why nothing is sent when the root itself is left out', () => {
    expect(planOutgoing(root, screening, { removed: new Set(['app']) })).toMatchObject({ root: null, sentIds: [], reason: 'the root element was excluded, so no context is sent', missing: 'root-removed' });
    const secretRoot = planOutgoing(root, { ...screening, withheld: [{ id: 'app', position: 0, kind: 'private key', where: [2] }] });
    expect(secretRoot).toMatchObject({ root: null, withheld: [{ id: 'app', kind: 'private key' }], reason: expect.stringContaining('holds a secret (private key)'), missing: 'root-withheld' });
  });
});

describe('receiptIds', () => {
  it('names every element the scan found a secret in by its position, withheld, sent anyway or left out', () => {
    expect(receiptIds(planOutgoing(root, screening, { removed: new Set(['list']) }), screening)).toEqual({
      sentIds: ['app', 'doc', 'note'],
      excludedIds: ['c1', 'list'],
      withheld: [{ id: 'withheld@5', kind: 'payment card number' }],
    });
    // Sent anyway (row-7), and left out by the user (c1-key inside the allowed c1 is withheld still).
    const allowed = planOutgoing(root, screening, { allowed: new Set(['c1', 'row-7']) });
    expect(receiptIds(allowed, screening)).toEqual({
      sentIds: ['app', 'doc', 'note', 'c1', 'withheld@5', 'row-7-child', 'list'],
      excludedIds: ['c2'],
      withheld: [{ id: 'withheld@4', kind: 'GitHub token' }],
    });
    const removed = planOutgoing(root, screening, { removed: new Set(['row-7']) });
    expect(receiptIds(removed, screening).excludedIds).toEqual(['c1', 'withheld@5', 'c2']);
  });
});
