// Each reason a descriptor is ignored (docs/protocol.md, "The host's checks, in order"), against
// real provider processes, real files with real modes, and the real OS listener check.
import { chmod, readFile, symlink, writeFile, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findProvider, listProviders } from '../../app/discovery/find.js';
import { createOs } from '../../app/os/index.js';
import { collectContext } from '../../app/invocation/collect.js';
import { useProviderSuite } from '../helpers/provider-suite.js';
import { useOtherListener } from '../helpers/sockets.js';
import type { TestProvider } from '../helpers/test-provider.js';

const os = createOs();
const suite = useProviderSuite();
const start = (knobs: Record<string, string> = {}): Promise<TestProvider> => suite.start(knobs);

async function reasonFor(pid: number): Promise<string> {
  const found = await findProvider({ pid }, { os, env: suite.env() });
  expect(found.kind).toBe('ignored');
  if (found.kind !== 'ignored') return '';
  expect(found.verdicts).toHaveLength(1);
  return found.verdicts[0]?.reason ?? '';
}


describe('discovery', () => {
  it('finds and verifies a provider that keeps every rule', async () => {
    const p = await start();
    const found = await findProvider({ pid: p.pid }, { os, env: suite.env() });
    expect(found.kind).toBe('usable');
    if (found.kind === 'usable') {
      expect(found.provider.descriptor.instance).toBe(p.descriptor.instance);
      expect(found.provider.port).toBe(Number(new URL(p.endpoint).port));
    }
  });

  it('says "none" for an app with no descriptor, and for a missing folder', async () => {
    expect((await findProvider({ pid: process.pid }, { os, env: suite.env() })).kind).toBe('none');
    const missing = await findProvider({ pid: process.pid }, { os, env: { APP_CONTEXT_PROVIDERS_DIR: join(suite.dir(), 'nope') } });
    expect(missing.kind).toBe('none');
    if (missing.kind === 'none') expect(missing.folder.reason).toMatch(/does not exist/);
  });

  it('ignores a stale descriptor whose process is no longer running', async () => {
    const p = await start();
    // Kill it hard so its exit handlers cannot remove the file: a crash leaves a stale file.
    p.process.child.kill('SIGKILL');
    await p.process.exited;
    expect(await reasonFor(p.pid)).toMatch(/no longer running/);
  });

  it("ignores a descriptor whose bundle id is not the process's", async () => {
    const p = await start({ TP_DESCRIPTOR_BUNDLE_ID: 'com.example.other' });
    expect(await reasonFor(p.pid)).toMatch(/names the app com\.example\.other, but process \d+ is /);
  });

  it('ignores a protocol it does not support', async () => {
    const p = await start({ TP_DESCRIPTOR_PROTOCOL: '0.3.0' });
    expect(await reasonFor(p.pid)).toMatch(/protocol 0\.3\.0; Glance supports 0\.2\.x/);
  });

  it.each([
    ['localhost', 'http://localhost:{port}/context/mcp'],
    ['another host', 'http://127.0.0.2:{port}/context/mcp'],
    ['a leading zero', 'http://127.0.0.1:0{port}/context/mcp'],
    ['https', 'https://127.0.0.1:{port}/context/mcp'],
    ['user info', 'http://u:p@127.0.0.1:{port}/context/mcp'],
  ])('ignores an endpoint with %s', async (_name, template) => {
    const p = await start({ TP_DESCRIPTOR_ENDPOINT: template.replace('{port}', '1234') });
    expect(await reasonFor(p.pid)).toMatch(/endpoint is not http:\/\/127\.0\.0\.1/);
  });

  describe('a port that belongs to another process', () => {
    const otherPort = useOtherListener();

    // Step 5 runs on the open connection (docs/protocol.md, "Hardening", "Check at connect time"):
    // by the exchange, and by the listing of `glance providers`, which connects and sends nothing.
    it('is ignored at connect time, and the other process is named', async () => {
      const port = otherPort();
      const p = await start({ TP_DESCRIPTOR_ENDPOINT: `http://127.0.0.1:${port}/context/mcp` });
      const reason = new RegExp(`port ${port} belongs to another process \\(.*pid ${process.pid}\\)`);
      const collected = await collectContext({ pid: p.pid }, { os, env: suite.env() });
      expect(collected.kind === 'ignored' && collected.reasons).toEqual([expect.stringMatching(reason)]);
      const listed = (await listProviders({ os, env: suite.env() })).descriptors.find((d) => d.descriptor?.pid === p.pid);
      expect(listed).toMatchObject({ verdict: 'ignored', reason: expect.stringMatching(reason) });
    });
  });

  it('ignores a descriptor writable by group or others', async () => {
    const p = await start();
    await chmod(join(suite.dir(), p.file), 0o666);
    expect(await reasonFor(p.pid)).toMatch(/writable by group or others \(mode 0666\)/);
  });

  it('ignores a symbolic link, even one to a good descriptor', async () => {
    const p = await start();
    const real = join(suite.dir(), p.file);
    const moved = join(suite.dir(), 'real-descriptor');
    await writeFile(moved, await readFile(real), { mode: 0o600 });
    await (await import('node:fs/promises')).rm(real);
    await symlink(moved, real);
    expect(await reasonFor(p.pid)).toMatch(/symbolic link/);
  });

  it('ignores a file over 64 KiB and garbage bytes', async () => {
    const p = await start();
    await writeFile(join(suite.dir(), p.file), JSON.stringify({ pad: 'x'.repeat(70_000) }), { mode: 0o600 });
    expect(await reasonFor(p.pid)).toMatch(/larger than 64 KiB/);
    await writeFile(join(suite.dir(), p.file), Buffer.from([0xff, 0xfe, 0x00, 0x7b]), { mode: 0o600 });
    expect(await reasonFor(p.pid)).toMatch(/not valid UTF-8 JSON/);
  });

  it('refuses the whole folder when others can write to it', async () => {
    const p = await start();
    await chmod(suite.dir(), 0o777);
    try {
      const found = await findProvider({ pid: p.pid }, { os, env: suite.env() });
      expect(found.kind).toBe('none');
      if (found.kind === 'none') expect(found.folder.reason).toMatch(/writable by group or others/);
    } finally {
      await chmod(suite.dir(), 0o700);
    }
  });

  it('uses the most recently modified of several usable descriptors', async () => {
    const p = await start();
    const copy = join(suite.dir(), `copy.${p.pid}.json`);
    const original = join(suite.dir(), p.file);
    const copied = { ...(JSON.parse(await readFile(original, 'utf8')) as object), name: 'Newer' };
    await writeFile(copy, JSON.stringify(copied), { mode: 0o600 });
    const past = new Date(Date.now() - 60_000);
    await utimes(original, past, past);
    const found = await findProvider({ pid: p.pid }, { os, env: suite.env() });
    expect(found.kind === 'usable' && found.provider.descriptor.name).toBe('Newer');
    const listed = await listProviders({ os, env: suite.env() });
    const older = listed.descriptors.find((d) => d.file === p.file);
    expect(older?.reason).toMatch(/newer descriptor/);
  });

  it('of several, skips a newer one whose port nobody serves: step 5 still chooses among them before the connect', async () => {
    const p = await start();
    const stale = join(suite.dir(), `stale.${p.pid}.json`);
    const original = join(suite.dir(), p.file);
    await writeFile(stale, JSON.stringify({ ...(JSON.parse(await readFile(original, 'utf8')) as object), name: 'Stale', endpoint: 'http://127.0.0.1:1/context/mcp' }), { mode: 0o600 });
    const past = new Date(Date.now() - 60_000);
    await utimes(original, past, past);
    const found = await findProvider({ pid: p.pid }, { os, env: suite.env() });
    expect(found.kind === 'usable' && found.provider.descriptor.name).toBe('Test Provider');
    expect(found.kind === 'usable' && found.ignored.map((v) => v.reason)).toEqual([expect.stringMatching(/nobody listens on its port 1\b/)]);
    expect((await collectContext({ pid: p.pid }, { os, env: suite.env() })).kind).toBe('collected');
  });
});
