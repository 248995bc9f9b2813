// Privacy and control in the panel (docs/privacy.md), end to end: the BUILT panel in Chromium, main's
// services from createMainServices on a data folder of the test's own, a real provider serving
// a tree with a made-up key and comments. The rule actions, the withheld and rule-excluded
// rows, the Rules list and the History view, driven as a user would, read back from the
// files the `glance` command shares (rules.json, history.jsonl).
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Element } from '@app-context/provider-kit/protocol';
import { FAKE } from '../withhold/fake-secrets.js';
import type { Violation } from './harness/axe.js';
import { createWorld, pageErrors, payloadText, pressHotkey, type World } from './harness/fixtures.js';
import { captureState } from './harness/states.js';
import type { TestApp } from './harness/server.js';
import { testSafeStorage } from './harness/test-main.js';

const text = (t: string) => [{ type: 'text' as const, text: t }];
const TREE: Element = {
  id: 'app', role: 'Application', title: 'Field Notes', children: [{
    id: 'doc', role: 'Document', title: 'River walk', focused: true, children: [
      { id: 'sel', role: 'Text', selected: true, content: text('The heron stood in the shallows.') },
      { id: 'key', role: 'Text', title: 'Deploy note', content: text(`deploy with ${FAKE.github.text}`) },
      { id: 'c1', role: 'Row', subrole: 'comment', title: 'COMMENT-ONE' },
      { id: 'c2', role: 'Row', subrole: 'comment', title: 'COMMENT-TWO' },
    ],
  }],
};

let world: World;
let folder: string;
const violations: Record<string, Record<string, Violation[]>> = {};
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'glance-privacy-e2e-'));
  const treeFile = join(folder, 'tree.json');
  await writeFile(treeFile, JSON.stringify(TREE));
  world = await createWorld({ notes: { script: 'configurable', env: { TP_NAME: 'Field Notes', TP_TREE_FILE: treeFile, TP_SCOPE: 'current' } } });
}, 60_000);
afterAll(async () => {
  await world?.close();
  await rm(folder, { recursive: true, force: true });
});

const notes = (): { pid: number; name: string } => ({ pid: world.providers['notes']?.pid ?? -1, name: 'Field Notes' });
const row = (page: Page, name: RegExp) => page.getByRole('treeitem', { name });

/** Presses the hotkey and waits for this press's tree. */
async function collect(app: TestApp): Promise<void> {
  const before = app.panelState().invocation?.id ?? 0;
  await pressHotkey(app, notes());
  await expect.poll(() => app.panelState().invocation?.id ?? 0).toBeGreaterThan(before);
  await expect.poll(() => app.panelState().invocation?.phase).not.toBe('collecting');
}


async function ask(page: Page, question: string): Promise<void> {
  const field = page.getByRole('textbox', { name: 'Your question' });
  await field.fill(question);
  await field.press('Enter');
  await page.getByText('Answered on this Mac from the context alone, without a model').last().waitFor();
}

