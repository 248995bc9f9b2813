// The host's caches (app/invocation/host-cache.ts) change what an invocation costs, never what
// it decides: the same verdicts as without them, a parse reused only while its file is the
// same, a session reused only for the same provider run and only after a clean exchange, and
// nothing (socket, timer) that outlives an exchange or keeps a process alive.
import { execFile } from 'node:child_process';
import { chmod, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDescriptorCache } from '../../app/discovery/descriptor-cache.js';
import { findProvider, listProviders } from '../../app/discovery/find.js';
import { createOs } from '../../app/os/index.js';
import { collectContext } from '../../app/invocation/collect.js';
import { createHostCache } from '../../app/invocation/host-cache.js';
import { locateRef } from '../../app/invocation/locate.js';
import { useProviderSuite } from '../helpers/provider-suite.js';
import { connectionsTo } from '../helpers/sockets.js';
import type { TestProvider } from '../helpers/test-provider.js';

const os = createOs();
const suite = useProviderSuite();
const start = (knobs: Record<string, string> = {}): Promise<TestProvider> => suite.start(knobs);

// A clock a minute ahead makes every file old enough to be remembered at once.
const later = (): { now: () => number; misses: () => number } => {
  let misses = 0;
  return { now: () => { misses += 1; return Date.now() + 60_000; }, misses: () => misses };
};

describe('the descriptor cache', () => {
  it('gives the same verdicts as reading every file, and reads an unchanged file once', async () => {
    const p = await start();
    await writeFile(join(suite.dir(), 'broken.1.json'), '{"protocol":', { mode: 0o600 });
    await writeFile(join(suite.dir(), 'open.2.json'), JSON.stringify({ ...p.descriptor, pid: 2 }), { mode: 0o600 });
    await chmod(join(suite.dir(), 'open.2.json'), 0o622);
    await symlink(join(suite.dir(), p.file), join(suite.dir(), 'link.3.json'));
    const clock = later();
    const descriptors = createDescriptorCache(clock.now);
    const plain = await listProviders({ os, env: suite.env() });
    expect(await listProviders({ os, env: suite.env(), descriptors })).toEqual(plain);
    const afterFirst = clock.misses();
    expect(await listProviders({ os, env: suite.env(), descriptors })).toEqual(plain);
    // Only the files it could not keep (the group-writable one, the link) are read again.
    expect(clock.misses() - afterFirst).toBe(2);
    await rm(join(suite.dir(), 'broken.1.json'));
    await rm(join(suite.dir(), 'open.2.json'));
    await rm(join(suite.dir(), 'link.3.json'));
  });

  it('reads a file again when it is replaced, made writable by others, or turned into a link', async () => {
    const p = await start();
    const path = join(suite.dir(), p.file);
    const clock = later();
    const deps = { os, env: suite.env(), descriptors: createDescriptorCache(clock.now) };
    expect((await findProvider({ pid: p.pid }, deps)).kind).toBe('usable');
    // Replaced atomically with another instance: a new inode, so the new content is read.
    const replaced = { ...p.descriptor, instance: 'replaced-instance' };
    await writeFile(`${path}.tmp`, JSON.stringify(replaced), { mode: 0o600 });
    await rename(`${path}.tmp`, path);
    const found = await findProvider({ pid: p.pid }, deps);
    expect(found.kind === 'usable' && found.provider.descriptor.instance).toBe('replaced-instance');
    await chmod(path, 0o620);
    const open = await findProvider({ pid: p.pid }, deps);
    expect(open.kind === 'ignored' && open.verdicts[0]?.reason).toMatch(/writable by group or others/);
    await chmod(path, 0o600);
    const text = await readFile(path, 'utf8');
    await rm(path);
    await writeFile(join(suite.dir(), 'elsewhere.json.bak'), text, { mode: 0o600 });
    await symlink(join(suite.dir(), 'elsewhere.json.bak'), path);
    const link = await findProvider({ pid: p.pid }, deps);
    expect(link.kind === 'ignored' && link.verdicts[0]?.reason).toMatch(/symbolic link/);
    await rm(path);
    await rm(join(suite.dir(), 'elsewhere.json.bak'));
  });

  it('does not remember a file changed within the last second (its times may not show the next change)', async () => {
    const p = await start();
    let misses = 0;
    const descriptors = createDescriptorCache(() => { misses += 1; return Date.now(); });
    await findProvider({ pid: p.pid }, { os, env: suite.env(), descriptors });
    await findProvider({ pid: p.pid }, { os, env: suite.env(), descriptors });
    // Two a press: the folder's listing and the file, neither remembered.
    expect(misses).toBe(4);
  });
});

