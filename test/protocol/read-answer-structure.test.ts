// docs/protocol.md, "Tolerant reading": the answer's shape, the root, ids, repeated ids, roles and
// unknown fields.
import { describe, expect, it } from 'vitest';
import { readAnswer, ROLES } from '@app-context/provider-kit/protocol';
import { PROTOCOL_EXAMPLE_JSON } from './fixtures.js';
import { answerOf, expectNoWarning, expectWarning, find, ids, readOk, readRoot } from './helpers.js';

describe('an example answer in the shape of docs/protocol.md, "Elements"', () => {
  it('reads unchanged, with no warnings', () => {
    const raw: unknown = JSON.parse(PROTOCOL_EXAMPLE_JSON);
    const result = readOk(raw);
    expect(result.answer).toEqual(JSON.parse(PROTOCOL_EXAMPLE_JSON));
    expect(result.warnings).toEqual([]);
    expect(result.elementCount).toBe(5);
  });
});

describe('the answer', () => {
  it.each([null, 1, 'x', true, [], [answerOf({ id: 'a' })]])('is refused when it is not an object: %j', (raw) => {
    expect(readAnswer(raw).ok).toBe(false);
  });

  it.each([
    ['without protocol', { instance: 'i', root: { id: 'a' } }],
    ['without instance', { protocol: '0.2.0', root: { id: 'a' } }],
    ['without root', { protocol: '0.2.0', instance: 'i' }],
    ['with a non-string protocol', { protocol: 2, instance: 'i', root: { id: 'a' } }],
    ['with a non-string instance', { protocol: '0.2.0', instance: 7, root: { id: 'a' } }],
    ['with an empty instance', { protocol: '0.2.0', instance: '', root: { id: 'a' } }],
    ['with an instance that breaks the id rule', { protocol: '0.2.0', instance: 'k3f9x2 restarted', root: { id: 'a' } }],
    ['with a null root', { protocol: '0.2.0', instance: 'i', root: null }],
    ['with a list root', { protocol: '0.2.0', instance: 'i', root: [{ id: 'a' }] }],
    ['with a string root', { protocol: '0.2.0', instance: 'i', root: 'a' }],
    ['whose fields are only inherited', Object.assign(Object.create({ protocol: '0.2.0', instance: 'i', root: { id: 'a' } }) as object, {})],
  ])('is refused %s', (_name, raw) => {
    const result = readAnswer(raw);
    expect(result.ok).toBe(false);
  });

  it('keeps protocol and instance as sent and drops unknown top-level fields silently', () => {
    const result = readOk({ protocol: '0.2.9', instance: 'k3f9x2', root: { id: 'app', role: 'Application' }, extra: { a: 1 } });
    expect(result.answer).toEqual({ protocol: '0.2.9', instance: 'k3f9x2', root: { id: 'app', role: 'Application' } });
    expect(result.warnings).toEqual([]);
  });
});

describe('the root', () => {
  it.each([
    ['without an id', { role: 'Application' }],
    ['with an empty id', { id: '', role: 'Application' }],
    ['with a numeric id', { id: 12, role: 'Application' }],
    ['with an id containing a space', { id: 'a b', role: 'Application' }],
    ['with a 129-character id', { id: 'a'.repeat(129), role: 'Application' }],
  ])('refuses the answer when it is %s', (_name, root) => {
    expect(readAnswer(answerOf(root)).ok).toBe(false);
  });

  it.each(['Window', 'Group', 'Banana', undefined, 3])('is read as the Application when it states %j, with a warning', (role) => {
    const { root, warnings } = readRoot({ id: 'app', role });
    expect(root.role).toBe('Application');
    expectWarning(warnings, /root.*Application/);
  });

  it('stating Application gives no warning', () => {
    expect(readRoot({ id: 'app', role: 'Application' }).warnings).toEqual([]);
  });
});

describe('the id rule', () => {
  const valid = ['a', 'Z', '0', '-', '_', 'sel-23', 'A_b-9', 'x'.repeat(128)];
  const invalid = ['', 'x'.repeat(129), 'a b', 'a.b', 'a/b', 'é', 'a\n', ' a', 'a:b', '日本', 'a\u0000'];

  it.each(valid)('keeps an element with id %j', (id) => {
    const { root, warnings } = readRoot({ id: 'app', role: 'Application', children: [{ id, role: 'Group' }] });
    expect(ids(root)).toEqual(['app', id]);
    expect(warnings).toEqual([]);
  });

  it.each([...invalid, 5, null, true, ['a'], { id: 'a' }])('drops an element with id %j, with its subtree and a warning', (id) => {
    const { root, warnings } = readRoot({
      id: 'app', role: 'Application',
      children: [{ id, role: 'Group', children: [{ id: 'inside', role: 'Text' }] }, { id: 'after', role: 'Text' }],
    });
    expect(ids(root)).toEqual(['app', 'after']);
    expectWarning(warnings, /without a valid id.*dropped/);
  });

  it('drops children that are not objects, with a warning', () => {
    const { root, warnings } = readRoot({ id: 'app', role: 'Application', children: [null, 1, 'x', [], { id: 'ok', role: 'Text' }] });
    expect(ids(root)).toEqual(['app', 'ok']);
    expectWarning(warnings, /4 times: an element without a valid id/);
  });

  it('does not treat an inherited id as the element id', () => {
    const child = Object.create({ id: 'proto' }) as Record<string, unknown>;
    child['role'] = 'Text';
    const { root } = readRoot({ id: 'app', role: 'Application', children: [child] });
    expect(ids(root)).toEqual(['app']);
  });
});

