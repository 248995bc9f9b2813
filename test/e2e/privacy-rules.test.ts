// When the user's rules keep an app out for a reason other than "never" (docs/privacy.md), end to end:
// the BUILT panel in Chromium, main's services from createMainServices on a data folder of the
// test's own, and a raw provider that logs every connection and request it gets, running as the
// app org.example.Guarded. A `local` rule with a cloud model chosen, and a damaged rules.json,
// each get their own card with a way forward, and the provider's log shows it was asked nothing.
// "Ask without its context" sends the question alone to a model server "elsewhere": a host name
// that only this test resolves, to 127.0.0.1 (test/helpers/lookup-fetch.ts), never a real address.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHistoryStore } from '../../app/history/store.js';
import { receipt } from '../history/fixtures.js';
import { openaiStream, startFakeServer } from '../agent/fake-model-server.js';
import { fetchResolving } from '../helpers/lookup-fetch.js';
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
  const before = app.panelState().invocation?.id ?? 0;
  await pressHotkey(app, { pid: raw.pid, name: 'Guarded' });
  await expect.poll(() => app.panelState().invocation?.id ?? 0).toBeGreaterThan(before);
  await expect.poll(() => app.panelState().invocation?.phase).not.toBe('collecting');
}

const saveSettings = (page: Page, patch: object): Promise<unknown> =>
  page.evaluate((p) => (window as unknown as { glance: { saveSettings(p: object): Promise<unknown> } }).glance.saveSettings(p), patch);

/** The guarded app's rule is `local`, written as `glance rules` writes it. */
const ruleLocal = (app: TestApp): Promise<void> =>
  writeFile(join(app.dataDir, 'rules.json'), JSON.stringify({ version: 1, rules: [{ bundleId: APP, rule: 'local', exclusions: [] }] }), { mode: 0o600 });

/** A model "elsewhere": an OpenAI-compatible server at a host name only this test resolves, with a key. */
async function chooseFarModel(page: Page, serverUrl: string): Promise<void> {
  await saveSettings(page, { backend: 'openai', baseURL: `http://model.example.test:${new URL(serverUrl).port}/v1`, model: 'far-model' });
  await page.evaluate(() => (window as unknown as { glance: { setApiKey(r: object): Promise<unknown> } }).glance.setApiKey({ backend: 'openai', key: 'sk-test-key-not-real-0005' }));
}

