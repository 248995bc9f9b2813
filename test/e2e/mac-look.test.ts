// The Mac look (the system's accent, vibrancy): the built panel in Chromium, painted in the accent colour main pushes
// (systemPreferences' on a Mac; here the harness's port plays the system), and translucent when
// main says its window has the menu vibrancy. Real services (createMainServices), a real Sample
// Notes process. Screenshots (light, dark; default blue, green, yellow; vibrant over a
// colourful stand-in for the desktop) go to test-results/mac-look/. The same checks in Electron
// on a Mac are in test/electron/mac-look.test.ts.
import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accentPalette, parseHex } from '../../renderer/src/appearance/palette.js';
import { axeViolations } from './harness/axe.js';
import { createWorld, pageErrors, pressHotkey, type World } from './harness/fixtures.js';

const SHOTS = 'test-results/mac-look';
let world: World;
beforeAll(async () => {
  world = await createWorld({ sample: { script: 'sample' } });
  await mkdir(SHOTS, { recursive: true });
}, 60_000);
afterAll(async () => {
  await world?.close();
});

/** `#rrggbb` as Chromium reports a computed colour. */
const rgb = (hex: string): string => `rgb(${parseHex(hex).join(', ')})`;
/** The alpha of a computed colour ('rgb(…)' is opaque, 'rgba(…, a)' has it last). */
const alpha = (colour: string): number => (colour.startsWith('rgba(') ? Number(colour.slice(5, -1).split(',')[3]) : colour === 'transparent' ? 0 : 1);

async function style(page: Page, selector: string, property: string): Promise<string> {
  return page.locator(selector).first().evaluate((el, name) => getComputedStyle(el).getPropertyValue(name).trim(), property);
}

/** Light or dark, and a frame for the new colours. */
async function scheme(page: Page, colorScheme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** Screenshots in light and dark, and (unless `axe` is false) axe's findings in each, of any impact. */
async function lookAt(page: Page, name: string, options: { axe?: boolean } = {}): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  for (const colorScheme of ['light', 'dark'] as const) {
    await scheme(page, colorScheme);
    await page.screenshot({ path: `${SHOTS}/${name}-${colorScheme}.png` });
    if (options.axe === false) continue;
    const violations = await axeViolations(page);
    if (violations.length > 0) found[colorScheme] = violations.map((v) => `${v.id}: ${v.targets.join(' ')}`);
  }
  await scheme(page, 'light');
  return found;
}

const primary = (page: Page) => page.getByRole('button', { name: 'Try with Sample Notes' });

