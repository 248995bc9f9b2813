// A model's answer as a Mac user reads it: the BUILT panel in Chromium over main's real flow, a
// real provider process and an OpenAI-compatible model server on loopback. A Markdown answer from
// its top; Copy on the answer and on each code block, which put the text on main's clipboard (the
// panel's session denies the page every web permission, so the page asks main); and the chips
// of elements that cannot be highlighted, each state its own look and words. Every state is
// photographed, light and dark, 420 and 300 px, and checked by axe-core.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openaiStream, startFakeServer, type FakeServer, type Reply } from '../agent/fake-model-server.js';
import type { Violation } from './harness/axe.js';
import { createWorld, pageErrors, pressHotkey, type World } from './harness/fixtures.js';
import { captureState } from './harness/states.js';

/** Chip Notes' tree: one element for each way a chip can fail to be highlighted, and one that can be. */
const TREE = {
  id: 'app', role: 'Application', title: 'Chip Notes',
  children: [{
    id: 'win-1', role: 'Window', title: 'Chip Notes', focused: true,
    children: [{
      id: 'doc-1', role: 'Document', title: 'Lisbon plan', focused: true,
      children: [
        { id: 'sel-1', role: 'Text', selected: true, content: [{ type: 'text', text: 'tram 28' }] },
        { id: 'row-2', role: 'Row', title: 'Old draft' },
        { id: 'link-3', role: 'Link', title: 'Timetable', url: 'https://example.com/tram' },
      ],
    }],
  }],
};
/** Where each is, as the provider answers `location`: link-3 is not in it, so the provider answers with a tool error. */
const LOCATIONS = {
  'sel-1': { state: 'visible', rects: [{ x: 100, y: 100, w: 200, h: 20 }], window: 1 },
  'doc-1': { state: 'offscreen', rects: [] },
  'row-2': { state: 'gone', rects: [] },
};
const CODE = 'const stop = "Martim Moniz";\nconsole.log(stop);';
/** A Markdown answer that starts with a heading and holds a list, a code block and a citation of each element. */
const ANSWER = [
  '# A day in Lisbon\n\n',
  'Your plan (`doc-1`) starts at **Martim Moniz**, with the selection `sel-1`:\n\n',
  '1. Take tram 28 early, before the queue.\n2. Get off at Graça for the view.\n3. Walk down through Alfama.\n\n',
  `\`\`\`js\n${CODE}\n\`\`\`\n\n`,
  'The draft `row-2` is older; the `link-3` has the times.\n',
];