describe('a rule that keeps an app out, said as what it is', () => {
  it('a `local` rule with a cloud model chosen: the card says local models only, asks nothing, and "Answer offline" collects', async () => {
    const { app, page } = await world.openPanel();
    await ruleLocal(app);
    await saveSettings(page, { backend: 'openai' });
    const asked = (await providerRequests()).length;
    await press(app);
    expect(app.panelState().invocation).toMatchObject({ phase: 'failed', failure: 'ruled-out', ruledOutBy: 'local', root: null });

    const card = page.getByTestId('problem');
    await card.getByRole('heading', { name: 'Raw Provider shares context only with local models' }).waitFor();
    expect(await card.textContent()).toContain('Your rule keeps this app’s context on this Mac');
    expect(await card.textContent()).not.toContain('never');
    expect(await card.getByRole('button').allTextContents()).toEqual(['Answer offline and try again', 'Ask without its context', 'Open Settings']);
    // Nothing was asked of the app, and nothing went anywhere: no receipt, no question to send.
    expect((await providerRequests()).length).toBe(asked);
    expect(await readFile(join(app.dataDir, 'history.jsonl'), 'utf8').catch(() => '')).toBe('');
    await captureState(page, 'privacy-local-cloud').then((found) => { violations['privacy-local-cloud'] = found; });

    // The way forward: the offline answerer is on this Mac, so the app is asked and its context shown.
    await card.getByRole('button', { name: 'Answer offline and try again' }).click();
    await page.getByRole('tree', { name: 'Collected context' }).waitFor();
    expect(app.panelState().invocation).toMatchObject({ phase: 'collected' });
    expect((await providerRequests()).length).toBeGreaterThan(asked);
    expect(pageErrors(page)).toEqual([]);
  }, 60_000);

  it('a `local` rule: "Ask without its context" sends the question alone; the app is not asked and no receipt is written', async () => {
    const model = await startFakeServer([{ sse: openaiStream(['Herons wade in the shallows.']) }]);
    try {
      const { app, page } = await world.openPanel({ modelFetch: fetchResolving({ 'model.example.test': '127.0.0.1' }) });
      await ruleLocal(app);
      await chooseFarModel(page, model.url);
      const asked = (await providerRequests()).length;
      await press(app);
      const card = page.getByTestId('problem');
      await card.getByRole('button', { name: 'Ask without its context' }).click();

      // The card gives way to the question field, and the panel says plainly what goes and why.
      const strip = page.getByTestId('no-context-strip');
      await strip.waitFor();
      expect(await strip.textContent()).toBe('No context from Raw Provider is sent: your rule keeps it on this Mac. The model gets your question only.');
      expect(await card.count()).toBe(0);
      const field = page.getByRole('textbox', { name: 'Your question' });
      await expect.poll(() => field.evaluate((node) => node === document.activeElement)).toBe(true);
      // Not "Ask about this…": there is no "this" going with the question.
      expect(await field.getAttribute('placeholder')).toBe('Ask without its context…');
      expect(await page.getByTestId('send-summary').textContent()).toContain('Only your question goes, to model.example.test');
      // Nothing to review or filter: the footer offers the question's keys alone.
      expect(await page.locator('footer').textContent()).not.toMatch(/Review|Filter/);
      await captureState(page, 'privacy-ask-without').then((found) => { violations['privacy-ask-without'] = found; });
      // "What is sent" shows the request as it goes: the question, and why there is no context.
      await page.getByTestId('send-summary').click();
      const preview = page.getByTestId('preview');
      await expect.poll(() => preview.textContent()).toContain("No app context was sent (the user's rule keeps this app's context on this Mac");
      expect(await preview.textContent()).not.toContain('Harbour plan');
      await page.getByRole('button', { name: 'Done' }).click();
      await field.focus();

      await field.fill('What do herons eat?');
      await page.keyboard.press('Enter');
      await page.getByText('Herons wade in the shallows.').waitFor();
      await page.getByTestId('no-context-strip').waitFor();
      await captureState(page, 'privacy-ask-without-answered').then((found) => { violations['privacy-ask-without-answered'] = found; });

      // The server got the question and why there is no context, and nothing of the app's.
      expect(model.received).toHaveLength(1);
      const body = (model.received[0]?.raw as Buffer).toString();
      expect(body).toContain('What do herons eat?');
      expect(body).toContain("No app context was sent (the user's rule keeps this app's context on this Mac");
      for (const word of ['Harbour plan', 'Raw Provider', APP, 'doc-1']) expect(body).not.toContain(word);
      // The app was asked nothing, and a request without its context leaves no receipt (docs/privacy.md).
      expect((await providerRequests()).length).toBe(asked);
      expect(await readFile(join(app.dataDir, 'history.jsonl'), 'utf8').catch(() => '')).toBe('');
      expect(pageErrors(page)).toEqual([]);
    } finally {
      await model.close();
    }
  }, 60_000);

  it('a `local` rule, collected offline, then a model elsewhere chosen: the conversation does not claim the items went', async () => {
    const model = await startFakeServer([{ sse: openaiStream(['Herons wade in the shallows.']) }]);
    try {
      const { app, page } = await world.openPanel({ modelFetch: fetchResolving({ 'model.example.test': '127.0.0.1' }) });
      await ruleLocal(app);
      await saveSettings(page, { backend: 'offline' });
      await press(app);
      await page.getByRole('tree', { name: 'Collected context' }).waitFor();
      await chooseFarModel(page, model.url);
      await page.keyboard.press('Meta+Comma');
      await page.getByRole('region', { name: 'Settings' }).waitFor();
      await page.keyboard.press('Escape');
      await page.getByTestId('send-summary').getByText(/^No context goes to .*: your rule keeps it on this Mac$/).waitFor();

      const field = page.getByRole('textbox', { name: 'Your question' });
      await field.fill('What do herons eat?');
      await field.press('Enter');
      await page.getByText('Herons wade in the shallows.').waitFor();
      // Main sent none of the app's context; the strip says so instead of "N of N items went with your question".
      const body = (model.received[0]?.raw as Buffer).toString();
      expect(body).not.toContain('Harbour plan');
      const strip = page.getByTestId('context-strip');
      await expect.poll(() => strip.textContent()).toContain('No context went: your rule keeps it on this Mac');
      expect(await strip.textContent()).not.toMatch(/items? went/);
      expect(pageErrors(page)).toEqual([]);
    } finally {
      await model.close();
    }
  }, 60_000);

  it('a damaged rules.json: the card shows the notice, asks nothing, and "Reset rules" keeps the damaged file aside', async () => {
    const { app, page } = await world.openPanel();
    const damaged = '{"version":1,"rules":[';
    await writeFile(join(app.dataDir, 'rules.json'), damaged, { mode: 0o600 });
    const asked = (await providerRequests()).length;
    await press(app);
    expect(app.panelState().invocation).toMatchObject({ phase: 'failed', failure: 'ruled-out', ruledOutBy: 'damaged', root: null });

    const card = page.getByTestId('problem');
    await card.getByRole('heading', { name: 'Glance can’t read your rules' }).waitFor();
    const text = (await card.textContent()) ?? '';
    expect(text).toContain('no rule is lost');
    expect(text).not.toContain('You chose never');
    // The notice itself is in view, not folded away: which file (under the home folder as ~/…, as
    // every path the panel shows; the test's home is its data folder's parent), and why it cannot be read.
    const notice = card.getByText(`Glance's rules file ~/${basename(app.dataDir)}/rules.json is damaged (it is not valid JSON)`, { exact: false });
    expect(await notice.isVisible()).toBe(true);
    expect(text).not.toContain(dirname(app.dataDir));
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
    // Said as a Mac says a path: under the home folder (the test's is the data folder's parent), with ~.
    await page.getByRole('region', { name: 'Notices' }).getByText(`kept as ~/${basename(app.dataDir)}/${aside[0] as string}`, { exact: false }).waitFor();
    expect(JSON.parse(await readFile(join(app.dataDir, 'rules.json'), 'utf8'))).toEqual({ version: 1, rules: [] });
    expect(pageErrors(page)).toEqual([]);
  }, 60_000);

  it("Settings › Rules names each app as Glance saw it, marks invisible characters of a bundle id in labels, and adds a rule for an app seen", async () => {
    const { app, page } = await world.openPanel();
    const hostile = 'com.example.\u202etxt.exe';
    await writeFile(join(app.dataDir, 'rules.json'), JSON.stringify({ version: 1, rules: [{ bundleId: APP, rule: 'local', exclusions: [{ role: 'Row', subrole: 'x\u200by' }] }, { bundleId: hostile, rule: 'never', exclusions: [] }, { bundleId: 'python3.11', rule: 'never', exclusions: [] }] }), { mode: 0o600 });
    const history = createHistoryStore({ home: app.dataDir });
    await history.append(receipt({ id: '00000000000000e1', app: { bundleId: APP, name: 'Raw Provider', pid: raw.pid } }));
    await history.append(receipt({ id: '00000000000000e2', app: { bundleId: 'org.example.Seen', name: 'Seen App', pid: 4242 } }));
    await history.append(receipt({ id: '00000000000000e3', app: { bundleId: 'node', name: 'notes.js', pid: 4243 } }));

    await page.keyboard.press('Meta+Comma');
    const rules = page.getByTestId('rules');
    await rules.getByText('Raw Provider', { exact: true }).waitFor();
    // The app by its name, never a line of code: the bundle id the rule matches is a detail on hover and in
    // what a screen reader hears; an app never seen is named from its bundle id.
    expect(await rules.locator('.rules__name', { hasText: 'Raw Provider' }).getAttribute('title')).toBe(APP);
    expect(await rules.getByText(APP, { exact: true }).count()).toBe(0);
    expect(await rules.locator('.rules__name').evaluateAll((els) => els.map((el) => getComputedStyle(el).fontFamily))).not.toContainEqual(expect.stringMatching(/monospace/));
    await page.getByRole('combobox', { name: `Rule for Raw Provider (${APP})` }).waitFor();
    await page.getByRole('combobox', { name: 'Rule for com.example.⟨U+202E⟩txt.exe' }).waitFor();
    // A rule for an interpreter's name says that it covers every program that interpreter runs (Linux).
    await rules.getByText('python3.11 runs many programs, and Glance can’t tell them apart here: this rule applies to every one of them.', { exact: true }).waitFor();
    // Only python3.11's rule says so in the list (the add row below may say it of its own app, node).
    expect(await rules.getByText('runs many programs', { exact: false }).filter({ hasNot: page.getByRole('group', { name: 'Add a rule for an app Glance has seen' }) }).filter({ hasNotText: /^node / }).count()).toBe(1);
    await page.getByRole('button', { name: 'Remove “Leave out x⟨U+200B⟩ies” from the rules for Raw Provider (org.example.Guarded)' }).waitFor();
    // Every control says in words what it does: no bare ×, a name that holds the words shown.
    const buttons = await rules.getByRole('button').evaluateAll((nodes) => nodes.map((n) => ({ shown: (n.textContent ?? '').trim(), name: n.getAttribute('aria-label') ?? (n.textContent ?? '').trim() })));
    expect(buttons.length).toBeGreaterThan(2);
    for (const { shown, name } of buttons) {
      expect(shown).toMatch(/\p{L}{2,}/u);
      expect(name).toContain(shown);
    }
    // No raw override or zero-width space in any label or in the text drawn.
    const labels = await rules.locator('[aria-label]').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('aria-label') ?? ''));
    expect(labels.length).toBeGreaterThan(3);
    for (const label of labels) expect(label).not.toMatch(/[\u202e\u200b]/);
    expect(await rules.locator('bdi').count()).toBeGreaterThan(0);

    // An app seen (a receipt) without a rule: a rule can be made for it here.
    const add = page.getByRole('group', { name: 'Add a rule for an app Glance has seen' });
    await add.scrollIntoViewIfNeeded();
    const apps = add.getByRole('combobox', { name: 'App' });
    expect((await apps.locator('option').allTextContents()).sort()).toEqual(['Seen App (org.example.Seen)', 'notes.js (node)']);
    // Before a rule is made for an interpreter's name, the panel says what it would cover.
    await apps.selectOption('node');
    await add.getByText('node runs many programs, and Glance can’t tell them apart here: a rule for it applies to every one of them.').waitFor();
    await captureState(page, 'privacy-rules-list').then((found) => { violations['privacy-rules-list'] = found; });
    await apps.selectOption('org.example.Seen');
    await add.getByText('runs many programs', { exact: false }).waitFor({ state: 'detached' });
    await add.getByRole('combobox', { name: 'Rule' }).selectOption('local');
    await add.getByRole('button', { name: 'Add' }).click();
    await page.getByRole('combobox', { name: 'Rule for Seen App (org.example.Seen)' }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Rule for Seen App (org.example.Seen)' }).inputValue()).toBe('local');
    // Only the app still without a rule is offered now.
    await expect.poll(() => apps.locator('option').allTextContents()).toEqual(['notes.js (node)']);
    const file = JSON.parse(await readFile(join(app.dataDir, 'rules.json'), 'utf8')) as { rules: { bundleId: string; rule: string }[] };
    expect(file.rules.find((r) => r.bundleId === 'org.example.Seen')).toMatchObject({ rule: 'local' });
    expect(pageErrors(page)).toEqual([]);
  }, 60_000);

  it('Settings › Rules names an app never sent from the descriptor its running provider published, and asks that provider nothing', async () => {
    const FRESH = 'org.example.Fresh';
    const fresh = spawnAsApp(FRESH, 'test/faults/fixtures/raw-provider.mjs', { ...world.env, RAW_LOG_TARGETS: '1', RAW_BUNDLE_ID: FRESH });
    try {
      await fresh.waitFor(/raw provider ready/);
      const { app, page } = await world.openPanel();
      // As `glance rules set org.example.Fresh never` would write it: no receipt, never collected from.
      await writeFile(join(app.dataDir, 'rules.json'), JSON.stringify({ version: 1, rules: [{ bundleId: FRESH, rule: 'never', exclusions: [] }] }), { mode: 0o600 });
      await page.keyboard.press('Meta+Comma');
      await page.getByRole('combobox', { name: `Rule for Raw Provider (${FRESH})` }).waitFor();
      await page.getByTestId('rules').scrollIntoViewIfNeeded();
      await captureState(page, 'privacy-rules-published').then((found) => { violations['privacy-rules-published'] = found; });
      // A name, not a request: the provider was never connected to.
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(fresh.output()).not.toContain('raw provider connection');
      expect(pageErrors(page)).toEqual([]);
    } finally {
      await fresh.stop();
    }
  }, 60_000);

  it('has no accessibility violation axe-core finds in these states, light or dark', () => {
    expect(Object.keys(violations)).toHaveLength(6);
    expect(violations).toEqual(Object.fromEntries(Object.keys(violations).map((name) => [name, {}])));
  });
});
