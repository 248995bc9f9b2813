import { describe, expect, it } from 'vitest';
import type { CheckResult } from '../../app/check/types.js';
import { runGlance } from '../helpers/cli.js';
import { startBroken, stopAfterEach } from './helpers.js';

const fixtures = stopAfterEach();

// The command as users run it: bin/glance.js, the compiled CLI, the real OS services.
describe('glance check-provider, spawned', () => {
  it('prints { pid, checks } and exits 0 for a correct provider', async () => {
    const running = fixtures.keep(await startBroken('none'));
    const run = await runGlance(['check-provider', '--pid', String(running.pid), '--json', '--timeout', '4000'], running.env);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as { pid: number; checks: CheckResult[]; notCheckable: { rule: string; why: string }[] };
    expect(Object.keys(report)).toEqual(['pid', 'checks', 'notCheckable']);
    // The rules no outside check can show are named, each with why, so a green run is not read as proof of them.
    expect(report.notCheckable).toContainEqual({ rule: 'the token is compared in constant time', why: expect.stringContaining('cannot be measured') });
    expect(report.pid).toBe(running.pid);
    expect(report.checks.every((c) => c.ok && Object.keys(c).every((k) => ['name', 'ok', 'detail'].includes(k)))).toBe(true);
    expect(run.stdout + run.stderr).not.toContain(running.token);
  });

  it('exits 7 for a provider that leaks its token in an error text, and prints [token] instead', async () => {
    const running = fixtures.keep(await startBroken('leaks-token'));
    const run = await runGlance(['check-provider', '--pid', String(running.pid)], running.env);
    expect(run.code).toBe(7);
    expect(run.stdout).toContain('token=[token]');
    expect(run.stdout + run.stderr).not.toContain(running.token);
  });

  it('exits 3 without a descriptor and 2 for a wrong command line', async () => {
    const running = fixtures.keep(await startBroken('none'));
    expect((await runGlance(['check-provider', '--pid', String(process.pid)], running.env)).code).toBe(3);
    const usage = await runGlance(['check-provider'], running.env);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/^glance: check-provider: --pid N is required/);
  });
});
