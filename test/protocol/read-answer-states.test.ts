// docs/protocol.md, "States" and "Tolerant reading": non-boolean states, hovered, the focus path.
import { describe, expect, it } from 'vitest';
import { STATES } from '@app-context/provider-kit/protocol';
import { expectNoWarning, expectWarning, find, readRoot, walk, type Raw } from './helpers.js';

const app = (children: Raw[]): Raw => ({ id: 'app', role: 'Application', children });

describe('states', () => {
  it.each(STATES)('keeps %s when it is a boolean', (state) => {
    for (const value of [true, false]) {
      const { root, warnings } = readRoot(app([{ id: 'c', role: 'Text', [state]: value }]));
      expect(find(root, 'c')[state]).toBe(value);
      expect(warnings).toEqual([]);
    }
  });

  it.each(STATES)('treats a non-boolean %s as absent, with a warning', (state) => {
    for (const value of ['true', 1, 0, null, [], {}]) {
      const { root, warnings } = readRoot(app([{ id: 'c', role: 'Text', [state]: value }]));
      expect(Object.hasOwn(find(root, 'c'), state)).toBe(false);
      expectWarning(warnings, new RegExp(`${state} state that is not a boolean.*absent \\(c\\)`));
    }
  });
});

describe('hovered', () => {
  it('keeps one hovered element', () => {
    const { root, warnings } = readRoot(app([{ id: 'a', role: 'Text', hovered: true }, { id: 'b', role: 'Text', hovered: false }]));
    expect(find(root, 'a').hovered).toBe(true);
    expect(warnings).toEqual([]);
  });

  it('ignores hovered everywhere when more than one element is hovered, with a warning', () => {
    const { root, warnings } = readRoot({
      id: 'app', role: 'Application', hovered: true,
      children: [{ id: 'a', role: 'Group', hovered: true, children: [{ id: 'b', role: 'Text', hovered: true }] }, { id: 'c', role: 'Text' }],
    });
    for (const { element } of walk(root)) expect(element.hovered).not.toBe(true);
    expectWarning(warnings, /3 elements were hovered.*ignored everywhere/);
  });

  it('counts only elements that are kept: a hovered element in a dropped subtree does not count', () => {
    const { root, warnings } = readRoot(app([
      { id: 'a', role: 'Text', hovered: true },
      { id: 'a', role: 'Text', hovered: true }, // repeated id: dropped
      { id: 'bad id', role: 'Text', hovered: true }, // invalid id: dropped
      { id: 'd', role: 'Text', hovered: 'yes' }, // not a boolean: absent
    ]));
    expect(find(root, 'a').hovered).toBe(true);
    expectNoWarning(warnings, /hovered \(at most one/);
  });
});

describe('the focus path', () => {
  it('gives no warning for a correct chain from a child of the root down', () => {
    const { warnings } = readRoot(app([
      { id: 'w', role: 'Window', focused: true, children: [{ id: 'd', role: 'Document', focused: true, children: [{ id: 't', role: 'Text', focused: true }] }] },
      { id: 'w2', role: 'Window', focused: false, children: [{ id: 'x', role: 'Text' }] },
    ]));
    expect(warnings).toEqual([]);
  });

  it('gives no warning for a chain that stops early, or for no focus at all', () => {
    expect(readRoot(app([{ id: 'w', role: 'Window', focused: true, children: [{ id: 'd', role: 'Document' }] }])).warnings).toEqual([]);
    expect(readRoot(app([{ id: 'w', role: 'Window' }])).warnings).toEqual([]);
  });

  it('ignores the root\'s own focused flag', () => {
    expect(readRoot({ id: 'app', role: 'Application', focused: false, children: [{ id: 'w', role: 'Window', focused: true }] }).warnings).toEqual([]);
    expect(readRoot({ id: 'app', role: 'Application', focused: true }).warnings).toEqual([]);
  });

  it('keeps a chain with a gap as sent, with a warning', () => {
    const sent = app([{ id: 'w', role: 'Window', children: [{ id: 'd', role: 'Document', focused: true }] }]);
    const { root, warnings } = readRoot(sent);
    expect(root).toEqual(sent);
    expectWarning(warnings, /focus path has a gap.*\(d\)/);
  });

  it('keeps a chain with a fork as sent, with a warning', () => {
    const sent = app([{ id: 'w', role: 'Window', focused: true, children: [{ id: 'd1', role: 'Document', focused: true }, { id: 'd2', role: 'Document', focused: true }] }]);
    const { root, warnings } = readRoot(sent);
    expect(root).toEqual(sent);
    expectWarning(warnings, /focus path forks.*\(w\)/);
  });

  it('warns of a fork between two focused children of the root', () => {
    const { warnings } = readRoot(app([{ id: 'w1', role: 'Window', focused: true }, { id: 'w2', role: 'Window', focused: true }]));
    expectWarning(warnings, /focus path forks.*\(app\)/);
  });

  it('warns of a gap left by a focused state that was not a boolean', () => {
    const { warnings } = readRoot(app([{ id: 'w', role: 'Window', focused: 'yes', children: [{ id: 'd', role: 'Document', focused: true }] }]));
    expectWarning(warnings, /focus path has a gap/);
  });
});
