// End to end for the agent: the BUILT panel and overlay pages in Debian's Chromium, main's real
// agent service over HTTP, the real core, real provider processes, the offline backend and a
// local OpenAI-compatible model server set through the settings view.
import { mkdir, mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKEND_IDS, backendFacts } from '../../contract/backends.js';
import { openaiStream, startFakeServer, type FakeServer, type Reply } from '../agent/fake-model-server.js';
import { createWorld, pageErrors, pressHotkey, showExactPayload, recordTexts, type World } from './harness/fixtures.js';

let world: World;
let model: FakeServer;
const script: Reply[] = [];
/** Every message Plain Notes (which offers no location) received, one line each (TP_REQUEST_LOG). */
let plainLog = '';
beforeAll(async () => {
  plainLog = join(await mkdtemp(join(tmpdir(), 'glance-e2e-plain-')), 'requests.log');
  [world, model] = await Promise.all([
    createWorld({
      sample: { script: 'sample' },
      restartable: { script: 'configurable', env: { TP_NAME: 'Restart Notes' } },
      plain: { script: 'configurable', env: { TP_NAME: 'Plain Notes', TP_NO_LOCATION: '1', TP_REQUEST_LOG: plainLog } },
    }),
    startFakeServer(script),
  ]);
  await mkdir('test-results', { recursive: true });
}, 60_000);
afterAll(async () => {
  await Promise.all([world?.close(), model?.close()]);
});

const pid = (name: string): number => world.providers[name]?.pid ?? -1;
/** The chip for an element: in the answer's text (compact) or in the row under its turn, never both. */
const chip = (page: Page, id: string) => page.getByTestId('answer').locator(`[data-testid="chip"][data-chip-id="${id}"]`);
/** The id of the chip showing this title: chips show titles, their ids are in the tooltip and the data. */
const chipIdFor = async (page: Page, title: string | RegExp): Promise<string> => (await page.getByTestId('answer').locator('[data-testid="chip"]').filter({ hasText: title }).getAttribute('data-chip-id')) ?? '';

/** Opens the payload sheet, lets `read` look at main's payload, and closes it again. */
async function withPayload<T>(page: Page, read: (preview: ReturnType<Page['getByTestId']>) => Promise<T>): Promise<T> {
  await page.getByTestId('send-summary').click();
  await showExactPayload(page);
  const value = await read(page.getByTestId('preview'));
  await page.getByRole('button', { name: 'Done' }).click();
  return value;
}

/** Asks a question in the panel and waits until the answer ended. */
async function ask(page: Page, question: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Your question' }).fill(question);
  await page.getByRole('button', { name: 'Ask', exact: true }).click();
  await page.getByTestId('answer').getByText(question, { exact: true }).waitFor();
}