describe('privacy and control in the panel', () => {
  it('withholds a secret and includes it for one message; "Always leave out comments" applies now and at the next press, and Include sends one such row for one message', async () => {
    const { app, page } = await world.openPanel();
    await collect(app);
    // The key's element is withheld with the kind named, never the key.
    const keyRow = row(page, /^Text, Deploy note withheld: GitHub token Include$/);
    await keyRow.waitFor();
    await page.getByTestId('screening').getByText('1 item withheld for holding a secret (GitHub token)', { exact: false }).waitFor();
    expect(await page.content()).not.toContain(FAKE.github.text);
    expect(await payloadText(page)).not.toContain('ghp_');
    await captureState(page, 'privacy-withheld').then((found) => { violations['privacy-withheld'] = found; });

    // Include it for this message: the row says so, and the payload carries it.
    await page.getByRole('button', { name: 'Include Text Deploy note in this message' }).click();
    await row(page, /Deploy note .*included for this message/).waitFor();
    expect(await payloadText(page)).toContain(FAKE.github.text);

    // Exclude one comment, then make it a rule: both comments are left out, now.
    await page.getByRole('button', { name: 'Exclude Row COMMENT-ONE' }).click();
    await page.getByRole('button', { name: 'More for Row COMMENT-ONE' }).click();
    await page.getByRole('menuitem', { name: 'Always leave out comments from Field Notes' }).click();
    await page.getByTestId('rule-note').getByText('Glance will always leave out every Row with subrole "comment" from Field Notes', { exact: false }).waitFor();
    await row(page, /^Row, COMMENT-TWO left out by your rule/).waitFor();
    await row(page, /^Row, COMMENT-ONE left out by your rule/).waitFor();
    const sent = await payloadText(page);
    expect(sent).not.toContain('COMMENT-');
    const rules = JSON.parse(await readFile(join(app.dataDir, 'rules.json'), 'utf8')) as { rules: { bundleId: string; rule: string; exclusions: unknown[] }[] };
    expect(rules.rules).toHaveLength(1);
    expect(rules.rules[0]).toMatchObject({ rule: 'allow', exclusions: [{ role: 'Row', subrole: 'comment' }] });

    // Include one row the rule leaves out, for this message: the row says so, and what is sent carries it (and only it).
    await page.getByRole('button', { name: 'Include Row COMMENT-TWO in this message' }).click();
    await row(page, /^Row, COMMENT-TWO .*included for this message/).waitFor();
    const included = await payloadText(page);
    expect(included).toContain('COMMENT-TWO');
    expect(included).not.toContain('COMMENT-ONE');
    await ask(page, 'What do the comments say?');
    const [receipt] = (await readFile(join(app.dataDir, 'history.jsonl'), 'utf8')).trim().split('\n').map((line) => JSON.parse(line) as { sentIds: string[]; excludedIds: string[] });
    expect(receipt?.sentIds).toContain('c2');
    expect(receipt?.sentIds).not.toContain('c1');
    expect(receipt?.excludedIds).toContain('c1');

    // The next press: the rule stands, and both inclusions were for that message only.
    await collect(app);
    await row(page, /^Row, COMMENT-TWO left out by your rule/).waitFor();
    await row(page, /^Text, Deploy note withheld: GitHub token Include$/).waitFor();
    expect(pageErrors(page)).toEqual([]);
  }, 60_000);

  it('lists the rules in Settings, where a standing exclusion is stopped; History shows each send, its kept payload, and deletes', async () => {
    const { app, page } = await world.openPanel();
    await collect(app);
    await page.getByRole('button', { name: 'Exclude Row COMMENT-ONE' }).click();
    await page.getByRole('button', { name: 'More for Row COMMENT-ONE' }).click();
    await page.getByRole('menuitem', { name: 'Always leave out comments from Field Notes' }).click();
    await row(page, /^Row, COMMENT-TWO left out by your rule/).waitFor();

    // Keep what was sent, then ask (the offline answerer: no model, but a receipt for its answer).
    await page.keyboard.press('Meta+Comma');
    const keep = page.getByRole('switch', { name: 'Keep what was sent' });
    await keep.click();
    await expect.poll(() => keep.isChecked()).toBe(true);
    await page.getByTestId('saved-keepPayloads').waitFor();
    const rules = page.getByTestId('rules');
    // A standing exclusion in a person's words: the app's kind, in the plural.
    await rules.getByText('Leave out comments', { exact: true }).waitFor();
    await rules.scrollIntoViewIfNeeded();
    await captureState(page, 'privacy-settings').then((found) => { violations['privacy-settings'] = found; });
    await page.keyboard.press('Escape');
    await ask(page, 'What is this walk about?');

    await page.keyboard.press('Meta+Comma');
    await page.getByRole('button', { name: 'History' }).click();
    // A receipt for every request that carried the context (the offline answerer: one per answer).
    const receipts = page.getByTestId('receipt');
    await expect.poll(() => receipts.count()).toBeGreaterThan(0);
    const first = await receipts.count();
    await receipts.first().locator('.receipt__to').getByText('Offline, no model', { exact: false }).waitFor();
    // The line's parts wrap whole ("3 items went with the question" never splits), and a chevron says the receipt unfolds.
    // The size is among the facts, not a part left alone on a line of its own.
    const parts = receipts.first().locator('.receipt__part');
    expect(await parts.allTextContents()).toEqual(['Offline, no model, on this Mac', '· 3 items went with the question', '· 2 left out', '· 1 withheld']);
    // When, as a Mac list says it in the locale: "Today, 3:38 AM".
    expect(await receipts.first().locator('.receipt__when').textContent()).toMatch(/^Today, \d{1,2}:\d\d(\s[AP]M)?$/);
    await page.setViewportSize({ width: 300, height: 580 });
    expect(await parts.evaluateAll((els) => els.map((el) => el.getClientRects().length))).toEqual([1, 1, 1, 1]);
    // ... and none runs past the receipt's edge: the line breaks between them instead.
    expect(await receipts.first().locator('.receipt__to').evaluate((el) => el.scrollWidth <= el.clientWidth && [...el.children].every((part) => part.getBoundingClientRect().right <= el.getBoundingClientRect().right + 0.5))).toBe(true);
    await page.setViewportSize({ width: 420, height: 580 });
    const chevron = (index: number) => receipts.nth(index).locator('.receipt__chevron');
    expect(await chevron(0).isVisible()).toBe(true);
    expect(await chevron(0).evaluate((el) => getComputedStyle(el).transform)).toBe('none');
    await receipts.first().locator('summary').click();
    // Open: it turns down (a quarter turn), the closed ones stay as they were.
    await expect.poll(() => chevron(0).evaluate((el) => getComputedStyle(el).transform)).toMatch(/^matrix\((-?0|6\.\d+e-17), 1, -1, (-?0|6\.\d+e-17), 0, 0\)$/);
    await receipts.first().getByText('GitHub token').waitFor();
    // The facts in a person's words: the app by name (its bundle id quiet beside it), where it
    // went as the panel names the answerer, the size, and the digest short with a Copy that
    // puts the whole of it on the clipboard through main.
    const [written] = (await readFile(join(app.dataDir, 'history.jsonl'), 'utf8')).trim().split('\n').map((line) => JSON.parse(line) as { sha256: string; app: { bundleId: string }; bytes: number });
    const fact = (name: string) => receipts.first().locator(`dt:text-is("${name}") + dd`);
    expect(await fact('App').textContent()).toBe(`Field Notes${written?.app.bundleId}`);
    expect(await fact('Question went to').textContent()).toBe('Offline, no model, on this Mac');
    expect(await fact('Size').textContent()).toMatch(/^[\d.,]+ (KB|bytes)$/);
    expect(await receipts.first().getByTestId('receipt-digest').textContent()).toBe(written?.sha256.slice(0, 10));
    expect(await receipts.first().locator('.receipt__facts').textContent()).not.toContain(written?.sha256);
    await receipts.first().getByRole('button', { name: 'Copy the whole SHA-256' }).click();
    await receipts.first().getByRole('button', { name: 'Copied the whole SHA-256' }).getByText('Copied').waitFor();
    expect(app.clipboard).toEqual([written?.sha256]);
    await receipts.first().getByRole('button', { name: 'Show what was sent' }).click();
    const kept = receipts.first().getByRole('region', { name: 'What was sent' }).or(receipts.first().getByLabel('What was sent'));
    await expect.poll(async () => (await kept.textContent()) ?? '').toContain('The heron stood in the shallows.');
    expect(await kept.textContent()).not.toContain('ghp_');
    expect(await kept.textContent()).not.toContain('COMMENT-');
    // Readable: the app's context first, the turns' words with real line breaks, not JSON with \n escapes;
    // Glance's instructions and the exact JSON folded under it.
    const turns = kept.locator('.kept__turn');
    expect(await turns.first().locator('.kept__who').textContent()).toBe('You, with the context');
    // The context's block as the payload sheet draws it, an outline of the tree (the exact JSON is
    // folded below), in a fixed-width font; the question after it in the panel's own.
    const context = turns.first().locator('.kept__code');
    expect(await context.textContent()).toMatch(/^App: "Field Notes"\nApplication “Field Notes”\n/);
    expect(await context.textContent()).not.toMatch(/"role":|<app_context>/);
    expect(await context.evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(/monospace$/);
    expect(await turns.first().locator('.kept__after').textContent()).toContain('Question: What is this walk about?');
    expect(await turns.first().locator('.kept__after').evaluate((el) => getComputedStyle(el).fontFamily)).not.toMatch(/monospace/);
    expect(await turns.allTextContents()).not.toContainEqual(expect.stringContaining('\\n'));
    expect(await kept.getByText(/^You are Glance/).isVisible()).toBe(false);
    await page.locator('.history').evaluate((el) => { el.scrollTop = 0; });
    await captureState(page, 'privacy-history').then((found) => { violations['privacy-history'] = found; });
    await kept.getByText('Glance’s instructions to the model').click();
    expect(await kept.getByText(/^You are Glance/).isVisible()).toBe(true);
    await kept.getByText('The exact request (JSON)').click();
    expect(await kept.locator('.kept__raw').textContent()).toMatch(/^\{\n {2}"/);
    // JSON in a fixed-width font, as code is shown.
    expect(await kept.locator('.kept__raw').evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(/monospace$/);
    await captureState(page, 'privacy-history-unfolded').then((found) => { violations['privacy-history-unfolded'] = found; });
    // While it is open the button says Hide, and hides it.
    const hide = receipts.first().getByRole('button', { name: 'Hide what was sent' });
    expect(await hide.getAttribute('aria-expanded')).toBe('true');
    await hide.click();
    await kept.waitFor({ state: 'detached' });
    expect(await receipts.first().getByRole('button', { name: 'Show what was sent' }).getAttribute('aria-expanded')).toBe('false');
    // What came back is kept with what was sent, under the same rules, and reads as the panel showed
    // it: Markdown rendered (the offline answer quotes in bold), never the text in the receipt itself.
    await receipts.first().getByRole('button', { name: 'Show the answer' }).click();
    const answer = receipts.first().getByTestId('kept-answer');
    await expect.poll(async () => (await answer.textContent()) ?? '').toMatch(/^Offline answer: no model was asked/);
    expect(await answer.locator('strong, em, li, p').count()).toBeGreaterThan(0);
    expect(await answer.textContent()).not.toContain('**');
    expect(await readFile(join(app.dataDir, 'history.jsonl'), 'utf8')).not.toContain('Offline answer');
    expect(JSON.parse(((await readFile(join(app.dataDir, 'history.jsonl'), 'utf8')).trim().split('\n')[0]) ?? '{}')).toMatchObject({ answer: 'kept' });
    await page.setViewportSize({ width: 420, height: 720 });
    await answer.scrollIntoViewIfNeeded();
    await captureState(page, 'privacy-history-answer').then((found) => { violations['privacy-history-answer'] = found; });
    await page.setViewportSize({ width: 420, height: 580 });
    await receipts.first().getByRole('button', { name: 'Hide the answer' }).click();
    await answer.waitFor({ state: 'detached' });
    // The receipt on disk is the one the view shows.
    const lines = (await readFile(join(app.dataDir, 'history.jsonl'), 'utf8')).trim().split('\n');
    expect(lines).toHaveLength(first);

    // Esc goes back to Settings; stop the standing exclusion there.
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Remove “Leave out comments” from the rules for ', exact: false }).click();
    await rules.getByText('Leave out comments', { exact: false }).waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');
    await collect(app);
    await row(page, /^Row, COMMENT-TWO comment$/).waitFor();

    // Delete one, then all (two presses: the second says how many go).
    await ask(page, 'And the heron?');
    await page.keyboard.press('Meta+Comma');
    await page.getByRole('button', { name: 'History' }).click();
    await expect.poll(() => receipts.count()).toBeGreaterThan(first);
    const both = await receipts.count();
    await receipts.first().locator('summary').click();
    await receipts.first().getByRole('button', { name: /^Delete the receipt from/ }).click();
    await expect.poll(() => receipts.count()).toBe(both - 1);
    await page.getByRole('button', { name: 'Delete all…' }).click();
    await page.getByRole('button', { name: `Delete all ${both - 1} receipt${both - 1 === 1 ? '' : 's'}` }).click();
    await page.getByText('Nothing has been sent yet.').waitFor();
    await captureState(page, 'privacy-history-empty').then((found) => { violations['privacy-history-empty'] = found; });
    expect((await readFile(join(app.dataDir, 'history.jsonl'), 'utf8').catch(() => ''))).toBe('');

    // A request that failed (as `glance ask` records one at a server answering 500) reads as
    // attempted, with what came back, in the line and unfolded.
    const failed = {
      id: 'fa11ed0000000001', at: new Date(Date.now() - 3_600_000).toISOString(), app: { bundleId: 'org.example.FieldNotes', name: 'Field Notes', pid: 4242 },
      backend: 'openai', model: 'llama3.2', endpoint: 'http://127.0.0.1:9', sentIds: ['a', 'b', 'c'], excludedIds: [], withheld: [], bytes: 900, sha256: 'a'.repeat(64), outcome: { status: 500 },
    };
    await writeFile(join(app.dataDir, 'history.jsonl'), `${JSON.stringify(failed)}\n`, { mode: 0o600 });
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'History' }).click();
    await receipts.first().getByText('· 3 items attempted, HTTP 500 came back', { exact: true }).waitFor();
    await receipts.first().locator('summary').click();
    await receipts.first().getByText('Attempted to', { exact: true }).waitFor();
    expect(await receipts.first().locator('dt:has-text("Attempted to") + dd').textContent()).toBe('llama3.2 on this Mac');
    expect(await receipts.first().locator('dt:has-text("Came back") + dd').textContent()).toBe('HTTP 500');
    expect(pageErrors(page)).toEqual([]);
  }, 60_000);

  it('"Never from this app" drops what was collected and asks the app nothing after; Settings undoes it; "Only local models" is said', async () => {
    const { app, page } = await world.openPanel();
    await collect(app);
    // A labelled control ("Rules", not a bare shield), driven by the keyboard: it opens onto its
    // first choice, the arrows move, Esc folds it back onto the button and leaves the panel open.
    const rulesButton = page.getByRole('button', { name: 'Rules for this app' });
    // The word is drawn at the panel's width, not only a tooltip: its label has a box (outside the screen-reader-only part).
    expect(await rulesButton.locator('.toolbar__label').evaluate((label) => [label.textContent, label.getBoundingClientRect().width > 20])).toEqual(['Rules', true]);
    await rulesButton.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => rulesButton.getAttribute('aria-expanded')).toBe('true');
    await captureState(page, 'privacy-rule-menu').then((found) => { violations['privacy-rule-menu'] = found; });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Never from this app');
    await page.keyboard.press('Escape');
    await expect.poll(() => rulesButton.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-controls'))).toBe('rule-menu-items');
    expect(app.panelVisible()).toBe(true);
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Only local models for this app');
    await page.keyboard.press('Enter');
    await page.getByText('Your rule: only the offline answerer or a model server on this Mac', { exact: false }).waitFor();
    // The offline answerer is on this Mac: the context still goes.
    expect(await payloadText(page)).toContain('The heron stood in the shallows.');

    // A model elsewhere chosen meanwhile: the panel says before Send that none of it goes, and the payload holds none.
    await page.evaluate(() => (window as unknown as { glance: { saveSettings(p: object): Promise<unknown> } }).glance.saveSettings({ backend: 'openai' }));
    await page.keyboard.press('Meta+Comma');
    await page.getByRole('region', { name: 'Settings' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('local-rule').getByText('so none goes to the model chosen now', { exact: false }).waitFor();
    await page.getByTestId('send-summary').getByText('No context goes to OpenAI: your rule keeps it on this Mac').waitFor();
    await page.getByTestId('send-summary').click();
    const preview = page.getByTestId('preview');
    await expect.poll(() => preview.textContent()).toContain("keeps this app's context on this machine, and the model answering is not on it");
    expect(await preview.textContent()).not.toContain('The heron');
    await page.getByRole('button', { name: 'Done' }).click();
    await page.evaluate(() => (window as unknown as { glance: { saveSettings(p: object): Promise<unknown> } }).glance.saveSettings({ backend: 'offline' }));

    await page.getByRole('button', { name: 'Rules for this app' }).click();
    await page.getByRole('button', { name: 'Never from this app' }).click();
    await page.getByText('Your rule keeps Field Notes out').waitFor();
    expect(app.panelState().invocation).toMatchObject({ phase: 'failed', failure: 'ruled-out', root: null });
    // The card says it once: no second box under it repeating the rule.
    expect(await page.getByTestId('rule-note').count()).toBe(0);
    await captureState(page, 'privacy-never').then((found) => { violations['privacy-never'] = found; });

    // The next press asks the app nothing: the rule is checked before any request.
    const asked = app.logLines.length;
    await collect(app);
    expect(app.panelState().invocation).toMatchObject({ failure: 'ruled-out' });
    expect(app.logLines.slice(asked).join('\n')).toContain('ruled-out');

    // Open Settings from the card and set the app back to any model.
    await page.getByRole('button', { name: 'Open Settings' }).click();
    const select = page.getByRole('combobox', { name: /^Rule for / });
    await expect.poll(() => select.inputValue()).toBe('never');
    await select.selectOption('allow');
    await expect.poll(async () => JSON.parse(await readFile(join(app.dataDir, 'rules.json'), 'utf8')).rules[0].rule).toBe('allow');
    await page.keyboard.press('Escape');
    await collect(app);
    await page.getByRole('tree', { name: 'Collected context' }).waitFor();
    expect(pageErrors(page)).toEqual([]);
  }, 60_000);

  it('"Keep what was sent" without a Keychain to encrypt with: says so beside the switch, which cannot be turned on', async () => {
    const { page } = await world.openPanel({ safeStorage: { ...testSafeStorage, isAsyncEncryptionAvailable: async () => false } });
    await page.keyboard.press('Meta+Comma');
    const keep = page.getByRole('switch', { name: 'Keep what was sent' });
    const reason = page.getByTestId('keep-payloads-unavailable');
    await reason.waitFor();
    expect(await reason.textContent()).toBe('Not available now: Glance cannot encrypt with the Keychain, so it keeps receipts only, never a payload in plain text.');
    // Not the usual promise of an encrypted payload, and a switch that cannot claim otherwise.
    expect(await page.getByText('encrypted with your Keychain', { exact: false }).count()).toBe(0);
    expect(await keep.isChecked()).toBe(false);
    expect(await keep.isDisabled()).toBe(true);
    expect(await keep.getAttribute('aria-describedby')).toBe('keep-payloads-unavailable');
    await page.getByTestId('rules').scrollIntoViewIfNeeded();
    await keep.scrollIntoViewIfNeeded();
    await captureState(page, 'privacy-keep-unavailable').then((found) => { violations['privacy-keep-unavailable'] = found; });
    expect(await page.getByTestId('saved-keepPayloads').count()).toBe(0);
    expect(pageErrors(page)).toEqual([]);
  }, 60_000);

  it('has no accessibility violation axe-core finds in any of these states, light or dark', () => {
    expect(Object.keys(violations).length).toBeGreaterThanOrEqual(6);
    expect(violations).toEqual(Object.fromEntries(Object.keys(violations).map((name) => [name, {}])));
  });
});
