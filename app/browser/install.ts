/**
 * Installing Glance's browser helper, as `glance browser install|uninstall|status` does and a
 * Settings pane can: the native messaging host's manifest where the browser looks, and the
 * launcher it names. The launcher is a small `#!/bin/sh` script that `exec`s this Node on the
 * built helper, so the helper keeps the pid the browser started (its child: the protocol's
 * helper rule, docs/protocol.md). The extension itself is loaded by the user (docs/browser.md).
 */
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { openSubfolder } from '../home/folder.js';
import { writeFileAtomic } from '../home/files.js';
import { BROWSERS, userDataFolder, type BrowserName, type Surroundings } from './browsers.js';
import { extensionIdOf } from './extension-id.js';
import { BROWSER_FOLDER, readConnected, readInstalled, writeInstalled, type Connected, type InstallEntry } from './records.js';
import { shippedFiles, type ShippedFiles } from './shipped.js';

/** The native messaging host's name, as the extension's service worker connects to it. */
export const HOST_NAME = 'io.appcontext.glance.browser';
const LAUNCHER = 'glance-browser-helper';

/** Why installing or removing cannot go on: one sentence that says what to do. */
export class BrowserSetupError extends Error {}

export interface InstallOptions {
  /** The browser whose folder gets the manifest (default chrome); with profileDir, only its name for the steps. */
  browser?: BrowserName;
  /** A browser's own user-data folder (its --user-data-dir): the manifest goes to DIR/NativeMessagingHosts. */
  profileDir?: string;
  /** Glance's data folder. */
  home: string;
  at: Surroundings;
  /** Where the extension and the built helper are (default: this installation's). */
  files?: ShippedFiles;
  /** The Node the launcher runs the helper with (default: this one; none for a helper that is a program, `files.program`). */
  node?: string;
}

export interface InstallResult {
  manifestPath: string;
  launcherPath: string;
  extensionDir: string;
  extensionId: string;
  /** The browser as users know it, and the page where it loads an extension. */
  label: string;
  extensionsPage: string;
}

/** A path in single quotes for sh. */
const shQuote = (text: string): string => `'${text.replace(/'/g, `'\\''`)}'`;

function launcherScript(node: string | null, helper: string, home: string): string {
  return [
    '#!/bin/sh',
    '# Glance\'s browser helper, started by the browser for Glance\'s extension; written by',
    '# `glance browser install`, removed by `glance browser uninstall`. exec keeps the pid the',
    '# browser gave, so the helper stays the browser\'s child.',
    `GLANCE_HOME=${shQuote(home)}`,
    'export GLANCE_HOME',
    node === null ? `exec ${shQuote(helper)} "$@"` : `exec ${shQuote(node)} ${shQuote(helper)} "$@"`,
    '',
  ].join('\n');
}

/** Writes the launcher and the host manifest; returns where, and the extension's folder and id. */
export async function installBrowserHelper(options: InstallOptions): Promise<InstallResult> {
  const browser = options.browser ?? 'chrome';
  const files = options.files ?? shippedFiles();
  if (!existsSync(files.helper)) throw new BrowserSetupError(`the browser helper is not built (${files.helper} is missing); run \`npm run build\` in the Glance folder, then install again`);
  if (!existsSync(join(files.extension, 'manifest.json'))) throw new BrowserSetupError(`the extension's folder ${files.extension} has no manifest.json; this installation of Glance is incomplete`);
  let folder: string;
  if (options.profileDir !== undefined) folder = options.profileDir;
  else {
    const found = userDataFolder(browser, options.at);
    if (!found.ok) throw new BrowserSetupError(found.reason);
    folder = found.path;
  }
  const extensionId = extensionIdOf(files.extension);
  const own = await openSubfolder(options.home, BROWSER_FOLDER);
  const launcherPath = join(own, LAUNCHER);
  await writeFileAtomic(launcherPath, launcherScript(files.program === true ? null : (options.node ?? process.execPath), files.helper, options.home));
  await chmod(launcherPath, 0o700);
  const hosts = join(folder, 'NativeMessagingHosts');
  await mkdir(hosts, { recursive: true });
  const manifestPath = join(hosts, `${HOST_NAME}.json`);
  const manifest = { name: HOST_NAME, description: 'Glance: shares the page in front with Glance on this computer, when you press its hotkey', path: launcherPath, type: 'stdio', allowed_origins: [`chrome-extension://${extensionId}/`] };
  await writeFile(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o644 });
  const installed = await readInstalled(options.home);
  const entry: InstallEntry = { browser: options.profileDir !== undefined && options.browser === undefined ? null : browser, profileDir: options.profileDir ?? null, manifestPath };
  await writeInstalled(options.home, { launcherPath, manifests: [...installed.manifests.filter((m) => m.manifestPath !== manifestPath), entry] });
  return { manifestPath, launcherPath, extensionDir: files.extension, extensionId, label: BROWSERS[browser].label, extensionsPage: BROWSERS[browser].extensionsPage };
}

/** True when the file at `path` is a host manifest install wrote (our name, our launcher). */
async function isOurManifest(path: string, launcherPath: string | null): Promise<boolean> {
  try {
    const manifest = JSON.parse(await readFile(path, 'utf8')) as { name?: unknown; path?: unknown };
    return manifest.name === HOST_NAME && (launcherPath === null || manifest.path === launcherPath);
  } catch {
    return false;
  }
}

/** Removes what install wrote: each manifest still ours, the launcher, and the records. Returns the paths removed. */
export async function uninstallBrowserHelper(home: string): Promise<string[]> {
  const installed = await readInstalled(home);
  const removed: string[] = [];
  for (const { manifestPath } of installed.manifests) {
    if (!(await isOurManifest(manifestPath, installed.launcherPath))) continue;
    await rm(manifestPath, { force: true });
    removed.push(manifestPath);
  }
  const own = join(home, BROWSER_FOLDER);
  for (const path of [installed.launcherPath, join(own, 'installed.json'), join(own, 'connected.json')]) {
    if (path === null || !existsSync(path)) continue;
    await rm(path, { force: true });
    removed.push(path);
  }
  return removed;
}

export interface BrowserHelperStatus {
  installed: (InstallEntry & { present: boolean })[];
  launcherPath: string | null;
  /** The helper's last start, and whether it (and so the extension's connection) still runs. */
  connected: (Connected & { running: boolean }) | null;
}

/** True when the process runs (signal 0 reaches it). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** What is installed, and whether the extension has connected. */
export async function browserHelperStatus(home: string): Promise<BrowserHelperStatus> {
  const installed = await readInstalled(home);
  const manifests = await Promise.all(installed.manifests.map(async (m) => ({ ...m, present: await isOurManifest(m.manifestPath, installed.launcherPath) })));
  const connected = await readConnected(home);
  return { installed: manifests, launcherPath: installed.launcherPath, connected: connected === undefined ? null : { ...connected, running: running(connected.helperPid) } };
}
