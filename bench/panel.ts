/**
 * The built panel in Debian's Chromium with main's real pieces behind the e2e bridge, for the
 * bench's panel figures (stream.ts, review.ts): the same harness as the end-to-end tests, run
 * from the compiled bench. Providers publish into a folder of its own; the data folder is its own.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { createOs } from '../app/os/index.js';
import { TREE_PAINTED_MARK } from '../contract/marks.js';
import { launchBrowser } from '../test/e2e/harness/browser.js';
import { buildTestBridge, ensureRendererBuilt, ROOT } from '../test/e2e/harness/build.js';
import { startTestApp, type TestApp } from '../test/e2e/harness/server.js';
import { makeProvidersDir } from '../test/helpers/providers-dir.js';
import { spawnNode, type Spawned } from '../test/helpers/spawn.js';

/** What the functions run in the page use (the bench compiles without the DOM's types; the page's CSP refuses strings). */
export interface PageGlobals {
  document: { querySelector(selector: string): { textContent: string | null } | null };
  glance: { saveSettings(patch: object): Promise<unknown> };
  performance: { timeOrigin: number; getEntriesByName(name: string): { startTime: number }[] };
}

/** A panel open in Chromium, and the providers it can read. */
export interface BenchPanel {
  app: TestApp;
  page: Page;
  /** Starts a compiled provider (`sample` or the configurable test provider) and returns its pid. */
  provider(script: 'sample' | 'configurable', env?: NodeJS.ProcessEnv): Promise<number>;
  /**
   * Presses the hotkey with `pid` in front and resolves once the page painted that press's
   * tree: with the time of the press (the epoch, in ms, read just before the hotkey's request)
   * and of the paint (the page's own mark, on the same clock).
   */
  press(pid: number, name: string): Promise<{ pressedAt: number; paintedAt: number }>;
  saveSettings(patch: object): Promise<void>;
  close(): Promise<void>;
}

/** The tree-painted marks so far, as epoch ms (the page's time origin plus each mark's time). */
function paintMarks(page: Page): Promise<number[]> {
  return page.evaluate((mark) => {
    const { performance } = globalThis as unknown as PageGlobals;
    return performance.getEntriesByName(mark).map((entry) => performance.timeOrigin + entry.startTime);
  }, TREE_PAINTED_MARK);
}

const READY = /is providing context \(pid (\d+), endpoint (http:\/\/127\.0\.0\.1:\d+\/\S*)\)\n/;

/** Opens the panel; `env` adds to main's (another providers folder: the browser's helper publishes in its own). */
export async function openBenchPanel(options: { env?: NodeJS.ProcessEnv } = {}): Promise<BenchPanel> {
  const dataDir = await mkdtemp(join(tmpdir(), 'glance-bench-panel-'));
  const [rendererDir, bridgeJs, overlayBridgeJs, dir] = await Promise.all([ensureRendererBuilt(), buildTestBridge('bridge'), buildTestBridge('overlay-bridge'), makeProvidersDir()]);
  const children: Spawned[] = [];
  const browser = await launchBrowser();
  const app = await startTestApp({ rendererDir, bridgeJs, overlayBridgeJs, os: createOs(), env: { ...dir.env, ...options.env }, dataDir });
  const page = await browser.context.newPage();
  await page.goto(app.url);
  await app.panelListening();
  // The longest time limit: on a loaded machine a slow answer is a figure, not a failure.
  await page.evaluate((p) => (globalThis as unknown as PageGlobals).glance.saveSettings(p), { timeoutMs: 10_000 });
  return {
    app,
    page,
    async provider(script, env = {}) {
      const file = script === 'sample' ? 'dist/provider/sample/main.js' : 'dist/provider/testing/configurable.js';
      const child = spawnNode(join(ROOT, file), [], { ...dir.env, ...env });
      children.push(child);
      return Number((await child.waitFor(READY, 30_000))[1]);
    },
    async press(pid, name) {
      const before = app.panelState().invocation?.id ?? -1;
      const marks = await paintMarks(page);
      const pressedAt = performance.timeOrigin + performance.now();
      const response = await fetch(new URL('test/hotkey', app.url), { method: 'POST', body: JSON.stringify({ pid, name }) });
      if (response.status !== 202) throw new Error(`hotkey endpoint answered ${response.status}`);
      for (;;) {
        const view = app.panelState().invocation;
        if (view && view.id !== before && view.phase !== 'collecting') {
          if (view.phase !== 'collected') throw new Error(`the press ended ${view.phase}: ${view.failure ?? ''} ${view.reason ?? ''}`);
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await page.waitForFunction(([mark, count]) => (globalThis as unknown as PageGlobals).performance.getEntriesByName(mark).length > count, [TREE_PAINTED_MARK, marks.length] as const, { timeout: 120_000 });
      const painted = (await paintMarks(page)).at(-1) ?? Number.NaN;
      return { pressedAt, paintedAt: painted };
    },
    async saveSettings(patch) {
      await page.evaluate((p) => (globalThis as unknown as PageGlobals).glance.saveSettings(p), patch);
    },
    async close() {
      await browser.close();
      await app.close();
      await Promise.all(children.map((child) => child.stop()));
      await dir.cleanup();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
