import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkFixture, startProvider, stopAfterEach } from './helpers.js';

const SAMPLE = 'dist/provider/sample/main.js';
const READY = /is providing context \(pid \d+, endpoint http:\/\/127\.0\.0\.1:\d+\/\S*\)/;

const fixtures = stopAfterEach();

// The provider kit and Sample Notes are the reference provider: the checker must pass them.
describe.skipIf(!existsSync(SAMPLE))('check-provider against the provider kit', () => {
  it('Sample Notes (built with the kit) passes every check', async () => {
    const running = fixtures.keep(await startProvider(SAMPLE, [], READY));
    const run = await checkFixture(running);
    expect(run.checks.filter((c) => !c.ok)).toEqual([]);
    expect(run.code).toBe(0);
    expect(run.check('location-known-id')?.ok).toBe(true);
    expect(run.stdout + run.stderr).not.toContain(running.token);
    expect(running.process.output()).not.toContain(running.token);
  });
});

const CONFIGURABLE = 'dist/provider/testing/configurable.js';

// The kit's configurable test provider breaks rules through the kit itself: a second,
// independent set of broken providers for the checks that judge answers.
describe.skipIf(!existsSync(CONFIGURABLE))('check-provider against the kit\'s configurable test provider', () => {
  it('passes every check with no knob set', async () => {
    const running = fixtures.keep(await startProvider(CONFIGURABLE, [], READY));
    const run = await checkFixture(running);
    expect(run.checks.filter((c) => !c.ok)).toEqual([]);
    expect(run.code).toBe(0);
  });

  // The stall is judged against a short limit; every other case gets a limit long enough that a
  // loaded machine cannot turn it into a timeout (8 MiB must arrive before "too large" shows).
  it.each([
    [{ TP_EXTENSION: 'omit' }, 'mcp-extension', /does not declare/, '4000'],
    [{ TP_DESCRIPTOR_BUNDLE_ID: 'com.example.other' }, 'descriptor-bundle-id', /names com\.example\.other, but the system reports/, '4000'],
    [{ TP_ANSWER_INSTANCE: 'someone-else' }, 'current-instance', /states instance someone-else/, '4000'],
    [{ TP_DELAY_MS: '800', TP_SCOPE: 'current' }, 'current-call', /no answer within the time limit of 0\.5 s/, '500'],
    [{ TP_OVERSIZED_MB: '12', TP_SCOPE: 'current' }, 'current-call', /larger than 8 MiB/, '4000'],
  ])('%j is caught by %s', async (knobs, name, detail, timeout) => {
    const running = fixtures.keep(await startProvider(CONFIGURABLE, [], READY, knobs));
    const run = await checkFixture(running, ['--timeout', timeout]);
    expect(run.code).toBe(7);
    expect(run.check(name)).toMatchObject({ ok: false, detail: expect.stringMatching(detail) });
    expect(run.stdout + run.stderr).not.toContain(running.token);
  });
});
