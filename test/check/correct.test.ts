import { describe, expect, it } from 'vitest';
import { checkFixture, runCheck, startBroken, stopAfterEach } from './helpers.js';

const fixtures = stopAfterEach();

describe('check-provider against a correct provider', () => {
  it('passes every check and exits 0 (the independent fixture provider)', async () => {
    const running = fixtures.keep(await startBroken('none'));
    const run = await checkFixture(running);
    expect(run.checks.filter((c) => !c.ok)).toEqual([]);
    expect(run.code).toBe(0);
    expect(run.checks.length).toBeGreaterThan(25);
    expect(run.stdout + run.stderr).not.toContain(running.token);
  });

  it('prints one line per check for a person, and the total', async () => {
    const running = fixtures.keep(await startBroken('none'));
    const run = await runCheck(['--pid', String(running.pid), '--timeout', '4000'], running.env);
    expect(run.code).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^Checking process \d+: Broken Notes \(node\), descriptor node\.\d+\.json$/);
    expect(lines.filter((l) => /^ {2}pass {2}[a-z-]+/.test(l)).length).toBeGreaterThan(25);
    expect(lines.at(-1)).toMatch(/^All \d+ checks passed\.$/);
    expect(run.stdout + run.stderr).not.toContain(running.token);
  });
});