describe('repeated ids', () => {
  it('drops the later element in document order, with its subtree and a warning', () => {
    const { root, warnings } = readRoot({
      id: 'app', role: 'Application',
      children: [
        { id: 'a', role: 'Group', children: [{ id: 'x', role: 'Text', title: 'first' }] },
        { id: 'b', role: 'Group', children: [{ id: 'x', role: 'Text', title: 'second', children: [{ id: 'under-second', role: 'Text' }] }] },
        { id: 'after', role: 'Text' },
      ],
    });
    expect(ids(root)).toEqual(['app', 'a', 'x', 'b', 'after']);
    expect(find(root, 'x').title).toBe('first');
    expect(find(root, 'b').children).toBeUndefined();
    expectWarning(warnings, /repeated id.*\(x\)/);
  });

  it('keeps the deeper first occurrence over a later shallower one (depth-first, not breadth-first)', () => {
    const { root } = readRoot({
      id: 'app', role: 'Application',
      children: [{ id: 'a', role: 'Group', children: [{ id: 'x', role: 'Text', title: 'deep' }] }, { id: 'x', role: 'Text', title: 'shallow' }],
    });
    expect(ids(root)).toEqual(['app', 'a', 'x']);
    expect(find(root, 'x').title).toBe('deep');
  });

  it('drops a descendant repeating the root id, and its subtree', () => {
    const { root, warnings } = readRoot({ id: 'app', role: 'Application', children: [{ id: 'app', role: 'Group', children: [{ id: 'c', role: 'Text' }] }] });
    expect(ids(root)).toEqual(['app']);
    expectWarning(warnings, /repeated id/);
  });
});

describe('roles', () => {
  it.each(ROLES.filter((r) => r !== 'Application'))('keeps the known role %s below the root', (role) => {
    const { root, warnings } = readRoot({ id: 'app', role: 'Application', children: [{ id: 'c', role }] });
    expect(find(root, 'c').role).toBe(role);
    expect(warnings).toEqual([]);
  });

  it.each(['Button', 'group', 'APPLICATION', '', undefined, 7, null, ['Text']])('reads the unknown role %j as Group, with a warning', (role) => {
    const { root, warnings } = readRoot({ id: 'app', role: 'Application', children: [{ id: 'c', role }] });
    expect(find(root, 'c').role).toBe('Group');
    expectWarning(warnings, /unknown role.*Group \(c\)/);
  });

  it('reads an Application below the root as Group, with a warning, and keeps its subtree', () => {
    const { root, warnings } = readRoot({
      id: 'app', role: 'Application',
      children: [{ id: 'inner', role: 'Application', children: [{ id: 'deeper', role: 'Application' }] }],
    });
    expect(find(root, 'inner').role).toBe('Group');
    expect(find(root, 'deeper').role).toBe('Group');
    expectWarning(warnings, /2 times: an Application below the root was read as Group/);
  });
});

describe('unknown fields', () => {
  it('are dropped from elements silently', () => {
    const { root, warnings } = readRoot({
      id: 'app', role: 'Application', futureField: { x: 1 }, focus: ['a'],
      children: [{ id: 'c', role: 'Text', newState: true, layout: 'grid' }],
    });
    expect(root).toEqual({ id: 'app', role: 'Application', children: [{ id: 'c', role: 'Text' }] });
    expectNoWarning(warnings, /.*/);
  });

  it('keep subrole and a field the provider sends as an unknown subrole', () => {
    const { root, warnings } = readRoot({ id: 'app', role: 'Application', subrole: 'something-new' });
    expect(root.subrole).toBe('something-new');
    expect(warnings).toEqual([]);
  });

  it('drop known string fields of the wrong type, with a warning naming the field', () => {
    const { root, warnings } = readRoot({ id: 'app', role: 'Application', title: 5, subrole: null, url: ['u'] });
    expect(root).toEqual({ id: 'app', role: 'Application' });
    expectWarning(warnings, /title that is not a string/);
    expectWarning(warnings, /subrole that is not a string/);
    expectWarning(warnings, /url that is not a string/);
  });

  it('drop children that are not a list, with a warning', () => {
    const { root, warnings } = readRoot({ id: 'app', role: 'Application', children: { id: 'c' } });
    expect(root.children).toBeUndefined();
    expectWarning(warnings, /children that are not a list/);
  });
});
