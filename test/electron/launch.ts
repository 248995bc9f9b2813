/**
 * Starts Glance in Electron for one test, through Playwright's Electron support (`_electron`
 * from playwright-core), with its own GLANCE_HOME and providers folder (both 0700, removed on
 * close). `launchGlance()` runs the built app from this checkout in node_modules' Electron, with
 * the probe (fixtures/probe.cjs) preloaded; `launchPackaged()` runs a packaged Glance.app as a
 * user would, with nothing preloaded.
 */
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron, type ElectronApplication, type Page } from 'playwright-core';

const root = process.cwd();
const probePath = join(root, 'test/electron/fixtures/probe.cjs');

/** One running Glance and the folders it was given. */
export interface Glance {
  readonly app: ElectronApplication;
  /** GLANCE_HOME: Glance's data folder for this launch. */
  readonly home: string;
  /** APP_CONTEXT_PROVIDERS_DIR: where Sample Notes publishes its descriptor. */
  readonly providers: string;
  /** The main process's pid. */
  readonly pid: number;
  /** What the main process printed (Glance's log lines), for failure messages. */
  output(): string;
  /** The descriptor files in the providers folder now. */
  descriptors(): Promise<string[]>;
  /** The panel's page (index.html), once its window exists. */
  panel(): Promise<Page>;
  /** Quits Glance as the menu's Quit does (app.quit) and waits for it to exit. */
  quit(): Promise<void>;
  /** Quits Glance if it still runs, and removes its folders. */
  close(): Promise<void>;
}

async function folders(): Promise<{ base: string; home: string; providers: string }> {
  const base = await mkdtemp(join(tmpdir(), 'glance-electron-'));
  const home = join(base, 'home');
  const providers = join(base, 'providers');
  await mkdir(home, { mode: 0o700 });
  await mkdir(providers, { mode: 0o700 });
  return { base, home, providers };
}

function environment(home: string, providers: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined) env[key] = value;
  // A test runner inside Electron (or a shell left with it) would start plain Node instead.
  delete env['ELECTRON_RUN_AS_NODE'];
  return { ...env, GLANCE_HOME: home, APP_CONTEXT_PROVIDERS_DIR: providers };
}

async function wrap(app: ElectronApplication, base: string, home: string, providers: string): Promise<Glance> {
  let output = '';
  const child = app.process();
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const pid = child.pid ?? -1;
  let quitting: Promise<void> | undefined;
  const quit = (): Promise<void> => (quitting ??= app.close());
  return {
    app,
    home,
    providers,
    pid,
    output: () => output,
    descriptors: async () => (await readdir(providers)).filter((name) => name.endsWith('.json')),
    panel: async () => {
      // A window's page starts as about:blank and navigates to its file: look until it has.
      const deadline = Date.now() + 30_000;
      for (;;) {
        const found = app.windows().find((page) => page.url().endsWith('/renderer/index.html'));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`the panel window did not appear; Glance printed:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    quit,
    close: async () => {
      await quit();
      await rm(base, { recursive: true, force: true });
    },
  };
}

/**
 * The app as `npm start` runs it (dist/ built by the global setup), in node_modules' Electron,
 * with the probe preloaded. Fails at once when the probe did not isolate Electron's data folder
 * (Glance's own data follows GLANCE_HOME by itself).
 */
export async function launchGlance(): Promise<Glance> {
  const { base, home, providers } = await folders();
  // No executablePath: Playwright then runs electron's own binary through its loader, which
  // holds back `ready` until Playwright is connected, so no window is created unseen.
  const app = await _electron.launch({ args: ['-r', probePath, root], cwd: root, env: environment(home, providers), timeout: 60_000 });
  const glance = await wrap(app, base, home, providers);
  const userData = await app.evaluate(({ app: electronApp }) => electronApp.getPath('userData'));
  if (userData !== home) {
    await glance.close();
    throw new Error(`Glance used ${userData} as its data folder instead of the test's GLANCE_HOME; the probe did not run first`);
  }
  return glance;
}

/**
 * A packaged Glance.app (its own binary, app.asar, app.asar.unpacked) started as a user would.
 * Nothing is preloaded into it: GLANCE_HOME and --user-data-dir point Glance and Chromium at
 * the test's folder; quit any Glance you run yourself first (one Glance at a time). Playwright
 * starts it with --inspect=0, so it must be the ad-hoc kind (electron-builder.adhoc.yml), whose
 * inspector fuse is on: a release's is off, and its launch would time out.
 */
export async function launchPackaged(appBundle: string): Promise<Glance> {
  const { base, home, providers } = await folders();
  const executablePath = join(appBundle, 'Contents', 'MacOS', 'Glance');
  const app = await _electron.launch({ executablePath, args: [`--user-data-dir=${home}`], env: environment(home, providers), timeout: 60_000 });
  return wrap(app, base, home, providers);
}
