import type { MainPorts } from '../../../main/ports.js';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { createOs } from '../../../app/os/index.js';
import { SETTINGS_FILE } from '../../../app/settings/store.js';
import { MAX_TIMEOUT_MS } from '../../../contract/settings.js';
import { makeProvidersDir } from '../../helpers/providers-dir.js';
import { spawnNode, type Spawned } from '../../helpers/spawn.js';
import type { SafeStorageLike } from '../../../main/secrets.js';
import { launchBrowser } from './browser.js';
import { buildTestBridge, ensureRendererBuilt, ROOT } from './build.js';
import { startTestApp, type TestApp } from './server.js';
import type { TestAccessibility, TestLook } from './test-main.js';

const READY = /is providing context \(pid (\d+), endpoint (http:\/\/127\.0\.0\.1:\d+\/\S*)\)\n/;

/** Everything one e2e file shares: the built panel, real providers, a browser. */
export interface World {
  env: NodeJS.ProcessEnv;
  providers: Record<string, Spawned>;
  /** Stops a provider and starts it again (a new process, so a new pid and instance). */
  restartProvider(name: string, spec: ProviderSpec): Promise<Spawned>;
  /**
   * A fresh test app (main's pieces) and a page showing its panel; `look` is the system's (no
   * vibrancy, no accent by default); `safeStorage` replaces the test Keychain; `seed` writes
   * into its data folder before it starts; `modelFetch` is what the model backends send with
   * (a test's own DNS lookup: test/helpers/lookup-fetch.ts); `localServers` the ports the welcome
   * asks for a running model server (none by default); `accessibility` the reader and the
   * macOS permission (test-main.ts); `env` adds to the environment main runs in (XDG_DATA_DIRS,
   * where it finds the apps' icons).
   *
   * The time limit is the longest Settings allows, unless `defaultTimeLimit` (a test about the
   * limit, or a picture of Settings for the docs): with the default 1.5 s, Sample Notes' first
   * answer (connect, the connect-time check's walk of every process's fds, initialize, the tool
   * list and `current`, in a test process that also drives Chromium) missed the limit at load 28
   * every time, and the panel showed a timeout where the test waited for the tree.
   */
  openPanel(options?: { env?: NodeJS.ProcessEnv; home?: string; browserHelper?: MainPorts['browserHelper']; command?: MainPorts['command']; look?: TestLook; safeStorage?: SafeStorageLike; modelFetch?: typeof fetch; localServers?: MainPorts['localServers']; accessibility?: TestAccessibility; defaultTimeLimit?: boolean; seed?(dataDir: string): Promise<void> }): Promise<{ app: TestApp; page: Page }>;
  close(): Promise<void>;
}

/** Which compiled provider to run, with its knobs. */
export interface ProviderSpec {
  script: 'sample' | 'configurable';
  env?: NodeJS.ProcessEnv;
}

/** Starts the compiled providers, each publishing into one fresh providers folder. */
export async function createWorld(providers: Record<string, ProviderSpec>): Promise<World> {
  const [rendererDir, bridgeJs, overlayBridgeJs, dir] = await Promise.all([ensureRendererBuilt(), buildTestBridge('bridge'), buildTestBridge('overlay-bridge'), makeProvidersDir()]);
  const started: Record<string, Spawned> = {};
  const start = async (name: string, spec: ProviderSpec): Promise<Spawned> => {
    const script = spec.script === 'sample' ? 'dist/provider/sample/main.js' : 'dist/provider/testing/configurable.js';
    const child = spawnNode(join(ROOT, script), [], { ...dir.env, ...spec.env });
    await child.waitFor(READY, 15_000);
    started[name] = child;
    return child;
  };
  await Promise.all(Object.entries(providers).map(([name, spec]) => start(name, spec)));
  const browser = await launchBrowser();
  const apps: TestApp[] = [];
  const dataDirs: string[] = [];
  return {
    env: dir.env,
    providers: started,
    async restartProvider(name, spec) {
      await started[name]?.stop();
      return start(name, spec);
    },
    async openPanel(options = {}) {
      const dataDir = await mkdtemp(join(tmpdir(), 'glance-data-'));
      dataDirs.push(dataDir);
      const { seed, env, defaultTimeLimit, ...appOptions } = options;
      if (defaultTimeLimit !== true) await writeFile(join(dataDir, SETTINGS_FILE), JSON.stringify({ timeoutMs: MAX_TIMEOUT_MS }), { mode: 0o600 });
      await seed?.(dataDir);
      const app = await startTestApp({ rendererDir, bridgeJs, overlayBridgeJs, os: createOs(), env: { ...dir.env, ...env }, dataDir, ...appOptions });
      apps.push(app);
      const page = await browser.context.newPage();
      // Every status the panel shows, in order: "collecting" may last only milliseconds.
      await page.addInitScript(recordTexts, { testId: 'status', into: 'statuses' });
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => { if (message.type() === 'error') errors.push(message.text()); });
      (page as Page & { errors?: string[] }).errors = errors;
      await page.goto(app.url);
      await app.panelListening();
      return { app, page };
    },
    async close() {
      await browser.close();
      await Promise.all(apps.map((app) => app.close()));
      await Promise.all(Object.values(started).map((child) => child.stop()));
      await Promise.all(dataDirs.map((d) => rm(d, { recursive: true, force: true })));
      await dir.cleanup();
    },
  };
}

/** Presses the hotkey with `pid` in front, as the OS would report it. */
export async function pressHotkey(app: TestApp, front: { pid: number; name?: string }): Promise<void> {
  const response = await fetch(new URL('test/hotkey', app.url), { method: 'POST', body: JSON.stringify(front) });
  if (response.status !== 202) throw new Error(`hotkey endpoint answered ${response.status}`);
}

/**
 * Runs in the page: records every text the element with this test id shows, in order, into
 * `window[into]`. A poll could miss a text that lasts only milliseconds ("collecting", one
 * streamed piece); a MutationObserver sees each one.
 */
export function recordTexts({ testId, into }: { testId: string; into: string }): void {
  const seen: string[] = [];
  (window as unknown as Record<string, string[]>)[into] = seen;
  new MutationObserver(() => {
    const text = document.querySelector(`[data-testid="${testId}"]`)?.textContent ?? '';
    if (text && seen[seen.length - 1] !== text) seen.push(text);
  }).observe(document, { subtree: true, childList: true, characterData: true });
}

/** The statuses the page has shown so far. */
export function statuses(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { statuses: string[] }).statuses);
}

/** The payload sheet shows the app's context as an outline; its checkbox shows exactly what is sent, as JSON. */
export async function showExactPayload(page: Page): Promise<void> {
  await page.getByRole('checkbox', { name: 'Show the exact JSON' }).check();
}

/** Opens the payload sheet (exactly what Ask sends, as JSON), waits for main's payload, reads it, closes it. */
export async function payloadText(page: Page): Promise<string> {
  await page.getByTestId('send-summary').click();
  await showExactPayload(page);
  const preview = page.getByTestId('preview');
  await expect.poll(() => preview.textContent()).toContain('<app_context>');
  const text = (await preview.textContent()) ?? '';
  await page.getByRole('button', { name: 'Done' }).click();
  return text;
}

/** Errors the page reported (CSP violations included): a clean run has none. */
export function pageErrors(page: Page): string[] {
  return (page as Page & { errors?: string[] }).errors ?? [];
}
