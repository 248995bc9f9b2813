// Pure parts of the kit: the folder rule, the id minter, the tree checker, the Linux bundle id.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { providersFolder, providersFolderSource } from '@app-context/provider-kit/platform';
import { isValidId } from '@app-context/provider-kit/protocol';
import { linuxBundleId } from '../../app/os/index.js';
import { checkTree, createIdMinter, ownBundleId } from '@app-context/provider-kit';
import { descriptorFileName } from '../../provider/kit/src/descriptor-file.js';

describe('providersFolder', () => {
  it('follows docs/protocol.md, "The providers folder"', () => {
    expect(providersFolder({ APP_CONTEXT_PROVIDERS_DIR: '/x/y' }, 'darwin', '/h')).toBe('/x/y');
    expect(providersFolder({ APP_CONTEXT_PROVIDERS_DIR: '' }, 'darwin', '/Users/ada')).toBe('/Users/ada/Library/Application Support/app-context/providers');
    expect(providersFolder({ XDG_RUNTIME_DIR: '/run/user/1000' }, 'linux', '/home/ada')).toBe('/run/user/1000/app-context/providers');
    expect(providersFolder({}, 'linux', '/home/ada')).toBe('/home/ada/.local/state/app-context/providers');
    expect(providersFolder({ XDG_RUNTIME_DIR: 'relative' }, 'linux', '/home/ada')).toBe('/home/ada/.local/state/app-context/providers');
    expect(providersFolderSource({ APP_CONTEXT_PROVIDERS_DIR: '/x' }, 'linux')).toBe('APP_CONTEXT_PROVIDERS_DIR');
  });
});

describe('createIdMinter', () => {
  it('keeps an id per object and never gives a new object an old id', () => {
    fc.assert(fc.property(fc.array(fc.nat(30), { maxLength: 200 }), (picks) => {
      const ids = createIdMinter();
      const objects: object[] = [];
      const seen = new Map<string, object>();
      for (const pick of picks) {
        // Either ask again for an old object or make a new one.
        const object = pick < objects.length ? (objects[pick] as object) : {};
        if (!objects.includes(object)) objects.push(object);
        const id = ids.idFor(object, 'n');
        expect(isValidId(id)).toBe(true);
        const owner = seen.get(id);
        if (owner !== undefined) expect(owner).toBe(object);
        seen.set(id, object);
        expect(ids.peek(object)).toBe(id);
        expect(ids.issued(id)).toBe(true);
      }
    }));
  });
  it('refuses prefixes that would break the id rule', () => {
    expect(() => createIdMinter().idFor({}, 'a b')).toThrow(TypeError);
    expect(createIdMinter().idFor({}, 'sel')).toBe('sel-1');
  });
  it('refuses a second prefix for an object that has an id, naming neither prefix', () => {
    const ids = createIdMinter();
    const shared = {};
    expect(ids.idFor(shared, 'app')).toBe('app-1');
    expect(() => ids.idFor(shared, 'note')).toThrow(/already has an id with another prefix.*give each element its own object/);
    expect(() => ids.idFor(shared, 'ap')).toThrow(TypeError);
    expect(ids.idFor(shared, 'app')).toBe('app-1');
    expect(ids.idFor(shared)).toBe('app-1');
    const plain = {};
    expect(ids.idFor(plain)).toBe('el-2');
    expect(ids.idFor(plain, 'el')).toBe('el-2');
    const dashed = {};
    expect(ids.idFor(dashed, 'a-b')).toBe('a-b-3');
    expect(() => ids.idFor(dashed, 'a')).toThrow(TypeError);
  });
});

describe('checkTree', () => {
  it('accepts a valid tree without a word', () => {
    expect(checkTree({ id: 'app', role: 'Application', children: [{ id: 'w', role: 'Window', focused: true, children: [{ id: 'd', role: 'Document', focused: true }] }] })).toEqual([]);
  });
  it('names each kind of mistake with the element concerned', () => {
    const problems = checkTree({
      id: 'root', role: 'Window',
      children: [
        { id: 'a', role: 'Group', content: 'text', attributes: { related: ['ok', 'not ok'] } },
        { id: 'b', role: 'Text', content: [{ type: 'text' }], children: {} },
        42,
      ],
    });
    expect(problems.map((p) => [p.kind, p.id])).toEqual([
      ['root-not-application', 'root'],
      ['invalid-content', 'a'],
      ['invalid-field', 'a'],
      ['invalid-content', 'b'],
      ['invalid-field', 'b'],
      ['not-an-object', 'root'],
    ]);
  });
  it('treats a root that is not an element as fatal', () => {
    expect(checkTree(null)).toEqual([expect.objectContaining({ kind: 'not-an-object', fatal: true })]);
    expect(checkTree({ role: 'Application' })).toEqual([expect.objectContaining({ kind: 'invalid-id', fatal: true })]);
  });
  it('survives cycles and 100,000 levels, and caps its list', () => {
    const cyclic: Record<string, unknown> = { id: 'app', role: 'Application' };
    cyclic['children'] = [cyclic];
    expect(checkTree(cyclic).map((p) => p.kind)).toEqual(['shared-object']);
    let node: Record<string, unknown> = { id: 'leaf', role: 'Text' };
    for (let i = 0; i < 100_000; i += 1) node = { id: `g${i}`, role: 'Group', children: [node] };
    expect(checkTree({ id: 'app', role: 'Application', children: [node] }).map((p) => p.kind)).toEqual(['too-deep']);
    const many = checkTree({ id: 'app', role: 'Application', children: Array.from({ length: 500 }, (_, i) => ({ id: `r${i}`, role: 'Nope' })) });
    expect(many).toHaveLength(101);
    expect(many.at(-1)).toMatchObject({ kind: 'more', message: 'and 400 more problems' });
  });
});

describe('the default bundle id', () => {
  it('is what the host OS services report for this process (docs/protocol.md, "Bundle identifiers")', async () => {
    if (process.platform !== 'linux') return;
    expect(await ownBundleId()).toBe(await linuxBundleId(process.pid));
  });
  it('makes a safe descriptor file name', () => {
    expect(descriptorFileName('com.example.editor', 42)).toBe('com.example.editor.42.json');
    expect(descriptorFileName('../evil/x', 1)).toBe('__evil_x.1.json');
  });
});
