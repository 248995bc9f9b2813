// The front app's own icon, end to end: the BUILT panel in Chromium, main's
// services with the Linux icon lookup over a temporary XDG data folder holding a real desktop
// file and a real PNG for the app (the provider runs as `node`, its bundle id on Linux), and
// real processes in front. The icon reaches the page as a data: URL, in the review header, on a
// card that names the app, in History and in Settings › Rules; with no desktop file the window glyph stands in.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Spawned } from '../helpers/spawn.js';
import { makeAppIconPng } from '../helpers/png.js';
import type { Violation } from './harness/axe.js';
import { createWorld, pageErrors, pressHotkey, type World } from './harness/fixtures.js';
import { startNoProviderApp } from './harness/no-provider-app.js';
import { captureState } from './harness/states.js';

const PNG = makeAppIconPng(48, [52, 120, 246]);
let world: World;
let preview: Spawned;
let folder = '';
/** An XDG data dir with node.desktop naming a hicolor icon, and one with no desktop file at all. */
let withIcon = '';
let without = '';
const violations: Record<string, Record<string, Violation[]>> = {};

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'glance-icon-e2e-'));
  withIcon = join(folder, 'share');
  without = join(folder, 'empty');
  await mkdir(join(withIcon, 'applications'), { recursive: true });
  await mkdir(join(withIcon, 'icons/hicolor/48x48/apps'), { recursive: true });
  await mkdir(without, { recursive: true });
  await writeFile(join(withIcon, 'applications/node.desktop'), '[Desktop Entry]\nType=Application\nName=Field Notes\nExec=node %F\nIcon=org.example.FieldNotes\n');
  await writeFile(join(withIcon, 'icons/hicolor/48x48/apps/org.example.FieldNotes.png'), PNG);
  preview = await startNoProviderApp();
  world = await createWorld({ notes: { script: 'configurable', env: { TP_NAME: 'Field Notes', TP_SCOPE: 'current' } } });
}, 60_000);
afterAll(async () => {
  await Promise.all([world?.close(), preview?.stop()]);
  await rm(folder, { recursive: true, force: true });
});

const notes = (): { pid: number; name: string } => ({ pid: world.providers['notes']?.pid ?? -1, name: 'Field Notes' });
const xdg = (dir: string): NodeJS.ProcessEnv => ({ XDG_DATA_DIRS: dir, XDG_DATA_HOME: join(dir, 'home') });
/** The src of every app icon drawn in `where`, and how many window glyphs stand in for one. */
async function drawn(page: Page, where: string): Promise<{ icons: string[]; glyphs: number }> {
  const scope = page.locator(where).first();
  return { icons: await scope.getByTestId('app-icon').evaluateAll((els) => els.map((el) => (el as HTMLImageElement).src)), glyphs: await scope.getByTestId('app-glyph').count() };
}
const ICON_URL = `data:image/png;base64,${PNG.toString('base64')}`;

async function askOffline(page: Page): Promise<void> {
  const field = page.getByRole('textbox', { name: 'Your question' });
  await field.fill('What is this?');
  await field.press('Enter');
  await page.getByText('Answered on this Mac from the context alone, without a model').last().waitFor();
}

