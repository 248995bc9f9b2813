// End to end: the BUILT panel in Debian's Chromium, a test bridge with the preload's type over
// HTTP, main's real controller and handlers, the real core, real provider processes.
import { mkdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNoProviderApp } from './harness/no-provider-app.js';
import type { Spawned } from '../helpers/spawn.js';
import { createWorld, pageErrors, payloadText, pressHotkey, statuses, type World } from './harness/fixtures.js';
import type { GlanceApi } from '../../contract/bridge.js';

let world: World;
/** An app without a provider, in front for the no-provider cases. */
let preview: Spawned;
beforeAll(async () => {
  preview = await startNoProviderApp();
  world = await createWorld({
    sample: { script: 'sample' },
    stalled: { script: 'configurable', env: { TP_NAME: 'Stalled Notes', TP_STALL: '1', TP_SCOPE: 'current' } },
    slow: { script: 'configurable', env: { TP_NAME: 'Slow Notes', TP_DELAY_MS: '2500', TP_SCOPE: 'current' } },
  });
  await mkdir('test-results', { recursive: true });
}, 60_000);
afterAll(async () => {
  await Promise.all([world?.close(), preview?.stop()]);
});

const pid = (name: string): number => world.providers[name]?.pid ?? -1;


describe('the panel, end to end', () => {
  it('shows "collecting" at once, then the tree; an exclusion leaves the payload and a restore brings it back', async () => {
    const { app, page } = await world.openPanel();
    await page.getByRole('img', { name: 'Control-Option-Command-G' }).waitFor();
    await pressHotkey(app, { pid: pid('sample'), name: 'Sample Notes' });
    await page.getByRole('tree', { name: 'Collected context' }).waitFor();
    expect(await statuses(page)).toEqual(['Collecting context from Sample Notes…', 'Context from Sample Notes']);
    expect(app.panelVisible()).toBe(true);

    const taskList = page.getByRole('treeitem', { name: /^List, Tasks task list$/ });
    await taskList.waitFor();
    // The payload is main's: the very request Ask makes, asked for when the sheet opens.
    expect(await payloadText(page)).toContain('"subrole": "task-list"');

    await page.getByRole('button', { name: 'Exclude List Tasks' }).click();
    // Its tasks leave with it, folded into its one line, and come back with it.
    await page.getByRole('treeitem', { name: /^List, Tasks excluded with 3 inside Restore$/ }).waitFor();
    expect(await page.getByRole('treeitem', { name: /Buy tram tickets/ }).count()).toBe(0);
    const without = await payloadText(page);
    expect(without).not.toContain('task-list');
    expect(without).not.toContain('"subrole": "task"');
    await page.screenshot({ path: 'test-results/panel-light.png' });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: 'test-results/panel-dark.png' });
    await page.emulateMedia({ colorScheme: 'light' });

    await page.getByRole('button', { name: 'Restore List Tasks' }).click();
    await taskList.waitFor();
    await page.getByRole('treeitem', { name: /Buy tram tickets/ }).waitFor();
    expect(await payloadText(page)).toContain('"subrole": "task-list"');
    expect(pageErrors(page)).toEqual([]);
  });

  it('is keyboard first: Up into the tree, arrows move, Backspace excludes and restores, Return asks, Esc closes', async () => {
    const { app, page } = await world.openPanel();
    await pressHotkey(app, { pid: pid('sample'), name: 'Sample Notes' });
    await page.getByRole('tree', { name: 'Collected context' }).waitFor();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowDown');
    const window = page.getByRole('treeitem', { name: /^Window, / });
    expect(await window.evaluate((el) => el === document.activeElement)).toBe(true);
    const summary = page.getByTestId('send-summary');
    await page.keyboard.press('Backspace');
    expect(await summary.textContent()).toContain('1 of 11 items');
    await page.keyboard.press('Backspace');
    expect(await summary.textContent()).toContain('All 11 items');

    await page.getByRole('textbox', { name: 'Your question' }).fill('What is selected?');
    await page.keyboard.press('Enter');
    // The offline backend by default: it answers with no key, and says it is no model.
    await page.getByTestId('answer').getByText(/^Offline answer: no model was asked/).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => app.panelVisible()).toBe(false);
  });

  it('names a provider that does not answer within the time limit, and offers a longer one', async () => {
    const { app, page } = await world.openPanel({ defaultTimeLimit: true });
    await pressHotkey(app, { pid: pid('stalled'), name: 'Stalled Notes' });
    const card = page.getByTestId('problem');
    // Stalled Notes never answers: only the time limit ends the wait, and the status names it.
    await card.getByText('Stalled Notes didn’t answer in time').waitFor();
    expect(await statuses(page)).toEqual(['Collecting context from Stalled Notes…', 'Stalled Notes did not answer within 1.5 s.']);
    // The protocol's own words are under Details.
    await card.getByText('Details').click();
    await card.getByText('Stalled Notes did not answer within 1.5 s.').waitFor();
    await card.getByRole('button', { name: 'Allow 3 seconds and try again' }).waitFor();
    expect(await page.getByRole('tree', { name: 'Collected context' }).count()).toBe(0);
  });

  it('aborts when the user stops collecting while the context is on its way, and discards the late answer', async () => {
    const { app, page } = await world.openPanel();
    // A time limit longer than the provider's delay: only the removal stops this request.
    await page.evaluate(() => (window as unknown as { glance: GlanceApi }).glance.saveSettings({ timeoutMs: 6000 }));
    await pressHotkey(app, { pid: pid('slow'), name: 'Slow Notes' });
    await page.getByText('Asking Slow Notes for its context…').waitFor();
    await page.getByRole('button', { name: 'Stop collecting from Slow Notes' }).click();
    await page.getByTestId('problem').getByText(/You removed Slow Notes's context/).waitFor();
    // Past the provider's 2.5 s delay: nothing came back into the panel.
    await page.waitForTimeout(3000);
    expect(await page.getByRole('tree', { name: 'Collected context' }).count()).toBe(0);
    expect((await statuses(page)).at(-1)).toMatch(/^You removed Slow Notes's context/);
    expect(app.logLines.join('\n')).toMatch(/a late answer was discarded/);
  });

  it('says when the front app does not share context, asks before reading it through Accessibility, and after "Never" offers Sample Notes as a button', async () => {
    const { app, page } = await world.openPanel();
    // Alive, with an identity, and no descriptor: like an app that knows nothing of the protocol.
    await pressHotkey(app, { pid: preview.pid, name: 'Preview' });
    const card = page.getByTestId('problem');
    await card.getByText('Preview doesn’t share context itself').waitFor();
    await card.getByText('Details').click();
    await card.getByText(/^Preview does not share context with Glance, and reading it through Accessibility needs your consent/).waitFor();
    // On Linux the stand-in is `node -e …`: an interpreter running no one program file, so its "Never" names everything node runs, and no "Always" is offered (app/rules/consent.ts).
    const linux = process.platform === 'linux';
    expect(await card.getByRole('button').allTextContents()).toEqual(['Read it this time', ...(linux ? [] : ['Always for Preview']), linux ? 'Never for anything node runs' : 'Never for Preview']);
    await card.getByRole('button', { name: linux ? 'Never for anything node runs' : 'Never for Preview' }).click();
    await card.getByText('You chose never to read Preview through Accessibility').waitFor();
    await card.getByRole('button', { name: 'Try with Sample Notes' }).click();
    await page.getByRole('treeitem', { name: /^Document, Trip to Lisbon note/ }).waitFor({ timeout: 20_000 });
  });

  it('on a first run, starts the bundled Sample Notes from the welcome and shows its context', async () => {
    const { app, page } = await world.openPanel();
    const button = page.getByRole('button', { name: 'Try with Sample Notes' });
    await button.waitFor();
    await page.screenshot({ path: 'test-results/panel-first-run.png' });
    await button.click();
    await page.getByRole('tree', { name: 'Collected context' }).waitFor({ timeout: 20_000 });
    expect(await statuses(page)).toEqual(['Collecting context from Sample Notes…', 'Context from Sample Notes']);
    await page.getByRole('treeitem', { name: /^Document, Trip to Lisbon note/ }).waitFor();
    expect(app.panelVisible()).toBe(true);
    expect(pageErrors(page)).toEqual([]);
  });
});
