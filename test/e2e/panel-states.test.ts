// The panel a Mac user expects, end to end: the BUILT panel in Chromium at its real
// size, main's real flow, real provider processes. Each state is driven the way a user would
// (the keyboard where a user would use it), photographed in light and dark, and checked by
// axe-core: no violation of any impact anywhere.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_TIMEOUT_MS } from '../../contract/settings.js';
import type { Violation } from './harness/axe.js';
import { excludedRowFit } from './harness/excluded-row.js';
import { createWorld, pageErrors, pressHotkey, showExactPayload, statuses, type World } from './harness/fixtures.js';
import { captureState } from './harness/states.js';

let world: World;
/** How long Slow Notes waits before it answers, re-read on each request (TP_DELAY_FILE). */
let slowDelay = '';
const violations: Record<string, Record<string, Violation[]>> = {};
beforeAll(async () => {
  slowDelay = join(await mkdtemp(join(tmpdir(), 'glance-slow-')), 'delay-ms');
  await writeFile(slowDelay, '2500');
  world = await createWorld({
    sample: { script: 'sample' },
    slow: { script: 'configurable', env: { TP_NAME: 'Slow Notes', TP_DELAY_FILE: slowDelay, TP_SCOPE: 'current' } },
  });
}, 60_000);
afterAll(async () => {
  await world?.close();
  if (slowDelay) await rm(dirname(slowDelay), { recursive: true, force: true });
});

const pid = (name: string): number => world.providers[name]?.pid ?? -1;
const active = (page: Page): Promise<string> => page.evaluate(() => {
  const el = document.activeElement;
  return el?.getAttribute('data-element-id') ?? el?.getAttribute('aria-label') ?? el?.tagName ?? '';
});
const summary = (page: Page) => page.getByTestId('send-summary');
/** The footer's hints as shown ("⌘FFilter": the key, then its words). */
const footer = (page: Page): Promise<string[]> => page.getByTestId('footer').locator('.footer__hint').allTextContents();
/** The shortcuts sheet's lines as a screen reader reads them: the keys in words, then what they do. */
const shortcuts = (page: Page): Promise<string[]> => page.getByTestId('shortcuts').locator('.shortcuts__item').evaluateAll((items) => items.map((item) => `${item.querySelector('.sr-only')?.textContent ?? ''} ${item.querySelector('dd')?.textContent ?? ''}`));
/** The footer fits on its one line: nothing is cut off at the panel's edge. */
const footerFits = (page: Page): Promise<boolean> => page.getByTestId('footer').evaluate((el) => el.scrollWidth <= el.clientWidth);
/** The excluded Tasks row as it is drawn. */
const excludedRow = (page: Page) => excludedRowFit(page.getByRole('treeitem', { name: /^List, Tasks excluded/ }));
/** What the keyboard is on, by its words when it has no name of its own. */
const focusedText = (page: Page): Promise<string> => page.evaluate(() => document.activeElement?.textContent ?? '');
async function capture(page: Page, name: string): Promise<void> {
  violations[name] = await captureState(page, name);
}

