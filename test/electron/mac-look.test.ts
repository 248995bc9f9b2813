// The Mac look (the system's accent, vibrancy) in Electron on a Mac (npm run test:electron; the mac workflow runs it):
// the panel's accent is the one the system reports (systemPreferences.getAccentColor), and the
// panel window has the menu vibrancy with a page that is transparent over it, in light and dark.
// What can be seen without a Mac runs in Chromium in test/e2e/mac-look.test.ts; the colours
// derived from the accent are checked in test/renderer/accent-palette.test.ts.
import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { accentFromSystem } from '../../contract/appearance.js';
import { accentPalette, parseHex } from '../../renderer/src/appearance/palette.js';
import { electronAvailability } from './availability.js';
import { openPanel } from './flows.js';
import { launchGlance, type Glance } from './launch.js';

const available = electronAvailability().ok;
const SHOTS = 'test-results/electron';

const rgb = (hex: string): string => `rgb(${parseHex(hex).join(', ')})`;
/** The alpha of a computed colour ('rgb(…)' is opaque, 'rgba(…, a)' has it last). */
const alpha = (colour: string): number => (colour.startsWith('rgba(') ? Number(colour.slice(5, -1).split(',')[3]) : colour === 'transparent' ? 0 : 1);

function computed(page: Page, selector: string, property: string): Promise<string> {
  return page.locator(selector).first().evaluate((el, name) => getComputedStyle(el).getPropertyValue(name).trim(), property);
}

describe.skipIf(!available)('the Mac look in Electron', () => {
  let glance: Glance | undefined;
  afterEach(async () => {
    await glance?.close();
    glance = undefined;
  });

  it("paints the panel in the system's accent colour (systemPreferences.getAccentColor)", async () => {
    glance = await launchGlance();
    const page = await openPanel(glance);
    const system = await glance.app.evaluate(({ systemPreferences }) => systemPreferences.getAccentColor());
    const accent = accentFromSystem(system);
    expect(accent, `getAccentColor gave ${system}, which is not RGBA hex`).not.toBeNull();
    await expect.poll(() => computed(page, 'html', '--system-accent'), { message: "the page's accent should be the system's" }).toBe(accent);
    // The primary button is filled with the colour derived from it (readable text on it).
    const palette = accentPalette(accent ?? '');
    const button = page.getByRole('button', { name: 'Try with Sample Notes' });
    expect(await button.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(rgb(palette.fill));
    expect(await button.evaluate((el) => getComputedStyle(el).color)).toBe(rgb(palette.onFill));
  });

  it('the panel window has the menu vibrancy: html, body and the root are transparent and the panel only tints, light and dark', async () => {
    glance = await launchGlance();
    const page = await openPanel(glance);
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('vibrant')), { message: 'main says the window is vibrant' }).toBe(true);
    await mkdir(SHOTS, { recursive: true });
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      for (const selector of ['html', 'body', '#root']) expect(alpha(await computed(page, selector, 'background-color')), `${selector} in ${colorScheme}`).toBe(0);
      const tint = alpha(await computed(page, '.panel', 'background-color'));
      expect(tint, `the panel's tint in ${colorScheme}`).toBeGreaterThan(0);
      expect(tint, `the panel's tint in ${colorScheme}`).toBeLessThan(1);
      // The page alone (the material is the window's, not in this picture), to look at.
      await page.screenshot({ path: `${SHOTS}/mac-look-vibrant-${colorScheme}.png` });
    }
  });
});
