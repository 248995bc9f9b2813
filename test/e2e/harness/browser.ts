import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { PANEL_SIZE } from '../../../contract/appearance.js';

/**
 * Debian's Chromium; `npx playwright install` cannot download a browser here. GLANCE_CHROMIUM
 * names another Chromium-based browser where there is none (the mac workflow: Google Chrome).
 */
const CHROMIUM = process.env['GLANCE_CHROMIUM'] ?? '/usr/bin/chromium';

/** A Retina Mac's pixels: hairlines, glyphs and icons are judged as a Mac user sees them, not at 1x. */
const DEVICE_SCALE = 2;

/**
 * A fresh headless Chromium with its own profile folder (Playwright passes the folder as
 * --user-data-dir), the flags that keep it from reaching the network on its own.
 */
export async function launchBrowser(): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const profile = await mkdtemp(join(tmpdir(), 'glance-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    // The panel's size in Electron, so screenshots show what a user sees.
    viewport: { ...PANEL_SIZE },
    deviceScaleFactor: DEVICE_SCALE,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  return {
    context,
    close: async () => {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}