let world: World;
let model: FakeServer;
let scratch = '';
const script: Reply[] = [];
const violations: Record<string, Record<string, Violation[]>> = {};
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'glance-answer-look-'));
  await writeFile(join(scratch, 'tree.json'), JSON.stringify(TREE));
  await writeFile(join(scratch, 'locations.json'), JSON.stringify(LOCATIONS));
  [world, model] = await Promise.all([
    createWorld({ chips: { script: 'configurable', env: { TP_NAME: 'Chip Notes', TP_TREE_FILE: join(scratch, 'tree.json'), TP_LOCATION_FILE: join(scratch, 'locations.json') } } }),
    startFakeServer(script),
  ]);
}, 60_000);
afterAll(async () => {
  await Promise.all([world?.close(), model?.close()]);
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

const answer = (page: Page) => page.getByTestId('answer');
const chip = (page: Page, id: string) => answer(page).locator(`[data-testid="chip"][data-chip-id="${id}"]`);

/** A local model server chosen in Settings, with a key stored, as the user would set it up. */
async function useModel(page: Page): Promise<void> {
  await page.evaluate(async (baseURL) => {
    const glance = (window as unknown as { glance: { saveSettings(p: object): Promise<unknown>; setApiKey(r: object): Promise<unknown> } }).glance;
    await glance.saveSettings({ backend: 'openai', baseURL, model: 'local-test-model' });
    await glance.setApiKey({ backend: 'openai', key: 'sk-glance-e2e-0123456789' });
  }, `${model.url}/v1`);
}

describe('an answer, as it is read', () => {
  it('a Markdown answer from its top; Copy on the answer and on its code block, by keyboard, through main', async () => {
    const { app, page } = await world.openPanel();
    await useModel(page);
    await pressHotkey(app, { pid: world.providers['chips']?.pid ?? -1, name: 'Chip Notes' });
    await page.getByRole('tree', { name: 'Collected context' }).waitFor();
    script.push({ sse: openaiStream(ANSWER) });
    await page.getByRole('textbox', { name: 'Your question' }).fill('Plan my day around the selection');
    await page.keyboard.press('Enter');
    await answer(page).getByText(/has the times\.$/).waitFor();
    await answer(page).getByRole('heading', { name: 'A day in Lisbon' }).waitFor();
    await expect.poll(() => answer(page).getByRole('button', { name: 'Copy the answer' }).count()).toBe(1);
    // The top of the answer: its question, its heading and the first of its text, as it reads from the start.
    await answer(page).evaluate((el) => { el.scrollTop = 0; });
    violations['answer-code'] = await captureState(page, 'answer-code');

    // The code block's Copy, by keyboard: labelled with the language, it puts exactly the code on the clipboard.
    const copyCode = answer(page).getByRole('button', { name: 'Copy the js code' });
    await copyCode.focus();
    await page.keyboard.press('Enter');
    await answer(page).getByRole('button', { name: 'Copied the js code' }).getByText('Copied').waitFor();
    expect(app.clipboard).toEqual([CODE]);
    // "Copied" is said to a screen reader too.
    await expect.poll(() => answer(page).getByRole('status').filter({ hasText: 'Copied the js code' }).count()).toBe(1);
    // The answer's Copy: its whole text as the model wrote it, Markdown and all.
    const copyAnswer = answer(page).getByRole('button', { name: 'Copy the answer' });
    await copyAnswer.scrollIntoViewIfNeeded();
    await copyAnswer.focus();
    await page.keyboard.press('Space');
    await answer(page).getByRole('button', { name: 'Copied the answer' }).waitFor();
    expect(app.clipboard).toEqual([CODE, ANSWER.join('')]);
    // For a moment only: then it reads Copy again.
    await answer(page).getByRole('button', { name: 'Copy the answer' }).waitFor();
    expect(pageErrors(page)).toEqual([]);
  });

  it('says why a chip is not highlighted, each state its own look and words: off screen, gone, not located', async () => {
    const { app, page } = await world.openPanel();
    await useModel(page);
    await pressHotkey(app, { pid: world.providers['chips']?.pid ?? -1, name: 'Chip Notes' });
    await page.getByRole('tree', { name: 'Collected context' }).waitFor();
    script.push({ sse: openaiStream(['See `doc-1`, `row-2` and `link-3`; the selection is `sel-1`.']) });
    await page.getByRole('textbox', { name: 'Your question' }).fill('Where is everything?');
    await page.keyboard.press('Enter');
    await answer(page).getByText(/the selection is/).waitFor();
    // Each chip pointed at by keyboard (focus asks main to locate it), one after the other: a newer
    // point at a chip supersedes one still being located.
    const expected = { 'sel-1': 'visible', 'doc-1': 'offscreen', 'row-2': 'gone', 'link-3': 'failed' };
    for (const [id, state] of Object.entries(expected)) {
      await chip(page, id).focus();
      await expect.poll(() => chip(page, id).getAttribute('data-state')).toBe(state);
    }
    await answer(page).evaluate((el) => { (document.activeElement as HTMLElement | null)?.blur(); el.scrollTop = 0; });

    // The words, in the name and the tooltip: what happened and what to do.
    expect(await chip(page, 'doc-1').getAttribute('aria-label')).toBe('Lisbon plan, Document: off screen — scroll to it');
    expect(await chip(page, 'row-2').getAttribute('aria-label')).toBe('Old draft, Row: no longer in the app');
    expect(await chip(page, 'link-3').getAttribute('aria-label')).toMatch(/^Timetable, Link: couldn’t highlight: /);
    expect(await chip(page, 'doc-1').getAttribute('title')).toBe('Off screen — scroll to it\ndoc-1');
    // The look: each of the three its own mark (an arrow, a barred circle, a warning), the shown one none.
    const looks = await Promise.all(['doc-1', 'row-2', 'link-3', 'sel-1'].map((id) => chip(page, id).evaluate((el) => {
      const mark = el.querySelector('[data-testid="chip-mark"]');
      const label = el.querySelector('.chip__label') as HTMLElement;
      return { mark: mark?.getAttribute('class') ?? null, struck: getComputedStyle(label).textDecorationLine, border: getComputedStyle(el).borderTopStyle, markColor: mark ? getComputedStyle(mark).color : null };
    })));
    expect(looks.map((look) => look.mark)).toEqual([expect.stringContaining('lucide-arrow-down-up'), expect.stringContaining('lucide-ban'), expect.stringContaining('lucide-triangle-alert'), null]);
    expect(looks.map((look) => look.struck)).toEqual(['none', 'line-through', 'none', 'none']);
    expect(new Set(looks.slice(0, 3).map((look) => `${look.border} ${look.markColor}`)).size).toBe(3);
    violations['chip-states'] = await captureState(page, 'chip-states');
    expect(pageErrors(page)).toEqual([]);
  });

  it('has no accessibility violation axe-core finds in any state, light or dark, 420 or 300 px', () => {
    expect(Object.keys(violations)).toEqual(['answer-code', 'chip-states']);
    expect(violations).toEqual(Object.fromEntries(Object.keys(violations).map((name) => [name, {}])));
  });
});
