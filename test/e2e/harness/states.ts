import { copyFile, mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { axeViolations, type Violation } from './axe.js';

/** Where every state's screenshots go (not committed). */
const STATES_DIR = 'test-results/states';
/**
 * `npm run screenshots` sets this to docs/images: the states named in DOC_STATES are copied
 * there, light and dark, for the README and docs/app.md.
 */
const DOCS_DIR = process.env['GLANCE_SCREENSHOTS'];
const DOC_STATES = new Set(['first-run', 'review', 'excluded', 'conversation', 'error-timeout', 'settings', 'privacy-withheld', 'privacy-history']);

/**
 * One state of the panel, looked at as a user would: a screenshot in light and in dark (the
 * system appearance emulated), and axe-core over it in both, since contrast differs. Returns
 * the serious and critical violations found, by scheme.
 */
export async function captureState(page: Page, name: string): Promise<Record<string, Violation[]>> {
  await mkdir(STATES_DIR, { recursive: true });
  const found: Record<string, Violation[]> = {};
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    // A frame for the new colours, then the picture.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const file = `${STATES_DIR}/${name}-${scheme}.png`;
    await page.screenshot({ path: file });
    if (DOCS_DIR && DOC_STATES.has(name)) {
      await mkdir(DOCS_DIR, { recursive: true });
      await copyFile(file, `${DOCS_DIR}/panel-${name}-${scheme}.png`);
    }
    const violations = await axeViolations(page);
    if (violations.length > 0) found[scheme] = violations;
  }
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'no-preference' });
  return found;
}