describe("the front app's own icon", () => {
  it('shows the desktop file\'s icon in the header, the conversation strip and History, drawn from a data: URL', async () => {
    const { app, page } = await world.openPanel({ env: xdg(withIcon) });
    await pressHotkey(app, notes());
    await page.getByRole('tree', { name: 'Collected context' }).waitFor();
    await expect.poll(() => drawn(page, '.header'), { timeout: 15_000 }).toEqual({ icons: [ICON_URL], glyphs: 0 });
    // Loaded and drawn at its size, not a broken image.
    expect(await page.locator('.header').getByTestId('app-icon').evaluate((img: HTMLImageElement) => [img.complete, img.naturalWidth, img.getBoundingClientRect().width])).toEqual([true, 48, 16]);
    violations['icon-review'] = await captureState(page, 'icon-review');

    await askOffline(page);
    expect(await drawn(page, '[data-testid="context-strip"]')).toEqual({ icons: [ICON_URL], glyphs: 0 });
    await page.keyboard.press('Meta+Comma');
    await page.getByRole('button', { name: 'History' }).click();
    const receipt = page.getByTestId('receipt').first();
    await receipt.waitFor();
    expect(await drawn(page, '[data-testid="receipt"]')).toEqual({ icons: [ICON_URL], glyphs: 0 });
    violations['icon-history'] = await captureState(page, 'icon-history');
    expect(pageErrors(page)).toEqual([]);
  }, 60_000);

  it('shows it in Settings › Rules beside each app a rule names, and the glyph for an app without one', async () => {
    const { page, app } = await world.openPanel({ env: xdg(withIcon) });
    await writeFile(join(app.dataDir, 'rules.json'), JSON.stringify({ version: 1, rules: [{ bundleId: 'node', rule: 'local', exclusions: [] }, { bundleId: 'org.example.NoIcon', rule: 'never', exclusions: [] }] }), { mode: 0o600 });
    await page.keyboard.press('Meta+Comma');
    const rules = page.getByTestId('rules');
    // A rule's line by its bundle id, named alone or after the app's name ("Field Notes (node)") when Glance saw it.
    const ruleOf = (bundleId: string) => rules.locator('.rules__app').filter({ has: page.getByRole('combobox', { name: new RegExp(`^Rule for (.+ \\()?${bundleId.replace(/\./g, '\\.')}\\)?$`) }) });
    await ruleOf('org.example.NoIcon').waitFor();
    await expect.poll(() => ruleOf('node').getByTestId('app-icon').evaluateAll((els) => els.map((el) => (el as HTMLImageElement).src)), { timeout: 15_000 }).toEqual([ICON_URL]);
    expect(await ruleOf('org.example.NoIcon').getByTestId('app-icon').count()).toBe(0);
    expect(await ruleOf('org.example.NoIcon').getByTestId('app-glyph').count()).toBe(1);
    await ruleOf('node').scrollIntoViewIfNeeded();
    violations['icon-rules'] = await captureState(page, 'icon-rules');
    expect(pageErrors(page)).toEqual([]);
  }, 60_000);

  it('shows it on a card that names the app (one without a provider), badged with the card\'s mark', async () => {
    const { app, page } = await world.openPanel({ env: xdg(withIcon) });
    await pressHotkey(app, { pid: preview.pid, name: 'Preview' });
    const card = page.getByTestId('problem');
    await card.getByText('Preview doesn’t share context itself').waitFor({ timeout: 20_000 });
    await expect.poll(() => drawn(page, '[data-testid="problem"]'), { timeout: 15_000 }).toEqual({ icons: [ICON_URL], glyphs: 0 });
    // The card's own mark is still there, at the icon's corner.
    expect(await card.locator('.card__app .card__icon').count()).toBe(1);
    violations['icon-card'] = await captureState(page, 'icon-card');
    expect(pageErrors(page)).toEqual([]);
  }, 60_000);

  it('draws the window glyph where the app has no desktop file, in the header and in History', async () => {
    const { app, page } = await world.openPanel({ env: xdg(without) });
    await pressHotkey(app, notes());
    await page.getByRole('tree', { name: 'Collected context' }).waitFor();
    await askOffline(page);
    expect(await drawn(page, '.header')).toEqual({ icons: [], glyphs: 1 });
    expect(await drawn(page, '[data-testid="context-strip"]')).toEqual({ icons: [], glyphs: 1 });
    expect(app.panelState().invocation?.appIcon).toBeUndefined();
    await page.keyboard.press('Meta+Comma');
    await page.getByRole('button', { name: 'History' }).click();
    await page.getByTestId('receipt').first().waitFor();
    expect(await drawn(page, '[data-testid="receipt"]')).toEqual({ icons: [], glyphs: 1 });
    expect(pageErrors(page)).toEqual([]);
  }, 60_000);

  it('has no accessibility violation axe-core finds in these states, light or dark', () => {
    expect(Object.keys(violations).sort()).toEqual(['icon-card', 'icon-history', 'icon-review', 'icon-rules']);
    expect(violations).toEqual({ 'icon-card': {}, 'icon-history': {}, 'icon-review': {}, 'icon-rules': {} });
  });
});
