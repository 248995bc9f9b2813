// The review's toolbar and rows as a Mac user meets them (issue 25): the filter is a search
// field that takes the free width, with its magnifier, at 420 px and at 300; what it found is
// marked in each row; the standing rule is offered in a menu with its full words, by pointer
// and by keyboard. The BUILT panel in Chromium, real services, a real Sample Notes process.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorld, pageErrors, pressHotkey, type World } from './harness/fixtures.js';
import { captureState } from './harness/states.js';

let world: World;
beforeAll(async () => {
  world = await createWorld({ sample: { script: 'sample' } });
}, 60_000);
afterAll(async () => {
  await world?.close();
});

async function review(): Promise<{ app: Awaited<ReturnType<World['openPanel']>>['app']; page: Page }> {
  const opened = await world.openPanel();
  await pressHotkey(opened.app, { pid: world.providers['sample']?.pid ?? -1, name: 'Sample Notes' });
  await opened.page.getByRole('tree', { name: 'Collected context' }).waitFor();
  return opened;
}

/** The filter's width, the toolbar's, the magnifier's box and each button's drawn words. */
function toolbar(page: Page): Promise<{ filter: number; toolbar: number; magnifier: number; words: string[] }> {
  return page.locator('.toolbar').evaluate((bar) => {
    const width = (el: Element | null): number => el?.getBoundingClientRect().width ?? 0;
    const drawn = [...bar.querySelectorAll<HTMLElement>('.toolbar__label')].filter((label) => label.getBoundingClientRect().width > 1).map((label) => label.textContent ?? '');
    return { filter: width(bar.querySelector('.search')), toolbar: bar.clientWidth, magnifier: width(bar.querySelector('.search__icon')), words: drawn };
  });
}

/** The text of every range the filter's highlights mark, and whether each lies in a row's title or words. */
function marked(page: Page): Promise<{ texts: string[]; inRows: boolean }> {
  return page.evaluate(() => {
    const ranges = ['filter-match', 'filter-match-on-accent'].flatMap((name) => [...(CSS.highlights.get(name) ?? [])] as Range[]);
    return {
      texts: ranges.map((range) => range.toString()),
      inRows: ranges.every((range) => range.startContainer.parentElement?.closest('.row__title, .row__words') !== null),
    };
  });
}

describe('the filter', () => {
  it('takes the free width with its magnifier at 420 and at 300 px, the buttons giving way to their icons; what it found is marked in the rows', async () => {
    const { page } = await review();
    // 420 px: the filter has most of the toolbar; "Keep only the selection" is its crosshair, "Rules" keeps its word.
    const wide = await toolbar(page);
    expect(wide.filter).toBeGreaterThan(wide.toolbar * 0.6);
    expect(wide.magnifier).toBeGreaterThanOrEqual(12);
    expect(wide.words).toEqual(['Rules']);
    // The crosshair's words stay its name and tooltip.
    await page.getByRole('button', { name: 'Keep only the selection' }).waitFor();
    // 300 px: still a field with room to type, and its magnifier; every button is its icon.
    await page.setViewportSize({ width: 300, height: 580 });
    await expect.poll(async () => (await toolbar(page)).toolbar).toBe(300);
    const narrow = await toolbar(page);
    expect(narrow.filter).toBeGreaterThan(narrow.toolbar * 0.6);
    expect(narrow.magnifier).toBeGreaterThanOrEqual(12);
    expect(narrow.words).toEqual([]);
    await page.getByRole('button', { name: 'Rules for this app' }).waitFor();
    await captureState(page, 'filter-narrow');
    await page.setViewportSize({ width: 420, height: 580 });

    // What the filter found is marked where the row shows it, in every row that shows it.
    await page.keyboard.press('Meta+F');
    await page.keyboard.type('Tram');
    await page.getByText('4 found').waitFor();
    await expect.poll(async () => (await marked(page)).texts.length).toBeGreaterThan(0);
    const found = await marked(page);
    expect(found.inRows).toBe(true);
    expect(found.texts.every((text) => text.toLowerCase() === 'tram')).toBe(true);
    const ticketRow = page.getByRole('treeitem', { name: /Buy tram tickets/ });
    expect(found.texts).toContain('tram');
    expect(await ticketRow.evaluate((row) => [...(CSS.highlights.get('filter-match') ?? [])].some((range) => row.contains((range as Range).startContainer)))).toBe(true);
    await captureState(page, 'filter-marked');
    // Into the list: the current row turns to the accent, its mark to an underline in its own colour.
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.evaluate(() => CSS.highlights.get('filter-match-on-accent')?.size ?? 0)).toBeGreaterThan(0);
    expect(await page.locator('.tree .row--current').evaluate((row) => [...(CSS.highlights.get('filter-match') ?? [])].some((range) => row.contains((range as Range).startContainer)))).toBe(false);
    await captureState(page, 'filter-marked-current');
    // Cleared: nothing is marked.
    await page.locator('.search__input').focus();
    await page.keyboard.press('Escape');
    await expect.poll(async () => (await marked(page)).texts).toEqual([]);
    expect(pageErrors(page)).toEqual([]);
  }, 60_000);
});
