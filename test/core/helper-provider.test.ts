// A provider served by a helper process of its app (docs/protocol.md, "Providers served by a
// helper"): real app and helper processes, the real /proc, real sockets and the real `glance`.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findProvider, listProviders } from '../../app/discovery/find.js';
import { collectContext } from '../../app/invocation/collect.js';
import { createHostCache } from '../../app/invocation/host-cache.js';
import { createOs } from '../../app/os/index.js';
import { runGlance } from '../helpers/cli.js';
import { endPid, useHelperAppSuite } from '../helpers/helper-app.js';
import { spawnNode } from '../helpers/spawn.js';
import { useOtherListener } from '../helpers/sockets.js';
import { startTestProvider } from '../helpers/test-provider.js';

const os = createOs();
const suite = useHelperAppSuite();

async function reasonFor(pid: number): Promise<string> {
  const found = await findProvider({ pid }, { os, env: suite.env() });
  expect(found.kind).toBe('ignored');
  return found.kind === 'ignored' ? (found.verdicts.map((v) => v.reason).join('; ')) : '';
}

async function listedReason(file: string): Promise<string | undefined> {
  const listed = await listProviders({ os, env: suite.env() });
  const row = listed.descriptors.find((d) => d.file === file);
  expect(row?.verdict).toBe('ignored');
  return row?.reason;
}

