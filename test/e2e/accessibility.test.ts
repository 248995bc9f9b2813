// Apps without a provider in the panel (docs/accessibility.md): the BUILT panel in Chromium over main's own
// composition, and a real GTK 3 app on a desktop of the test's own (Xvfb, a window manager, a
// private D-Bus session: test/helpers/desktop-session.ts), read through the real AT-SPI helper.
// The consent card and each of its choices (read back from rules.json), the marked source, the
// agent's frame, a highlight of the selection located again through the reader (and `gone` once
// the selection changed), the receipt's source in History, the consent in Settings › Rules.
// Faked at the edge, and only there: macOS's permission (Electron's
// systemPreferences.isTrustedAccessibilityClient, main's AccessibilityPermissionPort), which
// Linux does not have; the reader behind it is the real one.
import { mkdir, mkdtemp, readFile, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccessibilityReader, type AccessibilityReader } from '../../app/os/accessibility/index.js';
import { createOs } from '../../app/os/index.js';
import { missingDesktopTools, startDesktopSession, type DesktopSession } from '../helpers/desktop-session.js';
import { startGtkApp, type GtkApp } from '../helpers/gtk-app.js';
import type { Violation } from './harness/axe.js';
import { createWorld, pageErrors, payloadText, pressHotkey, type World } from './harness/fixtures.js';
import type { TestApp } from './harness/server.js';
import { captureState } from './harness/states.js';

const missing = missingDesktopTools();
// In CI every tool is installed (.ci/run): a missing one fails there instead of skipping.
const RUN = missing.length === 0 || process.env['CI'] === 'true';
if (!RUN) console.warn(`e2e accessibility: skipped, missing ${missing.join(', ')}`);

const TITLE = 'Field Notes';
const TEXT = 'first line of text\nsecond line here\nthird line';
const SECRET = 'hunter2-password-value';

let world: World;
let session: DesktopSession;
let gtk: GtkApp;
/** Another program of the same interpreter (/usr/bin/python3), from a folder of its own, and one given inline (`python3 -c`). */
let other: GtkApp;
let inline: GtkApp;
let reader: AccessibilityReader;
let scratch = '';
let bundleId = '';
/** The GTK app's script: a consent for a program of an interpreter names it (app/rules/consent.ts). */
let program = '';
const violations: Record<string, Record<string, Violation[]>> = {};

/** The app's entry in the test's rules.json, if any. */
async function ruleFor(app: TestApp): Promise<{ accessibility?: string; programs?: { path: string; accessibility: string }[] } | undefined> {
  try {
    const file = JSON.parse(await readFile(join(app.dataDir, 'rules.json'), 'utf8')) as { rules: { bundleId: string; accessibility?: string; programs?: { path: string; accessibility: string }[] }[] };
    return file.rules.find((r) => r.bundleId === bundleId);
  } catch {
    return undefined;
  }
}

/** The consent stored for the GTK app's own program ('ask' when none). */
async function programConsent(app: TestApp): Promise<string> {
  return (await ruleFor(app))?.programs?.find((p) => p.path === program)?.accessibility ?? 'ask';
}

/** Presses the hotkey with the GTK app in front, as the OS reports it. */
const press = (app: TestApp): Promise<void> => pressHotkey(app, { pid: gtk.pid, name: TITLE });
const card = (page: Page) => page.getByTestId('problem');
const tree = (page: Page) => page.getByRole('tree', { name: 'Collected context' });

