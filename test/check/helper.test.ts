// check-provider against providers served by a helper of their app (docs/protocol.md,
// "Providers served by a helper"): a real app and its helper pass every check, found by the
// app's pid; a helper that is not the app's descendant fails its named check, and nothing is
// sent to its endpoint.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useHelperAppSuite } from '../helpers/helper-app.js';
import { spawnNode } from '../helpers/spawn.js';
import { startTestProvider } from '../helpers/test-provider.js';
import { runCheck, type CheckRun } from './helpers.js';

const suite = useHelperAppSuite();

function check(pid: number): Promise<CheckRun> {
  return runCheck(['--pid', String(pid), '--json', '--timeout', '4000'], suite.env());
}

describe('check-provider and a provider served by a helper', () => {
  it('finds it by the app pid and passes every check, the helper rules among them', async () => {
    const { appPid, helperPid, descriptor } = await suite.start();
    const run = await check(appPid);
    suite.outputs.push(run.stdout, run.stderr);
    expect(run.checks.filter((c) => !c.ok)).toEqual([]);
    expect(run.code).toBe(0);
    expect(run.check('file-name')).toEqual({ name: 'file-name', ok: true, detail: `node.${appPid}.${helperPid}.json` });
    expect(run.check('helper-pid')).toMatchObject({ ok: true, detail: String(helperPid) });
    expect(run.check('helper-running')?.ok).toBe(true);
    expect(run.check('helper-user')?.ok).toBe(true);
    expect(run.check('helper-descendant')).toMatchObject({ ok: true, detail: `process ${appPid} started it` });
    expect(run.check('listener-owner')?.detail).toBe(`port ${new URL(descriptor?.endpoint ?? '').port} is held by the helper process ${helperPid}`);
    expect(run.check('current-instance')?.ok).toBe(true);
  });

  it('fails helper-descendant for a helper that is a sibling of the app, and sends nothing', async () => {
    const sibling = spawnNode('-e', ['setInterval(() => {}, 60000); console.log("ready")'], process.env);
    await sibling.waitFor(/ready/);
    const requests = join(suite.dir(), '..', 'requests.log');
    const p = await startTestProvider(suite.dir(), { TP_DESCRIPTOR_PID: String(sibling.pid), TP_DESCRIPTOR_HELPER_PID: 'self', TP_REQUEST_LOG: requests });
    try {
      const run = await check(sibling.pid);
      suite.outputs.push(run.stdout, run.stderr);
      expect(run.code).toBe(7);
      expect(run.check('helper-descendant')).toMatchObject({ ok: false, detail: expect.stringMatching(new RegExp(`^process ${p.pid} is not a descendant of process ${sibling.pid}`)) });
      expect(run.check('helper-user')?.ok).toBe(true);
      expect(run.check('mcp-initialize')?.detail).toMatch(/^not checked: hosts refuse the descriptor for its helper/);
      expect(run.check('http-no-token')?.detail).toMatch(/^not checked:/);
      expect(existsSync(requests)).toBe(false);
    } finally {
      await p.process.stop();
      await sibling.stop();
    }
  });

  it('fails helper-running for a stale helperPid', async () => {
    const dead = spawnNode('-e', ['0'], process.env);
    await dead.exited;
    const p = await startTestProvider(suite.dir(), { TP_DESCRIPTOR_HELPER_PID: String(dead.pid) });
    try {
      const run = await check(p.pid);
      expect(run.check('helper-running')).toMatchObject({ ok: false, detail: expect.stringMatching(new RegExp(`^process ${dead.pid} is not running`)) });
      expect(run.check('helper-descendant')?.detail).toBe('not checked: see helper-running');
    } finally {
      await p.process.stop();
    }
  });

  it('fails helper-pid for helperPid equal to pid', async () => {
    const p = await startTestProvider(suite.dir(), { TP_DESCRIPTOR_HELPER_PID: 'self' });
    try {
      const run = await check(p.pid);
      expect(run.check('helper-pid')).toMatchObject({ ok: false, detail: expect.stringMatching(/the app's own pid; leave it out/) });
    } finally {
      await p.process.stop();
    }
  });
});