describe('a provider served by a helper of its app', () => {
  it('is used: the descriptor names the app, the helper listens, and current and location work', async () => {
    const { appPid, helperPid, descriptor, file } = await suite.start();
    expect(descriptor).toMatchObject({ pid: appPid, helperPid, bundleId: 'node' });
    expect(file).toBe(`node.${appPid}.${helperPid}.json`);
    const collected = await collectContext({ pid: appPid }, { os, env: suite.env() });
    expect(collected.kind).toBe('collected');
    if (collected.kind !== 'collected') return;
    expect(collected.provider).toMatchObject({ pid: appPid, helperPid });
    expect(await collected.source.locate('sel-1', {})).toMatchObject({ ok: true, asked: true, location: { state: 'visible' } });

    const current = await runGlance(['current', '--pid', String(appPid), '--json'], suite.env());
    suite.outputs.push(current.stdout, current.stderr);
    expect(current.code).toBe(0);
    expect(JSON.parse(current.stdout)).toMatchObject({ provider: { pid: appPid, helperPid }, answer: { root: { id: 'app' } } });
    const providers = await runGlance(['providers'], suite.env());
    expect(providers.stdout).toContain(`usable   ${file}  Test Provider (node, pid ${appPid}, helper ${helperPid})`);
  });

  it('refuses a stale helperPid: the helper is not running', async () => {
    const dead = spawnNode('-e', ['0'], process.env);
    await dead.exited;
    const p = await startTestProvider(suite.dir(), { TP_DESCRIPTOR_HELPER_PID: String(dead.pid) });
    try {
      const reason = new RegExp(`its helper process \\(pid ${dead.pid}\\) is not running`);
      expect(await reasonFor(p.pid)).toMatch(reason);
      expect(await listedReason(p.file)).toMatch(reason);
    } finally {
      await p.process.stop();
    }
  });

  it("refuses a helper that is not the app's descendant (a sibling), and the kit will not start as one", async () => {
    const sibling = spawnNode('-e', ['setInterval(() => {}, 60000); console.log("ready")'], process.env);
    await sibling.waitFor(/ready/);
    const p = await startTestProvider(suite.dir(), { TP_DESCRIPTOR_PID: String(sibling.pid), TP_DESCRIPTOR_HELPER_PID: 'self' });
    try {
      const reason = new RegExp(`not the app's descendant: process ${p.pid} is not a descendant of process ${sibling.pid}`);
      expect(await reasonFor(sibling.pid)).toMatch(reason);
      expect(await listedReason(p.file)).toMatch(reason);
      await expect(startTestProvider(suite.dir(), { TP_APP_PID: String(sibling.pid) })).rejects.toThrow(
        new RegExp(`cannot serve app ${sibling.pid} as its helper: process \\d+ is not a descendant of process ${sibling.pid}`),
      );
    } finally {
      await p.process.stop();
      await sibling.stop();
    }
  });

  // Starting a process as another user takes root; nobody is 65534 on Linux.
  it.skipIf(process.platform !== 'linux' || process.getuid?.() !== 0)("refuses another user's helper", async () => {
    // The app runs as us; its helper as nobody, listening on loopback. Nobody cannot write into
    // our providers folder, so the descriptor is written here, as the helper would have.
    const script = 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>console.log("port "+s.address().port))';
    const started = await suite.start({ HA_UID: '65534', HA_GID: '65534' }, ['-e', script]);
    const port = Number((await started.app.waitFor(/port (\d+)/))[1]);
    const file = `node.${started.appPid}.${started.helperPid}.json`;
    const descriptor = {
      protocol: '0.2.0', bundleId: 'node', name: 'Nobody', version: '1', pid: started.appPid, helperPid: started.helperPid,
      instance: 'nobody-1', endpoint: `http://127.0.0.1:${port}/context/mcp`, token: 'n'.repeat(43),
    };
    await writeFile(join(suite.dir(), file), JSON.stringify(descriptor), { mode: 0o600 });
    const reason = new RegExp(`its helper process \\(pid ${started.helperPid}\\) belongs to another user \\(uid 65534\\)`);
    expect(await reasonFor(started.appPid)).toMatch(reason);
    expect(await listedReason(file)).toMatch(reason);
  });

  describe('a listener that is another process', () => {
    const otherPort = useOtherListener();

    it('is refused at connect time, the other process named', async () => {
      const port = otherPort();
      const { appPid, helperPid, file } = await suite.start({ TP_DESCRIPTOR_ENDPOINT: `http://127.0.0.1:${port}/context/mcp` });
      const reason = new RegExp(`port ${port} belongs to another process \\(.*pid ${process.pid}\\), not its helper \\(pid ${helperPid}\\)`);
      const collected = await collectContext({ pid: appPid }, { os, env: suite.env() });
      expect(collected.kind === 'ignored' && collected.reasons).toEqual([expect.stringMatching(reason)]);
      expect(await listedReason(file ?? '')).toMatch(reason);
    });
  });

  it('refuses helperPid equal to pid as no descriptor', async () => {
    const p = await startTestProvider(suite.dir(), { TP_DESCRIPTOR_HELPER_PID: 'self' });
    try {
      expect(await reasonFor(p.pid)).toMatch(/it is not a descriptor: these fields are missing or malformed: helperPid/);
    } finally {
      await p.process.stop();
    }
  });

  it('an element is gone once the helper quits, crashed or not', async () => {
    const { appPid, helperPid, file } = await suite.start();
    const collected = await collectContext({ pid: appPid }, { os, env: suite.env() });
    if (collected.kind !== 'collected') throw new Error(`not collected: ${collected.kind}`);
    // A crash leaves the descriptor behind: the host refuses it, and the element is gone.
    endPid(helperPid);
    await expect.poll(() => os.isAlive(helperPid)).toBe(false);
    expect(await collected.source.locate('sel-1', {})).toMatchObject({ ok: true, asked: false, location: { state: 'gone' } });
    expect(await listedReason(file ?? '')).toMatch(/its helper process \(pid \d+\) is not running/);
    const instance = collected.provider.instance;
    const located = await runGlance(['location', 'sel-1', '--pid', String(appPid), '--instance', instance, '--json'], suite.env());
    expect(located.code).toBe(0);
    expect(JSON.parse(located.stdout)).toMatchObject({ state: 'gone' });

    // A helper that quits cleanly removes its descriptor: gone too.
    const second = await suite.start();
    const again = await collectContext({ pid: second.appPid }, { os, env: suite.env() });
    if (again.kind !== 'collected') throw new Error(`not collected: ${again.kind}`);
    endPid(second.helperPid, 'SIGTERM');
    await expect.poll(() => os.isAlive(second.helperPid)).toBe(false);
    expect(await again.source.locate('sel-1', {})).toMatchObject({ ok: true, asked: false, location: { state: 'gone' } });
  });

  it('a host that keeps connections collects from the helper again, and refuses the provider once the helper crashed', async () => {
    const { appPid, helperPid } = await suite.start();
    const cache = createHostCache();
    try {
      const deps = { os, env: suite.env(), cache };
      expect((await collectContext({ pid: appPid }, deps)).kind).toBe('collected');
      expect(cache.sessions.size).toBe(1);
      expect((await collectContext({ pid: appPid }, deps)).kind).toBe('collected');
      endPid(helperPid);
      await expect.poll(() => os.isAlive(helperPid)).toBe(false);
      const after = await collectContext({ pid: appPid }, deps);
      expect(after.kind === 'ignored' && after.reasons).toEqual([expect.stringMatching(/its helper process \(pid \d+\) is not running/)]);
    } finally {
      await cache.close();
    }
  });

  it('an element is gone once the app quits, though its detached helper runs on', async () => {
    const { app, appPid, helperPid, file } = await suite.start({ HA_DETACHED: '1' });
    const collected = await collectContext({ pid: appPid }, { os, env: suite.env() });
    if (collected.kind !== 'collected') throw new Error(`not collected: ${collected.kind}`);
    await app.stop();
    expect(await os.isAlive(helperPid)).toBe(true);
    expect(await collected.source.locate('sel-1', {})).toMatchObject({ ok: true, asked: false, location: { state: 'gone' } });
    expect(await listedReason(file ?? '')).toMatch(/its process \(pid \d+\) is no longer running/);
  });
});