describe.runIf(RUN)('an app without a provider, in the panel', () => {
  beforeAll(async () => {
    world = await createWorld({});
    scratch = await realpath(await mkdtemp(join(tmpdir(), 'glance-ax-e2e-')));
    session = await startDesktopSession();
    reader = createAccessibilityReader({ env: session.env });
    await mkdir(join(scratch, 'other'));
    other = await startGtkApp(session, join(scratch, 'other'), { title: 'Other Program', text: 'other text', secret: SECRET });
    inline = await startGtkApp(session, scratch, { title: 'Inline Program', text: 'inline text', secret: SECRET, inline: true });
    gtk = await startGtkApp(session, scratch, { title: TITLE, text: TEXT, secret: SECRET });
    await session.activate(gtk.window);
    bundleId = (await createOs().bundleId(gtk.pid)) ?? '';
    program = join(scratch, 'gtk-app.py');
    // An app registers on the bus shortly after its window maps: read until its selection is there.
    await gtk.select(0, 5);
    for (const deadline = Date.now() + 60_000; ;) {
      const read = await reader.read(gtk.pid, { timeoutMs: 5000 });
      if (read.ok && read.read.selection?.text === 'first') break;
      if (Date.now() > deadline) throw new Error(`the GTK app was not readable: ${read.ok ? 'no selection' : read.code}`);
    }
  }, 120_000);
  afterAll(async () => {
    await world?.close();
    await reader?.close();
    await Promise.all([gtk?.stop(), other?.stop(), inline?.stop()]);
    await session?.stop();
    await rm(scratch, { recursive: true, force: true });
    const found = Object.entries(violations).filter(([, byScheme]) => Object.keys(byScheme).length > 0);
    expect(found, JSON.stringify(found, null, 2)).toEqual([]);
  });

  it('asks first; "Read it this time" reads it, marked as read through Accessibility, stores nothing, and a highlight of the selection goes through the reader', async () => {
    const { app, page } = await world.openPanel({ accessibility: { reader } });
    await gtk.select(6, 22);
    await press(app);
    await card(page).getByText(/doesn’t share context itself/).waitFor({ timeout: 20_000 });
    // Nothing read before the choice: no tree, and the card says what this path reads.
    expect(await tree(page).count()).toBe(0);
    await card(page).getByText(/the front window’s title, the document’s address and the text you selected/).waitFor();
    // A script of /usr/bin/python3: its bundle id is the interpreter's, so the choices for good name the program.
    expect(await card(page).getByRole('button').allTextContents()).toEqual(['Read it this time', `Always for ${program} (run by ${bundleId})`, `Never for ${program} (run by ${bundleId})`]);
    violations['accessibility-consent'] = await captureState(page, 'accessibility-consent');

    await card(page).getByRole('button', { name: 'Read it this time' }).click();
    await tree(page).waitFor({ timeout: 20_000 });
    const source = page.getByTestId('source');
    await expect.poll(() => source.textContent()).toMatch(/^Read through Accessibility: .+ doesn’t share context itself$/);
    await expect.poll(() => page.getByTestId('status').textContent()).toMatch(/, read through Accessibility$/);
    await tree(page).getByText('line of text', { exact: false }).first().waitFor();
    expect(await page.content()).not.toContain(SECRET);
    // This press only: the rules file holds no consent for the app.
    expect(await ruleFor(app)).toBeUndefined();
    violations['accessibility-source'] = await captureState(page, 'accessibility-source');

    // The agent's frame says where the context came from.
    expect(await payloadText(page)).toContain('This app does not share context itself: Glance read it through the operating system');

    // The offline answer highlights the selection: located again through the reader, it is visible.
    await page.getByRole('textbox', { name: 'Your question' }).fill('What is selected?');
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    const chip = page.locator('.chips [data-testid="chip"][data-chip-id="ax-text"]');
    await chip.waitFor({ timeout: 20_000 });
    await expect.poll(() => chip.getAttribute('data-state'), { timeout: 20_000 }).toBe('visible');
    // Once asked, the strip the context folds into keeps the weaker source's mark.
    expect(await page.getByTestId('context-strip').getByTestId('strip-source').textContent()).toBe('through Accessibility');
    await expect.poll(() => page.getByRole('button', { name: 'Copy the answer' }).count()).toBe(1);
    violations['accessibility-answer'] = await captureState(page, 'accessibility-answer');
    // Once the selection changed in the app, pointing at the chip finds it gone.
    await gtk.select(0, 5);
    await chip.click();
    await expect.poll(() => chip.getAttribute('data-state'), { timeout: 20_000 }).toBe('gone');

    // The receipt names the source; History shows it.
    const receipts = (await readFile(join(app.dataDir, 'history.jsonl'), 'utf8')).trim().split('\n').map((line) => JSON.parse(line) as { source?: string; app: { bundleId: string } });
    expect(receipts.length).toBeGreaterThan(0);
    for (const receipt of receipts) expect(receipt).toMatchObject({ source: 'accessibility', app: { bundleId } });
    await page.evaluate(() => (window as unknown as { glance: { showView(request: { view: string }): Promise<unknown> } }).glance.showView({ view: 'history' }));
    // Folded, the entry keeps the mark too; unfolded, it says why.
    await page.getByTestId('receipt').first().locator('.receipt__part').getByText('· through Accessibility', { exact: true }).waitFor();
    await page.getByTestId('receipt').first().locator('summary').click();
    await page.getByTestId('receipt-source').first().getByText('Through Accessibility: the app doesn’t share context itself').waitFor();
    violations['accessibility-history'] = await captureState(page, 'accessibility-history');
    expect(pageErrors(page)).toEqual([]);
  });

  it('"Always for …" stores `always` for the program and reads it, the next press reads it without asking, and another program of the same interpreter is still asked', async () => {
    const { app, page } = await world.openPanel({ accessibility: { reader } });
    await press(app);
    await card(page).getByRole('button', { name: `Always for ${program} (run by ${bundleId})` }).click();
    await tree(page).waitFor({ timeout: 20_000 });
    expect(await programConsent(app)).toBe('always');
    expect((await ruleFor(app))?.accessibility).toBeUndefined();
    await press(app);
    await expect.poll(() => page.getByTestId('status').textContent(), { timeout: 20_000 }).toMatch(/, read through Accessibility$/);
    expect(await card(page).count()).toBe(0);

    // The other program, in front: the same bundle id, and asked first, by its own path; nothing of it read.
    await session.activate(other.window);
    try {
      await pressHotkey(app, { pid: other.pid, name: 'Other Program' });
      await card(page).getByText(/doesn’t share context itself/).waitFor({ timeout: 20_000 });
      expect(await tree(page).count()).toBe(0);
      expect(await card(page).getByRole('button').allTextContents()).toEqual(['Read it this time', `Always for ${join(scratch, 'other', 'gtk-app.py')} (run by ${bundleId})`, `Never for ${join(scratch, 'other', 'gtk-app.py')} (run by ${bundleId})`]);

      // A program given inline names no one program: this time, or never for all the interpreter runs.
      await session.activate(inline.window);
      await pressHotkey(app, { pid: inline.pid, name: 'Inline Program' });
      await card(page).getByText(`${bundleId} runs many programs, and Glance can’t tell which one this is, so it can read it only this time.`, { exact: false }).waitFor({ timeout: 20_000 });
      expect(await card(page).getByRole('button').allTextContents()).toEqual(['Read it this time', `Never for anything ${bundleId} runs`]);
      violations['accessibility-consent-interpreter'] = await captureState(page, 'accessibility-consent-interpreter');
    } finally {
      await session.activate(gtk.window);
    }
  });

  it('"Never for …" stores `never`, reads nothing, says so; Settings › Rules shows the consent and changes it back to asking', async () => {
    const { app, page } = await world.openPanel({ accessibility: { reader } });
    await press(app);
    await card(page).getByRole('button', { name: `Never for ${program} (run by ${bundleId})` }).click();
    await card(page).getByText(/^You chose never to read .+ through Accessibility$/).waitFor({ timeout: 20_000 });
    expect(await tree(page).count()).toBe(0);
    expect(await programConsent(app)).toBe('never');
    violations['accessibility-never'] = await captureState(page, 'accessibility-never');

    await card(page).getByRole('button', { name: 'Open Settings' }).click();
    // The interpreter's own line refuses or asks (no "Always"); the program's line holds the choice.
    const own = page.getByTestId('rules').getByRole('combobox', { name: /^Read through Accessibility: / });
    await own.waitFor();
    expect(await own.locator('option').allTextContents()).toEqual(['Ask each time', 'Never']);
    const consent = page.getByTestId('rules').getByRole('combobox', { name: new RegExp(`^Read ${program.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} through Accessibility: `) });
    expect(await consent.inputValue()).toBe('never');
    await consent.scrollIntoViewIfNeeded();
    violations['accessibility-rules'] = await captureState(page, 'accessibility-rules');
    await consent.selectOption('ask');
    await expect.poll(() => programConsent(app)).toBe('ask');
    await press(app);
    await card(page).getByRole('button', { name: 'Read it this time' }).waitFor({ timeout: 20_000 });
  });

  it('without macOS’s permission: nothing is read, the card explains and opens System Settings’ pane; once granted, Try again reads', async () => {
    let trusted = false;
    let opened = 0;
    const permission = { trusted: () => trusted, openSettings: async () => { opened += 1; return true; } };
    const { app, page } = await world.openPanel({ accessibility: { reader, permission } });
    await press(app);
    await card(page).getByRole('button', { name: 'Read it this time' }).click();
    await card(page).getByText('Glance needs the Accessibility permission').waitFor({ timeout: 20_000 });
    expect(await card(page).getByRole('button').allTextContents()).toEqual(['Open System Settings', 'Try again']);
    violations['accessibility-permission'] = await captureState(page, 'accessibility-permission');
    await card(page).getByRole('button', { name: 'Open System Settings' }).click();
    await expect.poll(() => opened).toBe(1);
    trusted = true;
    await card(page).getByRole('button', { name: 'Try again' }).click();
    await tree(page).waitFor({ timeout: 20_000 });
    await page.getByTestId('source').waitFor();
  });
});
