// Pure parts of the kit: the folder rule, the id minter, the tree checker, the Linux bundle id.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { providersFolder, providersFolderSource } from '../../app/discovery/folder.js';
import { isValidId } from '../../app/protocol/index.js';
import { linuxBundleId } from '../../provider/kit/bundle-id.js';
import { checkTree, createIdMinter } from '../../provider/kit/index.js';
import { descriptorFileName } from '../../provider/kit/descriptor-file.js';

describe('providersFolder', () => {
  it('follows wire.md section 2', () => {
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

describe('the Linux bundle id rule (wire.md section 4)', () => {
  const base = mkdtempSync(join(tmpdir(), 'glance-proc-'));
  afterAll(() => rmSync(base, { recursive: true, force: true }));
  const proc = (name: string, files: { flatpak?: string; environ?: string; exe: string }): string => {
    const dir = join(base, name);
    mkdirSync(join(dir, 'root'), { recursive: true });
    if (files.flatpak !== undefined) writeFileSync(join(dir, 'root', '.flatpak-info'), files.flatpak);
    writeFileSync(join(dir, 'environ'), files.environ ?? '');
    symlinkSync(files.exe, join(dir, 'exe'));
    return dir;
  };
  it('prefers Flatpak, then the desktop file launched for this pid, then the executable', () => {
    expect(linuxBundleId(proc('a', { flatpak: '[Application]\nname=org.example.Notes\nruntime=x\n\n[Instance]\nname=zzz\n', exe: '/usr/bin/notes' }), 7)).toBe('org.example.Notes');
    expect(linuxBundleId(proc('b', { environ: 'A=1\0GIO_LAUNCHED_DESKTOP_FILE=/usr/share/applications/org.example.Ed.desktop\0GIO_LAUNCHED_DESKTOP_FILE_PID=7\0', exe: '/usr/bin/ed' }), 7)).toBe('org.example.Ed');
    expect(linuxBundleId(proc('c', { environ: 'GIO_LAUNCHED_DESKTOP_FILE=/x/parent.desktop\0GIO_LAUNCHED_DESKTOP_FILE_PID=6\0', exe: '/usr/bin/node' }), 7)).toBe('node');
  });
  it('makes a safe descriptor file name', () => {
    expect(descriptorFileName('com.example.editor', 42)).toBe('com.example.editor.42.json');
    expect(descriptorFileName('../evil/x', 1)).toBe('__evil_x.1.json');
  });
});