describe('the folder listing cache', () => {
  const identity = { dev: 1, ino: 2, mtimeMs: 1_000, ctimeMs: 1_000 };

  it('lists an unchanged folder once, and again when its identity changes or the folder is another', async () => {
    const descriptors = createDescriptorCache(() => 10_000);
    let lists = 0;
    const list = async (): Promise<string[]> => { lists += 1; return ['a.1.json']; };
    expect(await descriptors.names('/f', identity, list)).toEqual(['a.1.json']);
    expect(await descriptors.names('/f', identity, list)).toEqual(['a.1.json']);
    expect(lists).toBe(1);
    await descriptors.names('/f', { ...identity, mtimeMs: 1_001 }, list);
    await descriptors.names('/f', { ...identity, mtimeMs: 1_001, ctimeMs: 1_002 }, list);
    await descriptors.names('/g', { ...identity, mtimeMs: 1_001, ctimeMs: 1_002 }, list);
    expect(lists).toBe(4);
    descriptors.clear();
    await descriptors.names('/g', { ...identity, mtimeMs: 1_001, ctimeMs: 1_002 }, list);
    expect(lists).toBe(5);
  });

  it('does not remember a listing taken within a second of the folder\'s last change', async () => {
    const descriptors = createDescriptorCache(() => 1_500);
    let lists = 0;
    const list = async (): Promise<string[]> => { lists += 1; return []; };
    await descriptors.names('/f', identity, list);
    await descriptors.names('/f', identity, list);
    expect(lists).toBe(2);
  });

  it('finds a provider whose descriptor appears after the listing was remembered', async () => {
    const first = await start();
    const clock = later();
    const deps = { os, env: suite.env(), descriptors: createDescriptorCache(clock.now) };
    expect((await findProvider({ pid: first.pid }, deps)).kind).toBe('usable');
    const second = await start();
    const found = await findProvider({ pid: second.pid }, deps);
    expect(found.kind === 'usable' && found.provider.descriptor.instance).toBe(second.descriptor.instance);
    // And one that quits (its descriptor removed) is gone at once.
    await rm(join(suite.dir(), second.file));
    expect((await findProvider({ pid: second.pid }, deps)).kind).toBe('none');
  });
});

describe('the session pool', () => {
  it('reuses an initialised session for the same provider run, with its one idle socket, until close', async () => {
    const p = await start();
    const cache = createHostCache();
    const deps = { os, env: suite.env(), cache };
    const port = Number(new URL(p.endpoint).port);
    expect((await collectContext({ pid: p.pid }, deps)).kind).toBe('collected');
    expect(cache.sessions.size).toBe(1);
    const found = await findProvider({ pid: p.pid }, deps);
    const kept = found.kind === 'usable' ? cache.sessions.take(found.provider) : undefined;
    expect(kept?.initialised).toBe(true);
    if (kept) await cache.sessions.give(kept);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(connectionsTo(port)).toBe(1);
    expect((await collectContext({ pid: p.pid }, deps)).kind).toBe('collected');
    expect(cache.sessions.size).toBe(1);
    expect(connectionsTo(port)).toBe(1);
    await cache.close();
    expect(cache.sessions.size).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(connectionsTo(port)).toBe(0);
    // After close the pool keeps nothing; collecting still works, one exchange at a time.
    expect((await collectContext({ pid: p.pid }, deps)).kind).toBe('collected');
    expect(cache.sessions.size).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(connectionsTo(port)).toBe(0);
  });

  it('closes a session whose exchange timed out, leaving no connection behind', async () => {
    const p = await start({ TP_STALL: '1' });
    const cache = createHostCache();
    const port = Number(new URL(p.endpoint).port);
    const result = await collectContext({ pid: p.pid }, { os, env: suite.env(), cache }, { timeoutMs: 300 });
    expect(result.kind).toBe('no-answer');
    expect(cache.sessions.size).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(connectionsTo(port)).toBe(0);
  });

  it('never reuses a session for another run of the app; one that listed the tools serves the next press', async () => {
    const first = await start();
    const cache = createHostCache();
    const deps = { os, env: suite.env(), cache };
    expect((await collectContext({ pid: first.pid }, deps)).kind).toBe('collected');
    const found = await findProvider({ pid: first.pid }, deps);
    if (found.kind !== 'usable') throw new Error('not usable');
    expect(cache.sessions.take({ ...found.provider, descriptor: { ...found.provider.descriptor, instance: 'another-run' } })).toBeUndefined();
    expect(cache.sessions.take({ ...found.provider, descriptor: { ...found.provider.descriptor, token: 'x'.repeat(43) } })).toBeUndefined();
    // An id the provider never issued: a tool error, then the tool list. The host's own client
    // reads every later answer as before after a listing (the SDK's client validated later
    // results against the listed tools' output schemas, so such a session used to be closed).
    const ref = { pid: first.pid, instance: first.descriptor.instance, id: 'never-issued' };
    const taken = cache.sessions.size;
    expect((await locateRef(ref, deps)).ok).toBe(false);
    expect(cache.sessions.size).toBe(taken);
    expect((await collectContext({ pid: first.pid }, deps)).kind).toBe('collected');
    expect(cache.sessions.size).toBe(taken);
    await cache.close();
  });

  it('does not keep a process alive: a script that never closes its cache exits at once', async () => {
    const p = await start();
    const script = `
      const { createOs } = await import('./dist/app/os/index.js');
      const { collectContext } = await import('./dist/app/invocation/collect.js');
      const { createHostCache } = await import('./dist/app/invocation/host-cache.js');
      const cache = createHostCache();
      const r = await collectContext({ pid: ${p.pid} }, { os: createOs(), cache });
      console.log(r.kind, cache.sessions.size);`;
    const started = Date.now();
    const out = await new Promise<string>((resolve, reject) => {
      execFile(process.execPath, ['--input-type=module', '-e', script], { env: suite.env(), timeout: 10_000 }, (error, stdout) => (error ? reject(error) : resolve(stdout)));
    });
    expect(out.trim()).toBe('collected 1');
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