describe('the system accent colour', () => {
  it("paints the buttons, the current row and the focus ring in the accent main pushes, readable in light and dark; the panel's blue without one", async () => {
    const { app, page } = await world.openPanel();
    const button = primary(page);
    await button.waitFor();
    // No accent from the system (Linux, a browser): the panel's own blue.
    expect(await button.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(rgb('#0063cf'));
    expect(await lookAt(page, 'accent-default-welcome')).toEqual({});

    // The user picks green in System Settings: macOS notifies, main reads it again and pushes it.
    const green = accentPalette('#62ba46');
    app.setSystemAccent('62ba46ff');
    await expect.poll(() => button.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(rgb(green.fill));
    expect(await button.evaluate((el) => getComputedStyle(el).color)).toBe(rgb(green.onFill));
    expect(await style(page, 'html', '--system-accent')).toBe('#62ba46');
    expect(await lookAt(page, 'accent-green-welcome')).toEqual({});

    await pressHotkey(app, { pid: world.providers['sample']?.pid ?? -1, name: 'Sample Notes' });
    await page.getByRole('tree', { name: 'Collected context' }).waitFor();
    // The question field has the caret, and no ring: the caret is the focus (Spotlight, Raycast).
    expect(await page.evaluate(() => document.activeElement?.closest('.composer') !== null)).toBe(true);
    expect(await style(page, '.composer', 'outline-style')).toBe('none');
    // The filter, reached by the keyboard: one ring, the accent's, dark enough for 3:1.
    await page.keyboard.press('Meta+F');
    await expect.poll(() => style(page, '.search', 'outline-style')).toBe('solid');
    expect(await style(page, '.search', 'outline-color')).toBe(rgb(green.ringLight));
    // Back to the question (an Esc here would close the panel: the filter is empty).
    await page.locator('.composer__prompt').focus();
    expect(await style(page, '.search', 'outline-style')).toBe('none');
    // Up into the tree: the current row is the accent's fill with its text colour.
    await page.keyboard.press('ArrowUp');
    const current = page.locator('.tree .row--current');
    expect(await current.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(rgb(green.fill));
    expect(await current.evaluate((el) => getComputedStyle(el).color)).toBe(rgb(green.onFill));
    await scheme(page, 'dark');
    expect(await style(page, 'html', '--accent-text')).toBe(green.textDark);
    expect(await style(page, 'html', '--focus-ring')).toBe(green.ringDark);
    expect(await current.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(rgb(green.fill));
    await scheme(page, 'light');
    expect(await lookAt(page, 'accent-green-review')).toEqual({});
    // Excluded, the current row carries Restore and its menu's pull-down, painted over the fill: still readable.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Backspace');
    await page.locator('.tree .row--current .row__more').waitFor();
    expect(await lookAt(page, 'accent-green-excluded')).toEqual({});
    await page.keyboard.press('Meta+z');
    await page.locator('.tree .row--current .row__more').waitFor({ state: 'detached' });

    // Yellow is too light for white text: the text on it turns dark instead of the fill turning brown.
    const yellow = accentPalette('#ffc600');
    app.setSystemAccent('ffc600ff');
    await expect.poll(() => current.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(rgb('#ffc600'));
    expect(await current.evaluate((el) => getComputedStyle(el).color)).toBe(rgb(yellow.onFill));
    expect(await lookAt(page, 'accent-yellow-review')).toEqual({});

    // The accent goes away (a system with none): the blue comes back.
    app.setSystemAccent(undefined);
    await expect.poll(() => current.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(rgb('#0063cf'));

    // The selection, in dark: the app's selected words in the tree and text selected in the panel
    // wear one clear blue (the accent tinted as macOS tints selected text), the text on it white,
    // not a yellow wash gone olive over the dark window.
    const blue = accentPalette('#007aff');
    await page.locator('.composer__prompt').focus();
    await scheme(page, 'dark');
    const selected = page.locator('.row--selection .row__title bdi').first();
    expect(await selected.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(rgb(blue.selectionDark));
    expect(await selected.evaluate((el) => getComputedStyle(el).color)).toBe('rgba(255, 255, 255, 0.9)');
    expect(await page.locator('.header__title').evaluate((el) => getComputedStyle(el, '::selection').backgroundColor)).toBe(rgb(blue.selectionDark));
    await scheme(page, 'light');
    expect(await selected.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(rgb(blue.selectionLight));
    expect(await page.locator('.header__title').evaluate((el) => getComputedStyle(el, '::selection').backgroundColor)).toBe(rgb(blue.selectionLight));
    expect(await style(page, 'html', '--system-accent')).toBe('');
    expect(pageErrors(page)).toEqual([]);
  });
});

/** The focus ring as computed: style, width, colour, offset. */
const ringOf = (locator: ReturnType<Page['locator']>): Promise<string> => locator.evaluate((el) => {
  const s = getComputedStyle(el);
  return s.outlineStyle === 'none' ? 'none' : `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor} offset ${s.outlineOffset}`;
});

describe('focus rings', () => {
  it('ring only for keyboard travel: none on the default button focused on show or pressed with the pointer; Tab rings a control with one 3 px accent ring hugging it, and the default button 1 px off its fill', async () => {
    const { page } = await world.openPanel();
    const button = primary(page);
    await button.waitFor();
    // Focused as the panel shows: the default button is marked by its fill, as on a Mac, not by a ring.
    await expect.poll(() => button.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await ringOf(button)).toBe('none');
    // Shift-Tab: the keyboard travels, and the control it reaches has the one ring, hugging its shape.
    await page.keyboard.press('Shift+Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Look again');
    expect(await ringOf(page.getByRole('button', { name: 'Look again' }))).toBe(`solid 3px ${rgb('#0064d1')} offset 0px`);
    expect(await lookAt(page, 'focus-ring-link')).toEqual({});
    // Back on the default button: the same ring, 1 px off the fill it would vanish into (#0064d1 on #0063cf).
    await page.keyboard.press('Tab');
    await expect.poll(() => button.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await ringOf(button)).toBe(`solid 3px ${rgb('#0064d1')} offset 1px`);
    expect(await lookAt(page, 'focus-ring-primary')).toEqual({});
    // A press with the pointer ends the travel: no ring, though the button keeps the focus (released off it: no click).
    const box = await button.boundingBox();
    if (!box) throw new Error('the default button has no box');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(4, 4);
    await page.mouse.up();
    expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await ringOf(button)).toBe('none');
    expect(pageErrors(page)).toEqual([]);
  });
});

/** A colourful picture standing in for the desktop behind the window: bright stripes and blocks. */
const DESKTOP = [
  'linear-gradient(135deg, rgba(255, 59, 48, 0.9) 0 18%, rgba(255, 204, 0, 0.9) 18% 36%, rgba(52, 199, 89, 0.9) 36% 54%, rgba(0, 122, 255, 0.9) 54% 72%, rgba(175, 82, 222, 0.9) 72% 100%)',
  'repeating-linear-gradient(0deg, #000 0 6px, #fff 6px 12px)',
].join(', ');

describe('vibrancy', () => {
  it('with the menu material behind the window, html, body and the root are transparent and the panel only tints, in light and dark', async () => {
    const { app, page } = await world.openPanel({ look: { vibrant: true } });
    await primary(page).waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('vibrant'))).toBe(true);
    for (const colorScheme of ['light', 'dark'] as const) {
      await scheme(page, colorScheme);
      for (const selector of ['html', 'body', '#root']) expect(alpha(await style(page, selector, 'background-color')), `${selector} in ${colorScheme}`).toBe(0);
      const tint = alpha(await style(page, '.panel', 'background-color'));
      expect(tint, `the panel's tint in ${colorScheme}`).toBeGreaterThan(0);
      expect(tint, `the panel's tint in ${colorScheme}`).toBeLessThan(1);
    }
    await scheme(page, 'light');

    await pressHotkey(app, { pid: world.providers['sample']?.pid ?? -1, name: 'Sample Notes' });
    await page.getByRole('tree', { name: 'Collected context' }).waitFor();

    // Seen over a colourful desktop. The window's material (NSVisualEffectView's menu material)
    // blurs and washes what is behind it before the page's tint is painted over it; only a Mac
    // has it, so here the body stands in for it (a blur and a wash, set through the CSSOM, which
    // the page's CSP allows), over the picture on the html element. Readability under the real
    // material is judged in these pictures and on a Mac (test/electron/mac-look.test.ts).
    await page.evaluate((picture) => {
      document.documentElement.style.setProperty('background', picture);
      document.body.style.setProperty('backdrop-filter', 'blur(24px) saturate(1.6)');
      document.body.style.setProperty('background', 'light-dark(rgba(240, 240, 242, 0.55), rgba(28, 28, 30, 0.6))');
    }, DESKTOP);
    // axe cannot judge text over a picture seen through translucent layers: these are looked at.
    await lookAt(page, 'vibrant-review', { axe: false });
    app.setSystemAccent('62ba46ff');
    await expect.poll(() => style(page, 'html', '--system-accent')).toBe('#62ba46');
    await lookAt(page, 'vibrant-green-review', { axe: false });
    expect(pageErrors(page)).toEqual([]);
  });

  it('without vibrancy (any other system) the page is opaque', async () => {
    const { page } = await world.openPanel();
    await primary(page).waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('vibrant'))).toBe(false);
    for (const selector of ['html', 'body', '#root']) expect(alpha(await style(page, selector, 'background-color')), selector).toBe(1);
  });
});
