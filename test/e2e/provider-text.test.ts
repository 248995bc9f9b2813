// Text on screen (docs/protocol.md, "Hardening", "Text on screen"): provider text in the BUILT
// panel, in Debian's Chromium, is bidi-isolated and its control characters are shown as visible
// marks, so a title cannot reorder or hide what the user reviews. A real configurable provider
// whose name, titles, subrole, text, url and attribute hold a right-to-left override, a newline, a
// zero-width space, a bell and an invisible tag character. The overlay's label, which names the
// element an answer points at, is the same provider text, drawn over other apps.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorld, pageErrors, pressHotkey, showExactPayload, type World } from './harness/fixtures.js';

/** Where the screenshots of this test go (test-results by default; GLANCE_SHOTS to look at them elsewhere). */
const SHOTS = process.env['GLANCE_SHOTS'] ?? 'test-results';

const RLO = '\u202e';
/** A file name that reads "invoice-exe.pdf" once the override flips its end, with a zero-width space and a tag character hidden in it. */
const TITLE = `invoice-${RLO}fdp.exe\u200b\u{e0041}\nSECOND LINE`;
const TREE = {
  id: 'app', role: 'Application', title: `Tricky${RLO} App`,
  children: [{
    id: 'win-1', role: 'Window', focused: true, subrole: `pane${RLO}x`,
    children: [{
      id: 'doc-1', role: 'Document', title: TITLE, url: `https://example.com/${RLO}gpj.exe`, focused: true, attributes: { note: `a${RLO}b\u200bc` },
      children: [{ id: 'sel-1', role: 'Text', selected: true, content: [{ type: 'text', text: `first line\nsecond ${RLO}line\u0007 hidden\u{e0041}` }] }],
    }],
  }],
};
/** Characters that must never reach the screen raw: the override, zero-width, bell, a tag character. */
// eslint-disable-next-line no-control-regex -- finding a control character is the point here
const RAW = /[\u202e\u200b\u0007\u{e0041}]/u;

let world: World;
let files: string;
beforeAll(async () => {
  files = await mkdtemp(join(tmpdir(), 'glance-text-'));
  const tree = join(files, 'tree.json');
  await writeFile(tree, JSON.stringify(TREE));
  world = await createWorld({ tricky: { script: 'configurable', env: { TP_NAME: `Tricky${RLO} Notes\nline two`, TP_TREE_FILE: tree } } });
}, 60_000);
afterAll(async () => {
  await world?.close();
  await rm(files, { recursive: true, force: true });
});

/** True when the element is isolated for bidi: a <bdi>, or unicode-bidi isolate. */
function isolated(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => el.tagName === 'BDI' || getComputedStyle(el).unicodeBidi === 'isolate');
}

