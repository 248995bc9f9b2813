// End to end: the BUILT panel in Debian's Chromium, a test bridge with the preload's type over
// HTTP, main's real controller and handlers, the real core, real provider processes.
import { mkdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorld, pageErrors, pressHotkey, statuses, type World } from './harness/fixtures.js';
import type { GlanceApi } from '../../contract/bridge.js';

let world: World;
beforeAll(async () => {
  world = await createWorld({
    sample: { script: 'sample' },
    stalled: { script: 'configurable', env: { TP_NAME: 'Stalled Notes', TP_STALL: '1', TP_SCOPE: 'current' } },
    slow: { script: 'configurable', env: { TP_NAME: 'Slow Notes', TP_DELAY_MS: '2500', TP_SCOPE: 'current' } },
  });
  await mkdir('test-results', { recursive: true });
}, 60_000);
afterAll(async () => {
  await world?.close();
});

const pid = (name: string): number => world.providers[name]?.pid ?? -1;

describe('the panel, end to end', () => {
  it('shows "collecting" at once, then the tree; a removal leaves the preview and a restore brings it back', async () => {
    const { app, page } = await world.openPanel();
    await page.getByText('Press Control+Alt+Command+G in any app to collect its context.').waitFor();
    await pressHotkey(app, { pid: pid('sample'), name: 'Sample Notes' });
    await page.getByRole('list', { name: 'Collected context' }).waitFor();
    expect(await statuses(page)).toEqual(['Collecting context from Sample Notes…', 'Context from Sample Notes']);
    expect(app.panelVisible()).toBe(true);

    const preview = page.getByTestId('preview');
    const taskList = page.getByRole('listitem', { name: /^List \(task-list\) Tasks$/ });
    await taskList.waitFor();
    // The preview is main's: the very request Send makes, asked for after each change.
    await expect.poll(() => preview.textContent()).toContain('"subrole": "task-list"');

    await page.getByRole('button', { name: 'Remove List (task-list) Tasks' }).click();
    await page.getByRole('listitem', { name: 'List (task-list) Tasks, removed' }).waitFor();
    await expect.poll(() => preview.textContent()).not.toContain('task-list');
    expect(await preview.textContent()).not.toContain('"subrole": "task"');
    // Its rows leave with it, visibly, and come back with it.
    expect(await page.getByText('removed with its parent').count()).toBeGreaterThan(0);
    await page.screenshot({ path: 'test-results/panel-light.png' });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: 'test-results/panel-dark.png' });
    await page.locator('.tree-scroll').evaluate((el) => el.scrollTo(0, 0));
    await page.screenshot({ path: 'test-results/panel-top-dark.png' });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.screenshot({ path: 'test-results/panel-top-light.png' });

    await page.getByRole('button', { name: 'Restore List (task-list) Tasks' }).click();
    await taskList.waitFor();
    await expect.poll(() => preview.textContent()).toContain('"subrole": "task-list"');
    expect(pageErrors(page)).toEqual([]);
  });

  it('is keyboard first: arrows move, Backspace removes and restores, Enter sends, Esc closes', async () => {
    const { app, page } = await world.openPanel();
    await pressHotkey(app, { pid: pid('sample'), name: 'Sample Notes' });
    const rows = page.locator('.tree > li');
    await rows.first().waitFor();
    await rows.first().focus();
    await page.keyboard.press('ArrowDown');
    const window = page.getByRole('listitem', { name: /^Window / });
    expect(await window.evaluate((el) => el === document.activeElement)).toBe(true);
    const summary = page.locator('.preview > summary');
    await page.keyboard.press('Backspace');
    expect(await summary.textContent()).toContain(': 1 element');
    await page.keyboard.press('Backspace');
    expect(await summary.textContent()).not.toContain(': 1 element');

    await page.getByRole('textbox', { name: 'Your question' }).fill('What is selected?');
    await page.keyboard.press('Enter');
    // The offline backend by default: it answers with no key, and says it is no model.
    await page.getByTestId('answer').getByText(/^Offline answer: no model was asked/).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => app.panelVisible()).toBe(false);
  });

  it('names a provider that does not answer within the time limit', async () => {
    const { app, page } = await world.openPanel();
    const started = Date.now();
    await pressHotkey(app, { pid: pid('stalled'), name: 'Stalled Notes' });
    await page.getByText('Stalled Notes did not answer within 1.5 s.').waitFor({ timeout: 5000 });
    expect(Date.now() - started).toBeLessThan(4000);
    expect(await statuses(page)).toEqual(['Collecting context from Stalled Notes…', 'Stalled Notes did not answer within 1.5 s.']);
    expect(await page.getByRole('list', { name: 'Collected context' }).count()).toBe(0);
  });

  it('aborts when the user removes the app context while it is on its way, and discards the late answer', async () => {
    const { app, page } = await world.openPanel();
    // A time limit longer than the provider's delay: only the removal stops this request.
    await page.evaluate(() => (window as unknown as { glance: GlanceApi }).glance.saveSettings({ timeoutMs: 6000 }));
    await pressHotkey(app, { pid: pid('slow'), name: 'Slow Notes' });
    await page.getByText('Collecting context from Slow Notes…').waitFor();
    await page.getByRole('button', { name: "Remove Slow Notes's context" }).click();
    await page.getByText(/You removed Slow Notes's context/).waitFor();
    // Past the provider's 2.5 s delay: nothing came back into the panel.
    await page.waitForTimeout(3000);
    expect(await page.getByRole('list', { name: 'Collected context' }).count()).toBe(0);
    expect((await statuses(page)).at(-1)).toMatch(/^You removed Slow Notes's context/);
    expect(app.logLines.join('\n')).toMatch(/a late answer was discarded/);
  });

  it('says when the front app does not share context', async () => {
    const { app, page } = await world.openPanel();
    // pid 1 is alive and publishes no descriptor, like an app that knows nothing of the protocol.
    await pressHotkey(app, { pid: 1, name: 'Preview' });
    await page.getByText(/^Preview does not share context with Glance/).waitFor();
    await page.getByText(/choose Try with Sample Notes in Glance's menu/).waitFor();
  });

  it('on a first run, starts the bundled Sample Notes from the empty panel and shows its context', async () => {
    const { app, page } = await world.openPanel();
    const button = page.getByRole('button', { name: 'Try with Sample Notes' });
    await button.waitFor();
    await page.screenshot({ path: 'test-results/panel-first-run.png' });
    await button.click();
    await page.getByRole('list', { name: 'Collected context' }).waitFor({ timeout: 20_000 });
    expect(await statuses(page)).toEqual(['Collecting context from Sample Notes…', 'Context from Sample Notes']);
    await page.getByRole('listitem', { name: /^Document \(note\) Trip to Lisbon/ }).waitFor();
    expect(app.panelVisible()).toBe(true);
    expect(pageErrors(page)).toEqual([]);
  });
});
