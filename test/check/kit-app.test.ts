// check-provider against providers written with the kit (test/fixtures/kit-app.mjs): an
// element the provider cannot place is a tool error the protocol allows, so it passes; and the
// provider's own error texts are shown, here and only here, as the docs promise.
import { describe, expect, it } from 'vitest';
import { checkFixture, startProvider, stopAfterEach } from './helpers.js';

const FIXTURE = 'test/fixtures/kit-app.mjs';
const READY = /is providing context \(pid \d+, endpoint http:\/\/127\.0\.0\.1:\d+\/\S*\)/;
const fixtures = stopAfterEach();

describe('check-provider and a location that declines', () => {
  it('passes every check when location cannot place the element (a tool error is correct)', async () => {
    const running = fixtures.keep(await startProvider(FIXTURE, ['cannot-place'], READY));
    const run = await checkFixture(running);
    expect(run.checks.filter((c) => !c.ok)).toEqual([]);
    expect(run.code).toBe(0);
    expect(run.check('location-known-id')?.detail).toMatch(/^note: location for sel, an id from the answer, is a tool error, which the protocol allows for an element a provider cannot place: the app cannot place element sel now/);
  });
});

describe('check-provider and what the kit corrected before sending', () => {
  it('fails current-tree naming the kit\'s finding when the kit dropped an element with a repeated id', async () => {
    const running = fixtures.keep(await startProvider(FIXTURE, ['repeated'], READY));
    const run = await checkFixture(running);
    expect(run.code).toBe(7);
    expect(run.check('current-tree')).toMatchObject({ ok: false, detail: expect.stringMatching(/^the provider kit corrected the app's tree before sending it \(1 finding: repeated-id\)/) });
    expect(run.checks.filter((c) => !c.ok).map((c) => c.name)).toEqual(['current-tree']);
  });
});

describe('check-provider shows the provider\'s own error texts', () => {
  it('of a current function that throws', async () => {
    const running = fixtures.keep(await startProvider(FIXTURE, ['throwing'], READY));
    const run = await checkFixture(running);
    expect(run.code).toBe(7);
    expect(run.check('current-answer')).toMatchObject({ ok: false, detail: expect.stringContaining('TypeError: cannot read note 7 (thrown by the fixture)') });
    expect(run.stdout + run.stderr).not.toContain(running.token);
  });

  it('of ids.idFor asked for a second prefix for one object: current fails loudly, not a lost document', async () => {
    const running = fixtures.keep(await startProvider(FIXTURE, ['one-object'], READY));
    const run = await checkFixture(running);
    expect(run.code).toBe(7);
    expect(run.check('current-answer')).toMatchObject({ ok: false, detail: expect.stringContaining('idFor: this object already has an id with another prefix') });
  });

  it('of a location function that throws (which the host meets as a tool error, so the check passes with the text)', async () => {
    const running = fixtures.keep(await startProvider(FIXTURE, ['throwing-location'], READY));
    const run = await checkFixture(running);
    expect(run.code).toBe(0);
    expect(run.check('location-known-id')?.detail).toContain('RangeError: no view for that element (thrown by the fixture)');
  });
});
