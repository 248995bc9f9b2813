import { copyFile, mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { axeViolations, type Violation } from './axe.js';

/** Where every state's screenshots go (not committed). */
const STATES_DIR = 'test-results/states';
/**
 * `npm run screenshots` sets this to docs/images: the states named in DOC_STATES are copied
 * there, light and dark, at the panel's width and at 300 px (`-300`), for the README and docs/app.md.
 */
const DOCS_DIR = process.env['GLANCE_SCREENSHOTS'];
const DOC_STATES = new Set([
  'first-run', 'review', 'excluded', 'undo', 'conversation', 'answer-markdown-top', 'answer-code', 'chip-states', 'error-timeout', 'settings',
  'privacy-withheld', 'privacy-history', 'settings-browser', 'browser-review', 'accessibility-answer', 'accessibility-history',
]);
/**
 * A narrow panel (a third less than the panel's 420, PANEL_SIZE in contract/appearance.ts): every state must still read, and
 * pass axe-core, when the words have less room than they were laid out for.
 */
const NARROW_WIDTH = 300;

/**
 * One state of the panel, looked at as a user would: a screenshot in light and in dark (the
 * system appearance emulated), at the panel's width and at its narrowest, and axe-core over
 * each, since contrast and what fits differ. The page's size is put back after. Returns every
 * violation found, of any impact, by scheme (and `-300` for the narrow width).
 */
export async function captureState(page: Page, name: string): Promise<Record<string, Violation[]>> {
  await mkdir(STATES_DIR, { recursive: true });
  const found: Record<string, Violation[]> = {};
  const size = page.viewportSize();
  const widths = size && size.width > NARROW_WIDTH ? [size.width, NARROW_WIDTH] : [size?.width];
  try {
    for (const width of widths) {
      const narrow = width === NARROW_WIDTH && widths.length > 1;
      if (narrow && size) await page.setViewportSize({ width: NARROW_WIDTH, height: size.height });
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
        // A frame for the new colours (and the new width), then the picture.
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
        const suffix = narrow ? `-${NARROW_WIDTH}` : '';
        const file = `${STATES_DIR}/${name}-${scheme}${suffix}.png`;
        await page.screenshot({ path: file });
        if (DOCS_DIR && DOC_STATES.has(name)) {
          await mkdir(DOCS_DIR, { recursive: true });
          await copyFile(file, `${DOCS_DIR}/panel-${name}-${scheme}${suffix}.png`);
        }
        const violations = await axeViolations(page);
        if (violations.length > 0) found[`${scheme}${suffix}`] = violations;
      }
    }
  } finally {
    if (size) await page.setViewportSize(size);
    await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'no-preference' });
  }
  return found;
}