describe('provider text in the panel', () => {
  it('is isolated, with its control characters shown as visible marks, in the tree, the header, the preview and the answer', async () => {
    const { app, page } = await world.openPanel();
    await pressHotkey(app, { pid: world.providers['tricky']?.pid ?? -1, name: 'Tricky' });
    await page.getByRole('tree', { name: 'Collected context' }).waitFor();

    // The document's title: the override and the newline are marks, and the title is isolated.
    const doc = page.locator('.tree [data-element-id="doc-1"]');
    const title = doc.locator('[data-provider-text]').filter({ hasText: 'invoice-' }).first();
    await title.waitFor();
    expect(await isolated(title)).toBe(true);
    const shown = (await title.textContent()) ?? '';
    expect(shown).toBe('invoice-⟨U+202E⟩fdp.exe⟨U+200B⟩⟨U+E0041⟩␊SECOND LINE');
    // The marks stand out from the provider's own characters.
    expect(await title.locator('.control-mark').allTextContents()).toEqual(['⟨U+202E⟩', '⟨U+200B⟩', '⟨U+E0041⟩', '␊']);

    // Every other place the provider's text is drawn.
    const header = page.locator('.header__title [data-provider-text]');
    expect(await isolated(header)).toBe(true);
    expect(await header.textContent()).toBe('Tricky⟨U+202E⟩ Notes line two');
    // A text block's row is its one line: its own line breaks become spaces there (they are
    // the text's lines, not a trick); the bell and the tag are marked. The payload has it whole.
    const text = page.locator('.tree [data-element-id="sel-1"] .row__title [data-provider-text]');
    expect(await isolated(text)).toBe(true);
    expect(await text.textContent()).toBe('“first line second ⟨U+202E⟩line␇ hidden⟨U+E0041⟩”');
    expect(await doc.locator('.row__words [data-provider-text]').textContent()).toBe('note a⟨U+202E⟩b⟨U+200B⟩c');
    expect(await page.locator('.tree [data-element-id="win-1"] .row__words').textContent()).toBe('pane⟨U+202E⟩x');
    // Tooltips and accessible names carry no raw control either.
    const labels = await page.locator('[title], [aria-label]').evaluateAll((els) => els.flatMap((el) => [el.getAttribute('title') ?? '', el.getAttribute('aria-label') ?? '']));
    expect(labels.filter((l) => RAW.test(l))).toEqual([]);

    await page.getByTestId('send-summary').click();
    const preview = page.getByTestId('preview');
    // The outline draws the app's words as provider text too, then the exact JSON.
    await expect.poll(() => preview.textContent()).toContain('invoice-⟨U+202E⟩fdp.exe');
    await showExactPayload(page);
    await expect.poll(() => preview.textContent()).toContain('"role"');
    expect(await preview.textContent()).toContain('first line\\nsecond ⟨U+202E⟩line');
    await page.keyboard.press('Escape');

    await page.getByRole('textbox', { name: 'Your question' }).fill('What is selected?');
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    const answer = page.getByTestId('answer-text');
    await answer.getByText(/Offline answer/).waitFor();
    const answerText = answer.locator('[data-provider-text]').first();
    expect(await isolated(answerText)).toBe(true);
    await expect.poll(() => answer.textContent()).toContain('second ⟨U+202E⟩line␇');

    // Nowhere on the page is one of them drawn raw.
    expect(RAW.test((await page.locator('body').textContent()) ?? '')).toBe(false);
    expect(pageErrors(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/panel-provider-text.png` });
  });
});

describe('provider text on the overlay', () => {
  it('labels the ring isolated, with the override, the zero-width space and the tag character as marks and no line break', async () => {
    const { app, page } = await world.openPanel();
    const overlay = await openOverlay(page, app.overlayUrl);
    await pressHotkey(app, { pid: world.providers['tricky']?.pid ?? -1, name: 'Tricky' });
    await page.getByRole('tree', { name: 'Collected context' }).waitFor();
    await page.getByRole('textbox', { name: 'Your question' }).fill('Where is the document?');
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    // The offline answer cites the focused document by id: its chip, hovered, draws the ring.
    const docChip = page.getByTestId('answer').locator('[data-testid="chip"][data-chip-id="doc-1"]');
    await docChip.waitFor();
    await docChip.hover();
    // (The answer's highlight of the selection, "Text sel-1", may be drawn first.)
    const label = overlay.getByTestId('overlay-label');
    // Main puts the title on one line (the newline is a space); the page marks the rest.
    await expect.poll(() => label.textContent()).toBe('Document invoice-⟨U+202E⟩fdp.exe⟨U+200B⟩⟨U+E0041⟩ SECOND LINE');
    const text = label.locator('[data-provider-text]');
    expect(await isolated(text)).toBe(true);
    expect(await text.locator('.control-mark').allTextContents()).toEqual(['⟨U+202E⟩', '⟨U+200B⟩', '⟨U+E0041⟩']);
    expect(RAW.test((await overlay.locator('body').textContent()) ?? '')).toBe(false);
    await overlay.bringToFront();
    await overlay.waitForTimeout(300); // the ring's pop-in, so the screenshot shows it at rest
    await overlay.screenshot({ path: `${SHOTS}/overlay-provider-text.png`, omitBackground: true, clip: { x: 60, y: 50, width: 560, height: 110 } });
    await overlay.emulateMedia({ colorScheme: 'dark' });
    await overlay.screenshot({ path: `${SHOTS}/overlay-provider-text-dark.png`, omitBackground: true, clip: { x: 60, y: 50, width: 560, height: 110 } });
    expect(pageErrors(overlay)).toEqual([]);
    expect(pageErrors(page)).toEqual([]);
    await Promise.all([overlay.close(), page.close()]);
  });
});

/** The overlay page beside the panel, as in test/e2e/agent.test.ts; the panel stays in front (a background tab gets no frames). */
async function openOverlay(page: Page, url: string): Promise<Page> {
  const overlay = await page.context().newPage();
  await overlay.setViewportSize({ width: 1280, height: 800 });
  await overlay.goto(url);
  await page.bringToFront();
  return overlay;
}
