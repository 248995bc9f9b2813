/**
 * The browser page read two ways, side by side in one run: Debian's
 * Chromium on a desktop of the bench's own, with Glance's extension loaded and its helper
 * installed into the browser's own profile, one page and one selection; read through the
 * extension's provider (the host's collect, as a hotkey press makes it) and through
 * Accessibility (the AT-SPI reader). *Cold* is a new host (or reader) per sample: its first
 * press after Glance starts; *warm* a later press of the same one. Every sample must see the
 * selection, so a failed read cannot pass for a fast one. Then the hotkey to review for that
 * page: from the press to the tree painted in the panel (bench/review.ts's measure).
 */
import { readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { installBrowserHelper } from '../app/browser/install.js';
import { createAccessibilityReader, type AccessibilityReader } from '../app/os/accessibility/index.js';
import { createOs } from '../app/os/index.js';
import { CHROMIUM, startChromiumPage } from '../test/helpers/chromium-page.js';
import { missingDesktopTools, startDesktopSession } from '../test/helpers/desktop-session.js';
import { makeProvidersDir } from '../test/helpers/providers-dir.js';
import type { AccessibilityConfig } from './accessibility.js';
import { readable, readTimes } from './accessibility.js';
import { createCollector, type Collector } from './collector.js';
import { openBenchPanel } from './panel.js';
import { measure, p95, summarise, type Summary } from './stats.js';

/** Samples of each read, and presses of the hotkey (after `warmup` untimed ones). */
export interface BrowserConfig extends AccessibilityConfig {
  presses: number;
}

/** One way of reading the page, cold or warm, with its p95 beside the median. */
interface BrowserRow extends Summary {
  way: 'provider' | 'accessibility';
  state: 'cold' | 'warm';
  p95_ms: number;
}

/** The figures, or why none were measured (a machine without the desktop tools). */
export type BrowserResults = { rows: BrowserRow[]; review: Summary & { p95_ms: number } } | { skipped: string };

/** The selection the page is set up with (test/helpers/chromium-page.ts's first paragraph). */
const SELECTED = 'quick brown fox jumps over the lazy dog and keeps runnin';

interface Element { selected?: boolean; content?: { text?: string }[]; children?: Element[] }
const selectedText = (e: Element): string | undefined => (e.selected === true ? e.content?.[0]?.text : undefined) ?? (e.children ?? []).map(selectedText).find((t) => t !== undefined);

/** One collect that must see the selection. */
async function collectSelected(collector: Collector, pid: number): Promise<void> {
  const result = await collector.collect({ pid });
  if (result.kind !== 'collected') throw new Error(`the browser's provider did not answer: ${result.kind}`);
  if (selectedText(result.answer.root as Element) !== SELECTED) throw new Error('the browser\'s provider did not see the selection it was set up with');
}

/** Times with their p95, as a row. */
const row = (way: BrowserRow['way'], state: BrowserRow['state'], times: number[]): BrowserRow => ({ way, state, ...summarise(times), p95_ms: p95(times) });

async function waitFor(what: string, ready: () => Promise<boolean> | boolean): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!(await ready())) {
    if (Date.now() > deadline) throw new Error(`the browser bench gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function benchBrowser(config: BrowserConfig): Promise<BrowserResults> {
  if (process.platform !== 'linux') return { skipped: 'the desktop for this measurement is Linux (Xvfb, AT-SPI)' };
  const missing = missingDesktopTools([CHROMIUM]);
  if (missing.length > 0) return { skipped: `missing ${missing.join(', ')}` };
  const session = await startDesktopSession();
  const providers = await makeProvidersDir();
  const stops: (() => Promise<void>)[] = [];
  try {
    const profile = join(providers.dir, '..', 'profile');
    const installed = await installBrowserHelper({ home: providers.home, profileDir: profile, at: { home: homedir(), platform: process.platform, env: process.env } });
    const page = await startChromiumPage(session, 'not-read', {
      profile,
      args: [`--load-extension=${installed.extensionDir}`, `--disable-extensions-except=${installed.extensionDir}`],
      env: { APP_CONTEXT_PROVIDERS_DIR: providers.dir, GLANCE_HOME: providers.home },
    });
    stops.push(page.stop);
    await session.activate(page.window);
    // The browser starts the helper once the extension's worker runs.
    await waitFor('the helper\'s descriptor', () => readdirSync(providers.dir).some((name) => name.endsWith('.json')));
    await page.send({ select: ['p1', 4, 'p1', 60] });
    const os = createOs();
    const env = { ...providers.env, DISPLAY: session.display };
    const kept = createCollector(os, env);
    stops.push(kept.close);
    await waitFor('the selection through the provider', () => collectSelected(kept, page.pid).then(() => true, () => false));
    await readable(session, page.pid, SELECTED);

    const cold: number[] = [];
    for (let i = 0; i < config.cold; i += 1) {
      const fresh = createCollector(os, env);
      try {
        cold.push(...(await measure(1, 0, () => collectSelected(fresh, page.pid))));
      } finally {
        await fresh.close();
      }
    }
    const warm = await measure(config.warm, config.warmup, () => collectSelected(kept, page.pid));
    const ax = await readTimes((): AccessibilityReader => createAccessibilityReader({ env: session.env }), page.pid, SELECTED, config);
    const rows = [row('provider', 'cold', cold), row('accessibility', 'cold', ax.cold), row('provider', 'warm', warm), row('accessibility', 'warm', ax.warm)];

    // Hotkey to review: the panel's main reads the browser through the helper, as the app would.
    const panel = await openBenchPanel({ env: { APP_CONTEXT_PROVIDERS_DIR: providers.dir } });
    stops.push(panel.close);
    const presses: number[] = [];
    for (let press = 0; press < config.warmup + config.presses; press += 1) {
      const { pressedAt, paintedAt } = await panel.press(page.pid, 'Chromium');
      if (press >= config.warmup) presses.push(paintedAt - pressedAt);
    }
    return { rows, review: { ...summarise(presses), p95_ms: p95(presses) } };
  } finally {
    for (const stop of stops.reverse()) await stop();
    await session.stop();
    await providers.cleanup();
  }
}
