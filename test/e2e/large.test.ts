// End to end at the protocol's limits: a real provider serves 20,000 elements (and a chain 64
// deep) to the built panel in Chromium. The panel draws only the rows in view; everything stays
// reachable by keyboard and removable, and the preview follows.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { excludedRowFit } from './harness/excluded-row.js';
import { createWorld, pageErrors, pressHotkey, showExactPayload, type World } from './harness/fixtures.js';
import type { Violation } from './harness/axe.js';
import { deepTree, wideTree, writeTree } from './harness/large-tree.js';
import { captureState } from './harness/states.js';

let world: World;
let folder: string;
const violations: Record<string, Record<string, Violation[]>> = {};
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'glance-large-'));
  await Promise.all([writeTree(join(folder, 'wide.json'), wideTree(20_000)), writeTree(join(folder, 'medium.json'), wideTree(600)), writeTree(join(folder, 'deep.json'), deepTree(64))]);
  world = await createWorld({
    wide: { script: 'configurable', env: { TP_NAME: 'Large Notes', TP_TREE_FILE: join(folder, 'wide.json'), TP_SCOPE: 'current' } },
    medium: { script: 'configurable', env: { TP_NAME: 'Medium Notes', TP_TREE_FILE: join(folder, 'medium.json'), TP_SCOPE: 'current' } },
    deep: { script: 'configurable', env: { TP_NAME: 'Deep Notes', TP_TREE_FILE: join(folder, 'deep.json'), TP_SCOPE: 'current' } },
  });
  await mkdir('test-results', { recursive: true });
}, 60_000);
afterAll(async () => {
  await world?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

/** The id of the element whose row has the keyboard focus. */
const focusedId = (page: Page): Promise<string | null> => page.evaluate(() => document.activeElement?.getAttribute('data-element-id') ?? null);

async function collect(name: 'wide' | 'medium' | 'deep', appName: string): Promise<Page> {
  const { app, page } = await world.openPanel();
  // A loaded test machine must not turn 20,000 elements into a timeout: that is not under test.
  await page.evaluate(() => (window as unknown as { glance: { saveSettings(p: object): Promise<unknown> } }).glance.saveSettings({ timeoutMs: 10_000 }));
  await pressHotkey(app, { pid: world.providers[name]?.pid ?? -1, name: appName });
  await page.getByRole('tree', { name: 'Collected context' }).waitFor({ timeout: 15_000 });
  return page;
}

describe('large answers, end to end', () => {
  it('shows 20,000 elements with few rows in the DOM; the keyboard reaches the last; exclusions reach the payload; the filter finds one', async () => {
    const page = await collect('wide', 'Large Notes');
    const summary = page.getByTestId('send-summary');
    // Numbers in the user's locale (Chromium's here: en-US).
    await expect.poll(() => summary.textContent()).toContain('All 20,000 items');
    const rows = page.locator('.tree [role="treeitem"]');
    // Windowed: the tree is as tall as its 20,000 rows of 24 px, the DOM holds the few in view.
    expect(await rows.count()).toBeLessThan(100);
    expect(await page.locator('.tree').evaluate((el) => el.style.height)).toBe(`${20_000 * 24}px`);

    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('End');
    expect(await focusedId(page)).toBe('row-19999');
    // A screen reader hears its level and its place among its siblings: the last of its section.
    const last = page.getByRole('treeitem', { name: /^Row, Row 19999 / });
    expect(await last.getAttribute('aria-level')).toBe('5');
    expect(await last.getAttribute('aria-posinset')).toBe(await last.getAttribute('aria-setsize'));
    expect(await last.isVisible()).toBe(true);
    await page.keyboard.press('ArrowUp');
    expect(await focusedId(page)).toBe('row-19998');
    // The last element excluded: one fewer is sent, and the whole payload (on request) lacks it.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Backspace');
    await page.getByRole('treeitem', { name: /^Row, Row 19999 excluded Restore$/ }).waitFor();
    await expect.poll(() => summary.textContent()).toContain('19,999 of 20,000 items');

    // Back to the top by keyboard; a whole section goes with Backspace, its rows folded into it.
    await page.keyboard.press('Home');
    expect(await focusedId(page)).toBe('app');
    for (let i = 0; i < 3; i += 1) await page.keyboard.press('ArrowDown');
    expect(await focusedId(page)).toBe('section-3');
    await page.keyboard.press('Backspace');
    await expect.poll(() => summary.textContent()).toContain('19,899 of 20,000 items');
    await page.getByRole('treeitem', { name: /^Group, Section 1 excluded with 99 inside Restore$/ }).waitFor();
    expect(await page.locator('[data-element-id="row-4"]').count()).toBe(0);
    await page.keyboard.press('PageDown');
    expect(await focusedId(page)).not.toBe('section-3');
    // The 20,000-row tree, photographed and checked by axe-core like every other state.
    violations['large'] = await captureState(page, 'large');

    // The payload folds megabytes of context; "Show all" shows every character that is sent.
    await summary.click();
    await showExactPayload(page);
    const preview = page.getByTestId('preview');
    await expect.poll(() => preview.textContent(), { timeout: 20_000 }).toContain('"section-103"');
    expect(await preview.textContent()).not.toContain('"section-3"');
    const showAll = page.getByRole('button', { name: /^Show all of the context in the preview/ });
    await showAll.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/large-preview-folded.png' });
    const unfolding = Date.now();
    await showAll.click();
    await page.getByRole('button', { name: 'Show less' }).waitFor();
    console.log(`unfolding the preview took ${Date.now() - unfolding} ms`);
    const whole = (await preview.textContent()) ?? '';
    expect(whole).toContain('"row-19998"');
    expect(whole).not.toContain('"row-19999"');
    await page.getByRole('button', { name: 'Done' }).click();

    // The filter over 20,000 elements: one row matches, shown with the path down to it.
    await page.keyboard.press('Meta+F');
    await page.keyboard.type('Row 12345');
    await page.getByText('1 found').waitFor();
    await page.getByRole('treeitem', { name: /^Row, Row 12345 / }).waitFor();
    expect(await rows.count()).toBe(5);
    expect(pageErrors(page)).toEqual([]);
  }, 90_000);

  it('unfolds a folded preview with Show all (600 elements: folded, yet small enough for axe-core to read whole)', async () => {
    const page = await collect('medium', 'Medium Notes');
    await page.getByTestId('send-summary').click();
    await showExactPayload(page);
    const showAll = page.getByRole('button', { name: /^Show all of the context in the preview/ });
    await showAll.click();
    await page.getByRole('button', { name: 'Show less' }).waitFor();
    expect(await page.getByTestId('preview').textContent()).toContain('"row-599"');
    violations['preview-show-all'] = await captureState(page, 'preview-show-all');
    expect(pageErrors(page)).toEqual([]);
    }, 90_000);

  it('reaches the 64th level by keyboard, indented no further than the panel is wide', async () => {
    const page = await collect('deep', 'Deep Notes');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('End');
    expect(await focusedId(page)).toBe('level-64');
    const deepest = page.getByRole('treeitem', { name: /^Group, Level 64 / });
    expect(await deepest.getAttribute('aria-level')).toBe('64');
    // Past the indent cap the level is said on the row.
    expect(await deepest.locator('.row__level').evaluate((el) => getComputedStyle(el, '::before').content)).toBe('"L64"');
    const box = await deepest.locator('.row__title').boundingBox();
    expect((box?.x ?? 9999) + (box?.width ?? 0)).toBeLessThan(300);
    violations['large-deep'] = await captureState(page, 'large-deep');
    await page.keyboard.press('Backspace');
    await expect.poll(() => page.getByTestId('send-summary').textContent()).toContain('63 of 64 items');
    // Excluded at the deepest indent: the title gives way to its start, and "excluded", Restore and
    // the menu's pull-down stay whole.
    const excluded = page.getByRole('treeitem', { name: /^Group, Level 64 excluded Restore$/ });
    await excluded.waitFor();
    expect(await excludedRowFit(excluded)).toMatchObject({ mark: ' excluded', whole: true, more: true });
    violations['large-deep-excluded'] = await captureState(page, 'large-deep-excluded');
    expect(pageErrors(page)).toEqual([]);
  });

  it('has no accessibility violation axe-core finds in these states, light or dark', () => {
    expect(Object.keys(violations).sort()).toEqual(['large', 'large-deep', 'large-deep-excluded', 'preview-show-all']);
    expect(violations).toEqual({ large: {}, 'preview-show-all': {}, 'large-deep': {}, 'large-deep-excluded': {} });
  });
});