describe('the panel, state by state', () => {
  it('first run: a welcome that says what Glance does, the hotkey as keycaps, who answers, Sample Notes first', async () => {
    const { page } = await world.openPanel();
    const welcome = page.getByRole('region', { name: 'Ask about the app you are in' });
    await welcome.waitFor();
    // The hotkey in a Mac's glyphs, said in words to a screen reader.
    expect(await page.locator('.welcome .keycap').allTextContents()).toEqual(['⌃', '⌥', '⌘', 'G']);
    await page.getByRole('img', { name: 'Control-Option-Command-G' }).waitFor();
    // No model chosen yet and none running here: the welcome offers who answers, no model named for what it is.
    await welcome.getByText('No model server found on this Mac (looked for Ollama, LM Studio and llama.cpp on their usual ports).').waitFor();
    expect(await welcome.getByRole('radio', { name: 'No model: Glance restates the context' }).isChecked()).toBe(true);
    expect(await page.locator('.welcome .button--primary').textContent()).toBe('Try with Sample Notes');
    // No close button: Esc and a click elsewhere close the panel.
    expect(await page.getByRole('button', { name: /close/i }).count()).toBe(0);
    // Nothing can be asked yet: no question field; the keyboard is on the main button, and the footer says Return presses it.
    expect(await page.getByRole('textbox', { name: 'Your question' }).count()).toBe(0);
    expect(await focusedText(page)).toBe('Try with Sample Notes');
    expect(await footer(page)).toEqual(['↩Try Sample Notes', '⌘,Settings', '⎋Close']);
    await capture(page, 'first-run');
    // Settings on first run: Esc goes back to the welcome, not to a context there is none of.
    await page.keyboard.press('Meta+Comma');
    await page.getByRole('region', { name: 'Settings' }).waitFor();
    expect(await footer(page)).toEqual(['⎋Back']);
    await page.keyboard.press('Escape');
    await expect.poll(() => focusedText(page)).toBe('Try with Sample Notes');
    // Return tries Sample Notes, as the footer said.
    await page.keyboard.press('Enter');
    await page.getByRole('tree', { name: 'Collected context' }).waitFor({ timeout: 10_000 });
    expect(pageErrors(page)).toEqual([]);
  });

  it('collecting: the app is named, and Stop cancels neutrally with Try again', async () => {
    const { app, page } = await world.openPanel();
    // Collecting lasts until Stop: the provider holds this request longer than the longest time
    // limit, so the photographs of "collecting" (two screenshots, two axe runs) never race its
    // answer on a loaded machine; the retry is answered after 300 ms.
    await writeFile(slowDelay, '60000');
    await page.evaluate((timeoutMs) => (window as unknown as { glance: { saveSettings(p: object): Promise<unknown> } }).glance.saveSettings({ timeoutMs }), MAX_TIMEOUT_MS);
    await pressHotkey(app, { pid: pid('slow'), name: 'Slow Notes' });
    await page.getByText('Asking Slow Notes for its context…').waitFor();
    await capture(page, 'collecting');
    await page.getByRole('button', { name: 'Stop collecting from Slow Notes' }).click();
    const card = page.getByTestId('problem');
    await card.getByText('Stopped collecting').waitFor();
    // The user's own cancel: a status in grey, not an alert in red.
    expect(await card.getAttribute('role')).toBe('status');
    expect(await card.evaluate((el) => el.classList.contains('card--neutral'))).toBe(true);
    // The keyboard is on the card's first action, not in a question field with nothing to ask about.
    await expect.poll(() => focusedText(page)).toBe('Try again');
    expect(await page.getByRole('textbox', { name: 'Your question' }).count()).toBe(0);
    expect(await footer(page)).toEqual(['↩Try again', '⌘,Settings', '⎋Close']);
    await capture(page, 'cancelled');
    await writeFile(slowDelay, '300');
    await page.keyboard.press('Enter');
    await page.getByRole('tree', { name: 'Collected context' }).waitFor({ timeout: 10_000 });
    expect((await statuses(page)).slice(-2)).toEqual(['Collecting context from Slow Notes…', 'Context from Slow Notes']);
    // Four photographs, four axe runs and two collects: more than the 20 s default on a loaded machine.
  }, 60_000);

  it('review by keyboard: the caret is in the question on show; Up goes into the tree; Backspace excludes, Cmd-Z undoes, Restore restores; the filter; keep only the selection', async () => {
    const { app, page } = await world.openPanel();
    await pressHotkey(app, { pid: pid('sample'), name: 'Sample Notes' });
    const tree = page.getByRole('tree', { name: 'Collected context' });
    await tree.waitFor();
    // Main said the panel was shown: the caret is in the question, as in Spotlight.
    await expect.poll(() => active(page)).toBe('Your question');
    await summary(page).getByText('All 11 items go with your question, which stays on this Mac').waitFor();
    // Three hints at most, the rest one key away (⌘/): the footer is read, not a row of grey glyphs.
    expect(await footer(page)).toEqual(['↩Ask', '↑To the list', '⌘/Shortcuts']);
    expect(await footerFits(page)).toBe(true);
    await capture(page, 'review');
    // ⌘/ lists every key that works in the question, with its keys in words; ⎋ closes it and the caret is back.
    await page.keyboard.press('Meta+Slash');
    const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await sheet.waitFor();
    expect(await shortcuts(page)).toEqual(['Return Ask', 'Up Arrow To the list', 'Command-F Filter', 'Command-R Again', 'Command-Comma Settings', 'Escape Close']);
    expect(await sheet.locator('kbd').allTextContents()).toEqual(['↩', '↑', '⌘F', '⌘R', '⌘,', '⎋']);
    await capture(page, 'shortcuts');
    // Modal: Tab stays in the sheet, on Done.
    await page.keyboard.press('Tab');
    expect(await focusedText(page)).toBe('Done');
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
    expect(app.panelVisible()).toBe(true);
    await expect.poll(() => active(page)).toBe('Your question');

    // One key into the tree: it lands on the selection, where the user's attention was.
    await page.keyboard.press('ArrowUp');
    expect(await active(page)).toMatch(/^sel-/);
    const selection = page.getByRole('treeitem', { name: /^Selected text, “tram 28 from Martim Moniz” selected/ });
    expect(await selection.getAttribute('aria-selected')).toBe('true');
    expect(await tree.locator('[role="treeitem"][tabindex="0"]').count()).toBe(1);
    expect(await footer(page)).toEqual(['⌫Exclude', '⌘ZUndo', '⌘/Shortcuts']);
    expect(await footerFits(page)).toBe(true);
    // The sheet lists the tree's keys, not the question's; ⌘/ again closes it, and the keyboard is back on the row.
    await page.keyboard.press('Meta+Slash');
    await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
    expect(await shortcuts(page)).toEqual(['Delete Exclude', 'Command-Z Undo', 'Left and Right Arrows Fold', 'Command-F Filter', 'Return Ask', 'Escape Close']);
    await page.keyboard.press('Meta+Slash');
    await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor({ state: 'detached' });
    await expect.poll(() => active(page)).toMatch(/^sel-/);
    await page.keyboard.press('Home');
    expect(await active(page)).toMatch(/^app-/);
    await page.keyboard.press('End');
    const tasks = page.getByRole('treeitem', { name: /^List, Tasks task list/ });
    // Left on a task goes to its list; Left again folds the list, Right unfolds it.
    await page.keyboard.press('ArrowLeft');
    expect(await tasks.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('ArrowLeft');
    expect(await tasks.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('treeitem', { name: /Buy tram tickets/ }).count()).toBe(0);
    await page.keyboard.press('ArrowRight');
    expect(await tasks.getAttribute('aria-expanded')).toBe('true');
    // The app's words, not engineering ones: a date in the user's locale, the status as a word.
    await page.getByRole('treeitem', { name: /^Row, Buy tram tickets task · due (10 Jun|Jun 10), 2025 open$/ }).waitFor();
    // In a narrow panel the long words give way; the status ("open") is never the part cut.
    await page.setViewportSize({ width: 300, height: 580 });
    const fit = await page.getByRole('treeitem', { name: /^Row, Buy tram tickets/ }).evaluate((row) => {
      const mark = row.querySelector('.row__mark--status') as HTMLElement;
      const words = row.querySelector('.row__words') as HTMLElement;
      return { status: mark.textContent, whole: mark.scrollWidth <= mark.clientWidth && mark.getBoundingClientRect().right <= row.getBoundingClientRect().right, wordsCut: words.scrollWidth > words.clientWidth };
    });
    expect(fit).toEqual({ status: ' open', whole: true, wordsCut: true });
    await page.setViewportSize({ width: 420, height: 580 });

    // Exclude the list: its three tasks fold into its one dim line; undo; exclude; restore.
    await page.keyboard.press('Backspace');
    await page.getByRole('treeitem', { name: /^List, Tasks excluded with 3 inside Restore$/ }).waitFor();
    expect(await summary(page).textContent()).toContain('7 of 11 items');
    expect(await excludedRow(page)).toEqual({ mark: ' excluded', inside: ' with 3 inside', whole: true, insideWhole: true, more: true });
    // On the excluded row Delete restores it: the footer says so, not "Exclude".
    expect(await footer(page)).toEqual(['⌫Restore', '⌘ZUndo', '⌘/Shortcuts']);
    await capture(page, 'excluded');
    // In a narrow panel "with 3 inside" gives way before the title, which is still read whole;
    // what happened to the row is read in full, and Restore and the menu's pull-down are still there, whole.
    await page.setViewportSize({ width: 300, height: 580 });
    expect(await excludedRow(page)).toMatchObject({ mark: ' excluded', whole: true, more: true });
    expect(await page.getByRole('treeitem', { name: /^List, Tasks excluded/ }).locator('.row__title').evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect(await footerFits(page)).toBe(true);
    await capture(page, 'excluded-narrow');
    await page.setViewportSize({ width: 420, height: 580 });
    await page.keyboard.press('Meta+Z');
    await expect.poll(() => summary(page).textContent()).toContain('All 11 items');
    // Undone: the list and its tasks are back, and on its row Delete excludes again.
    await page.getByRole('treeitem', { name: /^List, Tasks task list/ }).waitFor();
    expect(await footer(page)).toEqual(['⌫Exclude', '⌘ZUndo', '⌘/Shortcuts']);
    await capture(page, 'undo');
    await page.keyboard.press('Backspace');
    await expect.poll(() => summary(page).textContent()).toContain('7 of 11 items');
    await page.getByRole('button', { name: 'Restore List Tasks' }).click();
    await expect.poll(() => summary(page).textContent()).toContain('All 11 items');

    // The filter (Cmd-F): matches and the path to them; the first Esc clears it, the panel stays.
    await page.keyboard.press('Meta+F');
    await page.keyboard.type('tram');
    // The note's text, the selection, the timetable link and one task.
    await page.getByText('4 found').waitFor();
    expect(await footer(page)).toEqual(['↓To the list', '⎋Clear', '↩Done']);
    expect(await tree.getByRole('treeitem').count()).toBeLessThan(11);
    await page.getByRole('treeitem', { name: /Buy tram tickets/ }).waitFor();
    await capture(page, 'filter');
    await page.keyboard.press('Escape');
    expect(await page.getByRole('searchbox', { name: 'Filter the context' }).inputValue()).toBe('');
    expect(app.panelVisible()).toBe(true);

    // Keep only the selection: the selection and the path to it stay; Cmd-Z takes it back.
    await page.getByRole('button', { name: 'Keep only the selection' }).click();
    await expect.poll(() => summary(page).textContent()).toContain('4 of 11 items');
    await tree.click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Meta+Z');
    await expect.poll(() => summary(page).textContent()).toContain('All 11 items');
    // Settings over a context: Esc goes back to it, and the footer says so.
    await page.keyboard.press('Meta+Comma');
    await page.getByRole('region', { name: 'Settings' }).waitFor();
    expect(await footer(page)).toEqual(['⎋Back to the context']);
    await page.keyboard.press('Escape');
    await tree.waitFor();
    expect(pageErrors(page)).toEqual([]);
  }, 60_000);

  it('the exact payload on demand, then open -> type -> Return: the conversation takes the panel, with chips by title', async () => {
    const { app, page } = await world.openPanel();
    await pressHotkey(app, { pid: pid('sample'), name: 'Sample Notes' });
    await page.getByRole('tree', { name: 'Collected context' }).waitFor();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('End');
    await page.keyboard.press('Backspace');
    await summary(page).click();
    const payload = page.getByRole('dialog', { name: 'What goes with your question' });
    await payload.waitFor();
    const preview = page.getByTestId('preview');
    // Readable by default: the app's context as an outline, no JSON; the exact JSON one click away.
    await expect.poll(() => preview.textContent()).toContain('List (task-list) “Tasks”');
    expect(await preview.textContent()).not.toMatch(/"role":|<app_context>/);
    expect(await preview.textContent()).not.toContain('Pack the camera');
    expect(await page.getByTestId('payload-summary').textContent()).toBe('10 of 11 items go with your question, which stays on this Mac');
    await capture(page, 'payload');
    await showExactPayload(page);
    await expect.poll(() => preview.textContent()).toContain('"subrole": "task-list"');
    expect(await preview.textContent()).not.toContain('Pack the camera');
    await page.keyboard.press('Escape');
    await payload.waitFor({ state: 'detached' });
    expect(app.panelVisible()).toBe(true);

    // Typing in the tree goes to the question; Return asks.
    await page.keyboard.press('ArrowUp');
    await page.keyboard.type('What is selected?');
    expect(await page.getByRole('textbox', { name: 'Your question' }).inputValue()).toBe('What is selected?');
    await page.keyboard.press('Enter');
    const answer = page.getByTestId('answer');
    await answer.getByText(/Offline answer: no model was asked/).waitFor();
    await page.getByTestId('context-strip').getByText('10 of 11 items went with your question, which stayed on this Mac').waitFor();
    // Chips name the element by its title with its role's icon; the id is in the tooltip only.
    // The note is cited in the sentence: its one chip is there, not repeated in the row below.
    const docChip = answer.locator('[data-testid="chip"]').filter({ hasText: 'Trip to Lisbon' });
    await docChip.waitFor();
    expect(await docChip.getAttribute('title')).toMatch(/\nnote-\d+$/);
    expect(await docChip.textContent()).not.toMatch(/note-/);
    await capture(page, 'conversation');
    // The context unfolded in the conversation: the tree again, over the answer.
    await page.getByTestId('context-strip').click();
    await page.getByRole('tree', { name: 'Collected context' }).waitFor();
    await capture(page, 'conversation-context');
    await page.keyboard.press('Escape');
    await expect.poll(() => app.panelVisible()).toBe(false);
    expect(pageErrors(page)).toEqual([]);
  });

  it('a damaged settings file: a notice at once, over the welcome, until it is dismissed', async () => {
    const { page } = await world.openPanel({ seed: (dir) => writeFile(join(dir, 'settings.json'), '{ "hotkey": ') });
    const notices = page.getByRole('region', { name: 'Notices' });
    await notices.getByText(/^Your settings file .*, so Glance started with its default settings\./).waitFor();
    // The path as a Mac shows it, under the home folder (the test's: the data folder's parent) with ~.
    expect(await notices.getByRole('alert').textContent()).toMatch(/kept as ~\/glance-data-[^/]+\/settings\.damaged-[^/ ]+\.json\.$/);
    // Dismiss is inside the notice's box, not below it.
    const box = await notices.boundingBox();
    const dismiss = await notices.getByRole('button', { name: 'Dismiss the notices' }).boundingBox();
    expect(box && dismiss && dismiss.y >= box.y && dismiss.y + dismiss.height <= box.y + box.height && dismiss.x + dismiss.width <= box.x + box.width).toBe(true);
    await capture(page, 'notices');
    await notices.getByRole('button', { name: 'Dismiss the notices' }).click();
    await notices.waitFor({ state: 'detached' });
    expect(pageErrors(page)).toEqual([]);
  });

  it('has no accessibility violation axe-core finds in any state, light or dark', () => {
    expect(Object.keys(violations).length).toBeGreaterThanOrEqual(7);
    expect(violations).toEqual(Object.fromEntries(Object.keys(violations).map((name) => [name, {}])));
  });
});
