// Figures for docs/app.md, "Large answers": the built panel in Chromium, a real provider serving
// 50, 2,000 and 20,000 elements. Not a benchmark with a pass mark (the machine's load would
// make it flaky): it prints the times and runs only on request, GLANCE_MEASURE=1.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorld, pressHotkey, type World } from './harness/fixtures.js';
import { deepTree, wideTree, writeTree } from './harness/large-tree.js';

const MEASURE = process.env['GLANCE_MEASURE'] === '1';
let world: World;
let folder: string;
const treeFile = (): string => join(folder, 'tree.json');

beforeAll(async () => {
  if (!MEASURE) return;
  folder = await mkdtemp(join(tmpdir(), 'glance-large-'));
  await writeTree(treeFile(), wideTree(50));
  world = await createWorld({ large: { script: 'configurable', env: { TP_NAME: 'Large Notes', TP_TREE_FILE: treeFile(), TP_SCOPE: 'current' } } });
}, 60_000);
afterAll(async () => {
  await world?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

/** Until the frame after the change was painted: a paint, then a task after it. */
const afterPaint = (page: Page): Promise<void> => page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));

/** Clicks the button with this accessible name inside the page and times it to the next paint. */
function timeClick(page: Page, name: string): Promise<number> {
  return page.evaluate(async (label) => {
    const button = [...document.querySelectorAll('button')].find((b) => b.getAttribute('aria-label') === label);
    if (!button) throw new Error(`no button ${label}`);
    const started = performance.now();
    button.click();
    await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    return performance.now() - started;
  }, name);
}

/** Clicks the button and times it until the preview's text changed (main builds it anew). */
function timePreview(page: Page, name: string): Promise<number> {
  return page.evaluate(async (label) => {
    const text = (): string => document.querySelector('[data-testid="preview"]')?.textContent ?? '';
    const before = text();
    const button = [...document.querySelectorAll('button')].find((b) => b.getAttribute('aria-label') === label);
    const started = performance.now();
    button?.click();
    while (text() === before && performance.now() - started < 30_000) await new Promise((resolve) => requestAnimationFrame(resolve));
    return performance.now() - started;
  }, name);
}

/** Types one character into the question and times it to the next paint. */
function timeKeystroke(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const box = document.querySelector('textarea') as HTMLTextAreaElement;
    const setValue = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set;
    const started = performance.now();
    setValue?.call(box, `${box.value}x`);
    box.dispatchEvent(new Event('input', { bubbles: true }));
    await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    return performance.now() - started;
  });
}

async function measure(label: string, root: Parameters<typeof writeTree>[1], removeName: string): Promise<Record<string, string | number>> {
  await writeTree(treeFile(), root);
  const { app, page } = await world.openPanel();
  await page.evaluate(() => (window as unknown as { glance: { saveSettings(p: object): Promise<unknown> } }).glance.saveSettings({ timeoutMs: 10_000 }));
  const started = performance.now();
  await pressHotkey(app, { pid: world.providers['large']?.pid ?? -1, name: 'Large Notes' });
  await page.locator(`[data-element-id="${root.id}"]`).waitFor({ timeout: 60_000 });
  await afterPaint(page);
  const shown = performance.now() - started;
  const rows = await page.locator('[data-element-id]').count();
  const remove = await timeClick(page, `Remove ${removeName}`);
  const restore = await timeClick(page, `Restore ${removeName}`);
  await page.waitForTimeout(500);
  const preview = await timePreview(page, `Remove ${removeName}`);
  const keys: number[] = [];
  await page.locator('textarea').focus();
  for (let i = 0; i < 5; i += 1) keys.push(await timeKeystroke(page));
  const figures = { label, shownMs: Math.round(shown), rowsInDom: rows, removeMs: Math.round(remove), restoreMs: Math.round(restore), previewMs: Math.round(preview), keystrokeMs: Math.round(Math.max(...keys)) };
  console.log(JSON.stringify(figures));
  await page.close();
  return figures;
}

describe.runIf(MEASURE)('large answers, measured', () => {
  it('times the hotkey to the tree, a remove and a restore, for 50, 2,000 and 20,000 elements and 64 levels', async () => {
    for (const total of [50, 2000, 20_000]) {
      const figures = await measure(`${total} elements`, wideTree(total), 'Group (section) Section 1');
      expect(figures.shownMs).toBeGreaterThan(0);
    }
    await measure('64 levels', deepTree(64), 'Group Level 2');
  }, 300_000);
});
