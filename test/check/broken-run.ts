import { expect, it } from 'vitest';
import type { BrokenCase } from './cases.js';
import { checkFixture, startBroken, stopAfterEach } from './helpers.js';

/**
 * Registers one test per broken provider: check-provider exits 7, exactly the listed checks
 * fail for their own reason (others may only be "not checked" because of them), the first
 * one's detail says what is wrong, and the token appears nowhere in the output.
 */
export function testBrokenCases(cases: BrokenCase[]): void {
  const fixtures = stopAfterEach();
  for (const c of cases) {
    it(`${c.fault}: caught by ${c.failing.join(', ')}`, async () => {
      const running = fixtures.keep(await startBroken(c.fault));
      const run = await checkFixture(running, c.args);
      const caught = run.checks.filter((x) => !x.ok && !x.detail?.startsWith('not checked:')).map((x) => x.name);
      expect(caught).toEqual(c.failing);
      expect(run.check(c.failing[0] as string)?.detail).toMatch(c.detail);
      expect(run.code).toBe(7);
      expect(run.stdout + run.stderr).not.toContain(running.token);
    }, c.testTimeoutMs);
  }
}
