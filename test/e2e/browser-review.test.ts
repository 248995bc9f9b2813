// A browser's context under review, end to end: the BUILT panel in Chromium, main's services,
// and the real browser helper (provider/browser/main.ts, built) started as a browser starts it,
// by a stand-in browser process (test/fixtures/fake-browser.mjs) that plays its extension over
// native messaging with one page: a title, an address, two headings and a
// selected passage. The hotkey with the "browser" in front reads it through the protocol: the
// review shows the Document with its title and address, and the selected Text inside it, as the
// helper's own mapping (page-tree.ts) makes them. Photographed light and dark, at 420 and 300 px.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageRead } from '../helpers/fake-extension.js';
import { spawnNode, type Spawned } from '../helpers/spawn.js';
import type { Violation } from './harness/axe.js';
import { ROOT } from './harness/build.js';
import { createWorld, pageErrors, pressHotkey, type World } from './harness/fixtures.js';
import { captureState } from './harness/states.js';

let world: World;
let browser: Spawned | undefined;
const violations: Record<string, Record<string, Violation[]>> = {};
beforeAll(async () => {
  world = await createWorld({});
}, 60_000);
afterAll(async () => {
  await browser?.stop();
  await world?.close();
});

const PAGE = {
  title: 'Trams of Lisbon — a field guide',
  url: 'https://guide.example.org/lisbon/trams',
  headings: ['Trams of Lisbon', 'Line 28'],
  selected: 'Line 28 climbs from Martim Moniz to Campo de Ourique through the narrowest streets of Alfama.',
};

describe('a browser page under review', () => {
  it('shows the page as a Document with its title and address, and the selected passage inside it', async () => {
    const { app, page } = await world.openPanel();
    browser = spawnNode(`${ROOT}test/fixtures/fake-browser.mjs`, [], { ...world.env, FAKE_PAGE: JSON.stringify(pageRead(PAGE)) });
    const [, browserPid = '', helperPid = ''] = await browser.waitFor(/fake browser (\d+) started its helper (\d+)/);
    const providersDir = world.env['APP_CONTEXT_PROVIDERS_DIR'] ?? '';
    // The helper published its descriptor: the browser's pid, and itself as the helper that listens.
    const published = (): boolean => readdirSync(providersDir).filter((name) => name.endsWith('.json'))
      .some((name) => (JSON.parse(readFileSync(join(providersDir, name), 'utf8')) as { helperPid?: number }).helperPid === Number(helperPid));
    await expect.poll(published).toBe(true);
    await pressHotkey(app, { pid: Number(browserPid), name: 'Chromium' });
    await expect.poll(() => app.panelState().invocation?.phase ?? 'collecting').not.toBe('collecting');
    const view = app.panelState().invocation;
    expect(view?.phase, `${view?.failure ?? ''} ${view?.reason ?? ''} ${view?.details.join(' ') ?? ''}`).toBe('collected');
    const tree = page.getByRole('tree', { name: 'Collected context' });
    await tree.waitFor();
    await tree.getByRole('treeitem', { name: new RegExp(`^Document, ${PAGE.title}`) }).waitFor();
    // Its address is the row's link, opened in the user's browser.
    expect(await tree.getByRole('treeitem', { name: new RegExp(`^Document, ${PAGE.title}`) }).locator('button.row__action').first().getAttribute('title')).toBe(PAGE.url);
    expect(view?.root?.children?.[0]?.children?.[0]).toMatchObject({ role: 'Document', title: PAGE.title, url: PAGE.url });
    // The selected passage, inside the paragraph it was selected in, said as the selection.
    await tree.getByRole('treeitem', { name: `Selected text, “${PAGE.selected}” selected` }).waitFor();
    await browser.waitFor(/asked 1\n/);
    expect(browser.output()).not.toContain('asked 2');
    violations['browser-review'] = await captureState(page, 'browser-review');
    expect(pageErrors(page)).toEqual([]);
  }, 60_000);

  it('has no accessibility violation axe-core finds, light or dark, at 420 and 300 px', () => {
    expect(violations).toEqual({ 'browser-review': {} });
  });
});
