// When the user's rules keep an app out for a reason other than "never" (issue 13), end to end:
// the BUILT panel in Chromium, main's services from createMainServices on a data folder of the
// test's own, and a raw provider that logs every connection and request it gets, running as the
// app org.example.Guarded. A `local` rule with a cloud model chosen, and a damaged rules.json,
// each get their own card with a way forward, and the provider's log shows it was asked nothing.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnAsApp } from '../helpers/bundle-id.js';
import type { Spawned } from '../helpers/spawn.js';
import type { Violation } from './harness/axe.js';
import { createWorld, pageErrors, pressHotkey, type World } from './harness/fixtures.js';
import { captureState } from './harness/states.js';
import type { TestApp } from './harness/server.js';

const APP = 'org.example.Guarded';
let world: World;
let raw: { process: Spawned; pid: number };
const violations: Record<string, Record<string, Violation[]>> = {};

beforeAll(async () => {
  world = await createWorld({});
  const spawned = spawnAsApp(APP, 'test/faults/fixtures/raw-provider.mjs', { ...world.env, RAW_LOG_TARGETS: '1', RAW_BUNDLE_ID: APP, RAW_SECRET: 'Harbour plan' });
  const ready = await spawned.waitFor(/raw provider ready \(pid (\d+), port (\d+), instance (\S+)\)/);
  raw = { process: spawned, pid: Number(ready[1]) };
}, 60_000);
afterAll(async () => {
  await raw?.process.stop();
  await world?.close();
});

/** Every request the provider has seen so far, after anything still in the pipe has arrived. */
async function providerRequests(): Promise<string[]> {
  await new Promise((resolve) => setTimeout(resolve, 150));
  return raw.process.output().split('\n').filter((line) => line.startsWith('raw provider request'));
}

/** Presses the hotkey with the guarded app in front and waits for the outcome of this press. */
async function press(app: TestApp): Promise<void> {
  const before = app.hub.get().invocation?.id ?? 0;
  await pressHotkey(app, { pid: raw.pid, name: 'Guarded' });
  await expect.poll(() => app.hub.get().invocation?.id ?? 0).toBeGreaterThan(before);
  await expect.poll(() => app.hub.get().invocation?.phase).not.toBe('collecting');
}

const saveSettings = (page: Page, patch: object): Promise<unknown> =>
  page.evaluate((p) => (window as unknown as { glance: { saveSettings(p: object): Promise<unknown> } }).glance.saveSettings(p), patch);

describe('a rule that keeps an app out, said as what it is', () => {
  it('a `local` rule with a cloud model chosen: the card says local models only, asks nothing, and "Answer offline" collects', async () => {
    const { app, page } = await world.openPanel();
    await writeFile(join(app.dataDir, 'rules.json'), JSON.stringify({ version: 1, rules: [{ bundleId: APP, rule: 'local', exclusions: [] }] }), { mode: 0o600 });
    await saveSettings(page, { backend: 'openai' });
    const asked = (await providerRequests()).length;
    await press(app);
    expect(app.hub.get().invocation).toMatchObject({ phase: 'failed', failure: 'ruled-out', ruledOutBy: 'local', root: null });

    const card = page.getByTestId('problem');
    await card.getByRole('heading', { name: 'Raw Provider shares context only with local models' }).waitFor();
    expect(await card.textContent()).toContain("Your rule keeps this app's context on this Mac");
    expect(await card.textContent()).not.toContain('never');
    expect(await card.getByRole('button').allTextContents()).toEqual(['Answer offline and try again', 'Open Settings']);
    // Nothing was asked of the app, and nothing went anywhere: no receipt, no question to send.
    expect((await providerRequests()).length).toBe(asked);
    expect(await readFile(join(app.dataDir, 'history.jsonl'), 'utf8').catch(() => '')).toBe('');
    await captureState(page, 'privacy-local-cloud').then((found) => { violations['privacy-local-cloud'] = found; });

    // The way forward: the offline answerer is on this Mac, so the app is asked and its context shown.
    await card.getByRole('button', { name: 'Answer offline and try again' }).click();
    await page.getByRole('tree', { name: 'Collected context' }).waitFor();
    expect(app.hub.get().invocation).toMatchObject({ phase: 'collected' });
    expect((await providerRequests()).length).toBeGreaterThan(asked);
    expect(pageErrors(page)).toEqual([]);
  }, 60_000);

  it('a damaged rules.json: the card shows the notice, asks nothing, and "Reset rules" keeps the damaged file aside', async () => {
    const { app, page } = await world.openPanel();
    const damaged = '{"version":1,"rules":[';
    await writeFile(join(app.dataDir, 'rules.json'), damaged, { mode: 0o600 });
    const asked = (await providerRequests()).length;
    await press(app);
    expect(app.hub.get().invocation).toMatchObject({ phase: 'failed', failure: 'ruled-out', ruledOutBy: 'damaged', root: null });

    const card = page.getByTestId('problem');
    await card.getByRole('heading', { name: "Glance can't read your rules" }).waitFor();
    const text = (await card.textContent()) ?? '';
    expect(text).toContain('no rule is lost');
    expect(text).not.toContain('You chose never');
    // The notice itself is in view, not folded away: which file, and why it cannot be read.
    const notice = card.getByText(`Glance's rules file ${join(app.dataDir, 'rules.json')} is damaged (it is not valid JSON)`, { exact: false });
    expect(await notice.isVisible()).toBe(true);
    expect(await card.getByRole('button').allTextContents()).toEqual(['Reset rules and try again', 'Open Settings']);
    expect((await providerRequests()).length).toBe(asked);
    expect(await readFile(join(app.dataDir, 'history.jsonl'), 'utf8').catch(() => '')).toBe('');
    await captureState(page, 'privacy-rules-damaged').then((found) => { violations['privacy-rules-damaged'] = found; });

    await card.getByRole('button', { name: 'Reset rules and try again' }).click();
    await page.getByRole('tree', { name: 'Collected context' }).waitFor();
    expect((await providerRequests()).length).toBeGreaterThan(asked);
    // Nothing lost: the damaged bytes are kept beside the new file, and the banner says where.
    const aside = (await readdir(app.dataDir)).filter((name) => name.startsWith('rules.damaged-'));
    expect(aside).toHaveLength(1);
    expect(await readFile(join(app.dataDir, aside[0] as string), 'utf8')).toBe(damaged);
    await page.getByRole('region', { name: 'Notices' }).getByText(`kept as ${join(app.dataDir, aside[0] as string)}`, { exact: false }).waitFor();
    expect(JSON.parse(await readFile(join(app.dataDir, 'rules.json'), 'utf8'))).toEqual({ version: 1, rules: [] });
    expect(pageErrors(page)).toEqual([]);
  }, 60_000);

  it('has no serious or critical accessibility violation in these states, light or dark', () => {
    expect(Object.keys(violations)).toHaveLength(2);
    expect(violations).toEqual(Object.fromEntries(Object.keys(violations).map((name) => [name, {}])));
  });
});
