// Glance's data folder on real files: where it is, its mode (0700, tightened when looser), its
// files (0600, replaced atomically), and the lock between processes, stale locks included.
import { chmod, mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHistoryStore } from '../../app/history/store.js';
import { glanceHomePath, HomeError, openGlanceHome } from '../../app/home/folder.js';
import { LockTimeoutError, withFileLock } from '../../app/home/lock.js';
import { createRulesStore } from '../../app/rules/store.js';
import { spawnNode } from '../helpers/spawn.js';
import { receipt, testCipher } from '../history/fixtures.js';

let base: string;
beforeEach(async () => {
  base = await mkdtemp(join(tmpdir(), 'glance-home-'));
});
afterEach(async () => rm(base, { recursive: true, force: true }));

const mode = async (path: string): Promise<number> => (await stat(path)).mode & 0o777;

describe('where the data folder is', () => {
  it('is GLANCE_HOME when set, else the folder Electron gives the app on each platform', () => {
    expect(glanceHomePath({ GLANCE_HOME: '/tmp/g' }, 'darwin', '/Users/ada')).toBe('/tmp/g');
    expect(glanceHomePath({}, 'darwin', '/Users/ada')).toBe('/Users/ada/Library/Application Support/Glance');
    expect(glanceHomePath({}, 'linux', '/home/ada')).toBe('/home/ada/.config/Glance');
    expect(glanceHomePath({ XDG_CONFIG_HOME: '/xdg' }, 'linux', '/home/ada')).toBe('/xdg/Glance');
    // A relative XDG_CONFIG_HOME is invalid by the XDG rule and ignored, as Electron does.
    expect(glanceHomePath({ XDG_CONFIG_HOME: 'rel' }, 'linux', '/home/ada')).toBe('/home/ada/.config/Glance');
    expect(glanceHomePath({ GLANCE_HOME: '' }, 'linux', '/home/ada')).toBe('/home/ada/.config/Glance');
  });
});

describe('opening the data folder', () => {
  it('creates it 0700, and tightens a looser one to 0700', async () => {
    const home = join(base, 'a', 'home');
    expect(await openGlanceHome(home)).toEqual({ path: home });
    expect(await mode(home)).toBe(0o700);
    await chmod(home, 0o755);
    expect(await openGlanceHome(home)).toEqual({ path: home, tightenedFrom: 0o755 });
    expect(await mode(home)).toBe(0o700);
  });

  it('creates nothing when only reading, and refuses a path that is not a folder', async () => {
    expect(await openGlanceHome(join(base, 'none'), { create: false })).toEqual({ path: join(base, 'none'), missing: true });
    expect(await readdir(base)).toEqual([]);
    await writeFile(join(base, 'file'), 'x');
    await expect(openGlanceHome(join(base, 'file'))).rejects.toThrow(HomeError);
  });

  it('refuses a folder of another user', async () => {
    await expect(openGlanceHome(base, { uid: (process.getuid?.() ?? 0) + 1 })).rejects.toThrow(/belongs to another user/);
  });
});

describe('files in the data folder', () => {
  it('are 0600: rules, history and kept payloads; no temporary file or lock is left behind', async () => {
    const home = (await openGlanceHome(join(base, 'home'))).path;
    await createRulesStore(home).set('org.example.Notes', 'never');
    const history = createHistoryStore({ home, cipher: testCipher() });
    await history.append(receipt({ id: '00000000000000a1' }), '{"body":1}');
    expect(await mode(join(home, 'rules.json'))).toBe(0o600);
    expect(await mode(join(home, 'history.jsonl'))).toBe(0o600);
    expect(await mode(join(home, 'payloads'))).toBe(0o700);
    expect(await mode(join(home, 'payloads', '00000000000000a1.bin'))).toBe(0o600);
    expect((await readdir(home)).sort()).toEqual(['history.jsonl', 'payloads', 'rules.json']);
  });

  it('are tightened to 0600 when found looser', async () => {
    const home = (await openGlanceHome(join(base, 'home'))).path;
    await writeFile(join(home, 'rules.json'), JSON.stringify({ version: 1, rules: [] }), { mode: 0o644 });
    await chmod(join(home, 'rules.json'), 0o644);
    await createRulesStore(home).load();
    expect(await mode(join(home, 'rules.json'))).toBe(0o600);
  });
});

describe('the lock between processes', () => {
  it('breaks a lock left by a process that died', async () => {
    const dead = spawnNode('-e', ['0'], process.env);
    await dead.exited;
    const target = join(base, 'rules.json');
    await writeFile(`${target}.lock`, `${dead.pid} 0123456789abcdef\n`);
    expect(await withFileLock(target, async () => 'ran')).toBe('ran');
    expect(await readdir(base)).toEqual([]);
  });

  it('waits for a live holder, then says who holds it', async () => {
    const target = join(base, 'history.jsonl');
    await writeFile(`${target}.lock`, `${process.pid} 0123456789abcdef\n`);
    await expect(withFileLock(target, async () => 'ran', { waitMs: 100 })).rejects.toThrow(LockTimeoutError);
    await expect(withFileLock(target, async () => 'ran', { waitMs: 100 })).rejects.toThrow(`process ${process.pid}`);
    // A lock older than any operation takes is stale, whoever holds it.
    expect(await withFileLock(target, async () => 'ran', { staleMs: 0 })).toBe('ran');
  });

  it('runs one holder at a time within a process too', async () => {
    const target = join(base, 'x');
    await mkdir(base, { recursive: true });
    const order: string[] = [];
    const hold = (name: string) => withFileLock(target, async () => {
      order.push(`${name} in`);
      await new Promise((resolve) => setTimeout(resolve, 20));
      order.push(`${name} out`);
    });
    await Promise.all([hold('a'), hold('b')]);
    expect([order.slice(0, 2), order.slice(2)].every(([i, o]) => i?.split(' ')[0] === o?.split(' ')[0])).toBe(true);
  });
});