describe('the agent, end to end', () => {
  it('answers offline, turns cited ids into chips, and a chip pointed at draws its rect on the overlay page', async () => {
    const { app, page } = await world.openPanel();
    const overlay = await page.context().newPage();
    await overlay.setViewportSize({ width: 1280, height: 800 });
    await overlay.goto(app.overlayUrl);
    // A background tab gets no animation frames, and Playwright's clicks wait for them.
    await page.bringToFront();
    await pressHotkey(app, { pid: pid('sample'), name: 'Sample Notes' });
    await page.getByRole('tree', { name: 'Collected context' }).waitFor();
    await ask(page, 'What is selected?');
    const text = page.getByTestId('answer-text');
    await text.getByText(/Offline answer: no model was asked/).waitFor();
    // "Answered by" appears once the turn is done, which can be a frame after its text.
    await expect.poll(() => page.getByText('Answered on this Mac from the context alone, without a model').count()).toBe(1);

    // The offline answer cites the note by id in backticks and highlights the selection; both are
    // chips, shown by title, and in the text the citation is a compact chip, not the raw id.
    await chip(page, await chipIdFor(page, 'Trip to Lisbon')).waitFor();
    const docId = await chipIdFor(page, 'Trip to Lisbon');
    const selId = await chipIdFor(page, /tram 28 from Martim Moniz/);
    expect(docId).not.toBe('');
    expect(selId).not.toBe('');
    expect(await text.textContent()).not.toContain(`\`${docId}\``);
    await text.locator(`.chip--inline[data-chip-id="${docId}"]`).waitFor();
    await chip(page, selId).waitFor();
    // The highlight tool located the selection through Sample Notes: its chip says so.
    await expect.poll(() => chip(page, selId).getAttribute('data-state')).toBe('visible');
    // Each chip once: the citation inline in the text, the highlighted selection in the row under
    // its turn (the text quotes it), and the row does not repeat the inline one.
    expect(await chip(page, docId).count()).toBe(1);
    expect(await chip(page, selId).count()).toBe(1);
    const turn = page.getByTestId('turn').first();
    expect(await turn.locator(`.chips [data-chip-id="${selId}"]`).count()).toBe(1);
    expect(await turn.locator(`.chips [data-chip-id="${docId}"]`).count()).toBe(0);
    // Every chip says its state the same way, by its look alone: the shown one has no word the
    // idle one lacks, and its name and tooltip say the state in full.
    expect(await page.getByTestId('answer').locator('.chip__state').count()).toBe(0);
    expect(await chip(page, selId).textContent()).toBe('“tram 28 from Martim Moniz”');
    expect(await chip(page, selId).textContent()).not.toMatch(/shown|locating|off screen|gone|not found/);
    expect(await chip(page, selId).getAttribute('aria-label')).toMatch(/: shown on screen$/);
    // Who answered is said inside the turn, under its chips.
    expect(await turn.locator('.answer__by').textContent()).toBe('Answered on this Mac from the context alone, without a model');

    // In the sentence the citation is a compact chip with the title, not "( icon )".
    const inline = text.locator(`.chip--inline[data-chip-id="${docId}"]`);
    expect(await inline.textContent()).toBe('Trip to Lisbon');
    expect(await text.textContent()).not.toMatch(/\(\s*Trip to Lisbon\s*\)/);
    // The title is said once, by the chip: the text does not quote it beside it as well. The
    // selection's words are quoted once, with no chip beside them starting with the same words.
    expect((await text.textContent())?.split('Trip to Lisbon')).toHaveLength(2);
    expect(await text.textContent()).toContain('Document: Trip to Lisbon.');
    expect((await text.textContent())?.split('tram 28 from Martim')).toHaveLength(2);
    expect(await text.locator(`.chip--inline[data-chip-id="${selId}"]`).count()).toBe(0);
    expect(await inline.getAttribute('aria-label')).toBe('Trip to Lisbon, Document: show it on screen');
    expect(await inline.getAttribute('title')).toContain(docId);

    // Every request to locate, counted where the panel makes it (the bridge).
    await page.evaluate(() => {
      const win = window as unknown as { glance: { locate(request: { invocation: number; id: string }): Promise<unknown> }; locates: string[] };
      const locate = win.glance.locate.bind(win.glance);
      win.locates = [];
      win.glance.locate = (request) => { win.locates.push(request.id); return locate(request); };
    });
    const locates = (): Promise<string[]> => page.evaluate(() => (window as unknown as { locates: string[] }).locates);
    // A pass of the pointer over a chip (shorter than the dwell) asks for nothing: no ring flashes.
    const docBox = await chip(page, docId).boundingBox();
    if (!docBox) throw new Error('the chip is not on screen');
    await page.mouse.move(docBox.x + docBox.width / 2, docBox.y + docBox.height / 2);
    await page.waitForTimeout(120);
    await page.mouse.move(5, 5);
    await page.waitForTimeout(600);
    expect(await locates()).toEqual([]);
    expect(await chip(page, docId).getAttribute('data-state')).toBe('idle');
    // Resting on it draws the ring, but only after the dwell.
    await chip(page, docId).hover();
    expect(await locates()).toEqual([]);
    await expect.poll(locates).toEqual([docId]);
    await expect.poll(() => chip(page, docId).getAttribute('data-state')).toBe('visible');
    await page.mouse.move(5, 5);
    // Keyboard focus draws it at once (the selection's chip), and so does a click.
    await chip(page, selId).focus();
    expect(await locates()).toEqual([docId, selId]);
    // A click is one action: one request, though it also focuses the chip and the pointer rests
    // on it past the dwell.
    await chip(page, docId).click();
    await page.waitForTimeout(600);
    expect(await locates()).toEqual([docId, selId, docId]);
    // Keyboard focus after a click still locates: the click left nothing behind.
    await text.locator(`.chip--inline[data-chip-id="${docId}"]`).focus();
    expect(await locates()).toEqual([docId, selId, docId, docId]);
    await page.mouse.move(5, 5);
    // Sample Notes' note editor: x 420, y 150, 640 wide, down to 20 points above the window's
    // bottom (730): 560 high; the overlay grows it by 3 points on each side.
    const ring = overlay.getByTestId('overlay-rect');
    await expect.poll(() => ring.count()).toBe(1);
    const box = await ring.evaluate((el) => ({ x: el.style.left, y: el.style.top, w: el.style.width, h: el.style.height }));
    expect(box).toEqual({ x: '417px', y: '147px', w: '646px', h: '566px' });
    // A small label names the element beside its ring.
    expect(await overlay.getByTestId('overlay-label').textContent()).toBe('Document Trip to Lisbon');
    await overlay.bringToFront();
    await overlay.waitForTimeout(300); // the ring's 180 ms pop-in, so the screenshot shows it at rest
    await overlay.screenshot({ path: 'test-results/overlay.png', omitBackground: true });
    await page.bringToFront();
    await page.screenshot({ path: 'test-results/panel-answer-chips.png' });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: 'test-results/panel-answer-chips-dark.png' });
    // Esc puts the panel away and the highlight with it.
    await page.keyboard.press('Escape');
    await expect.poll(() => app.panelVisible()).toBe(false);
    expect(pageErrors(page)).toEqual([]);
    expect(pageErrors(overlay)).toEqual([]);
    await Promise.all([overlay.close(), page.close()]);
  });

  it('streams from an OpenAI-compatible server set in Settings, with the key from the store; the preview is the request', async () => {
    const { app, page } = await world.openPanel();
    // Every text the answer shows, in order, to see it stream.
    await page.evaluate(recordTexts, { testId: 'answer-text', into: 'answerTexts' });
    await page.getByRole('button', { name: 'Settings' }).click();
    // Each change is applied as it is made: the menu at once, a text field on Return or when left.
    await page.getByRole('combobox', { name: 'Backend' }).selectOption('openai');
    await page.getByTestId('saved-backend').waitFor();
    await page.getByRole('textbox', { name: 'Base URL' }).fill(`${model.url}/v1`);
    await page.keyboard.press('Enter');
    await page.getByTestId('saved-baseURL').waitFor();
    await page.getByRole('textbox', { name: 'Model' }).fill('local-test-model');
    await page.keyboard.press('Tab');
    await page.getByTestId('saved-model').waitFor();
    const key = 'sk-glance-e2e-0123456789';
    await page.getByLabel('API key', { exact: true }).fill(key);
    await page.getByRole('button', { name: 'Store the API key' }).click();
    await page.getByText('A key is stored in the Keychain.').waitFor();
    // The key left the page: the field is empty and no answer from main carries it.
    expect(await page.getByLabel('API key', { exact: true }).inputValue()).toBe('');
    expect(await page.content()).not.toContain(key);
    expect(await page.evaluate(() => (window as unknown as { glance: { getSettings(): Promise<unknown> } }).glance.getSettings())).toMatchObject({ backend: 'openai', baseURL: `${model.url}/v1`, model: 'local-test-model' });
    await page.getByRole('button', { name: 'Back to the context' }).first().click();

    await pressHotkey(app, { pid: pid('sample'), name: 'Sample Notes' });
    await page.getByRole('tree', { name: 'Collected context' }).waitFor();
    await page.getByTestId('send-summary').getByText(/go with your question, which stays on this Mac$/).waitFor();
    const selId = await withPayload(page, async (preview) => {
      await expect.poll(() => preview.textContent()).toMatch(/selected: [\w-]+ \(Text\)/);
      return /selected: ([\w-]+) \(Text\)/.exec((await preview.textContent()) ?? '')?.[1] ?? 'none';
    });
    script.push({ sse: openaiStream(['The selection ', `is \`${selId}\``, ' in the note.']), pauseMs: 250 });
    await page.getByRole('textbox', { name: 'Your question' }).fill('Where is the tram?');
    const shown = await withPayload(page, async (preview) => {
      await expect.poll(() => preview.textContent()).toContain('Question: Where is the tram?');
      return (await preview.textContent()) ?? '';
    });
    await page.getByRole('button', { name: 'Ask', exact: true }).click();

    const text = page.getByTestId('answer-text');
    await text.getByText(/in the note\.$/).waitFor();
    // Streaming: the first piece was on screen before the last one arrived.
    const shownTexts = await page.evaluate(() => (window as unknown as { answerTexts: string[] }).answerTexts);
    expect(shownTexts.some((t) => t.startsWith('The selection') && !t.includes('in the note.'))).toBe(true);
    await chip(page, selId).waitFor();
    await page.getByText(/^Answered by local-test-model on this Mac$/).waitFor();
    // The cited selection is inline in the sentence, and not repeated in a row under it.
    expect(await chip(page, selId).count()).toBe(1);
    expect(await page.getByTestId('answer').locator('.chips').count()).toBe(0);

    const request = model.received.at(-1);
    expect(request?.headers['authorization']).toBe(`Bearer ${key}`);
    const messages = request?.body['messages'] as { role: string; content: { type: string; text?: string }[] }[];
    // What the panel previewed is the user turn the model received: every text part, in order,
    // and each image (Sample Notes' sketch) where the preview names it.
    const parts = messages[1]?.content ?? [];
    const texts = parts.filter((p) => p.type === 'text').map((p) => p.text ?? '');
    expect(texts.length).toBeGreaterThan(1);
    expect(shown.replace(/\[image [^\]]*\]\n/g, '')).toBe(texts.map((t) => `${t}\n`).join(''));
    expect(parts.filter((p) => p.type === 'image_url')).toHaveLength((shown.match(/\[image image\//g) ?? []).length);
    expect(texts.join('\n')).toContain(selId);

    // A follow-up reuses the conversation: the history goes along, the context is not resent.
    script.push({ sse: openaiStream(['Near Martim Moniz.']) });
    await ask(page, 'And the start?');
    // Scoped to the answer: the preview, folded away, holds the earlier turns too.
    await page.getByTestId('answer').getByText('Near Martim Moniz.').waitFor();
    const followUp = model.received.at(-1)?.body['messages'] as { role: string; content: string }[];
    expect(followUp.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(followUp[3]?.content).toBe('And the start?');

    // Stop cancels a slow stream: the connection closes and the answer says it stopped.
    script.push({ sse: openaiStream(['Let me think', ' very', ' slowly']), pauseMs: 2000, hang: true });
    const closed = model.clientClosed;
    await page.getByRole('textbox', { name: 'Your question' }).fill('Think slowly');
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    await page.getByTestId('answer').getByText('Let me think').waitFor();
    await page.getByRole('button', { name: 'Stop the answer' }).click();
    await page.getByTestId('answer').getByText(/^Stopped\./).waitFor();
    await closed;
    await expect.poll(() => page.getByRole('button', { name: 'Ask', exact: true }).count()).toBe(1);
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });

  it('says gone on a chip when its provider restarted, without asking the new one', async () => {
    const { app, page } = await world.openPanel();
    await page.evaluate(() => (window as unknown as { glance: { saveSettings(p: object): Promise<unknown> } }).glance.saveSettings({ timeoutMs: 4000 }));
    await pressHotkey(app, { pid: pid('restartable'), name: 'Restart Notes' });
    await page.getByRole('tree', { name: 'Collected context' }).waitFor();
    await ask(page, 'What is selected?');
    await chip(page, 'doc-1').waitFor();
    // The new process would never answer `location`: asking it would leave the chip waiting 4 s.
    await world.restartProvider('restartable', { script: 'configurable', env: { TP_NAME: 'Restart Notes', TP_STALL: '1', TP_SCOPE: 'location' } });
    const started = Date.now();
    await chip(page, 'doc-1').hover();
    await expect.poll(() => chip(page, 'doc-1').getAttribute('data-state')).toBe('gone');
    expect(Date.now() - started).toBeLessThan(2000);
    // Said in its name and tooltip, as every chip says its state (its look: struck through, a barred circle).
    expect(await chip(page, 'doc-1').getAttribute('aria-label')).toContain('no longer in the app');
    expect(await chip(page, 'doc-1').getAttribute('title')).toContain('No longer in the app');
  });

  it('does not highlight in an app whose provider offers no location, and never asks it', async () => {
    const { app, page } = await world.openPanel();
    const overlay = await page.context().newPage();
    await overlay.goto(app.overlayUrl);
    await pressHotkey(app, { pid: pid('plain'), name: 'Plain Notes' });
    await page.getByRole('tree', { name: 'Collected context' }).waitFor();
    await ask(page, 'What is selected?');
    // The offline answer highlights the selection: its chip says why it is not shown, at once.
    await expect.poll(() => chip(page, 'sel-1').getAttribute('data-state')).toBe('failed');
    expect(`${await chip(page, 'sel-1').textContent()} ${await chip(page, 'sel-1').getAttribute('title')}`).toMatch(/does not offer location/);
    // Pointing at a cited chip asks nothing either.
    await chip(page, 'doc-1').hover();
    await expect.poll(() => chip(page, 'doc-1').getAttribute('data-state')).toBe('failed');
    expect(await overlay.getByTestId('overlay-rect').count()).toBe(0);
    const received = (await readFile(plainLog, 'utf8')).trim().split('\n');
    expect(received).toContain('tools/list');
    expect(received).toContain('tools/call current');
    expect(received.filter((line) => line.includes('location'))).toEqual([]);
    expect(pageErrors(page)).toEqual([]);
    await overlay.close();
    await page.close();
  });

  it('offers every backend of the record in the Backend menu, each by its short label', async () => {
    // The compiler sees every table keyed by BackendId; it cannot see that the menu renders them all.
    const { page } = await world.openPanel();
    await page.getByRole('button', { name: 'Settings' }).click();
    const menu = page.getByRole('combobox', { name: 'Backend' });
    await menu.waitFor();
    const options = await menu.locator('option').evaluateAll((nodes) => nodes.map((node) => [(node as HTMLOptionElement).value, node.textContent]));
    expect(options).toEqual(BACKEND_IDS.map((id) => [id, backendFacts(id).shortLabel]));
    await page.getByRole('button', { name: 'Back to the context' }).first().click();
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });
});
