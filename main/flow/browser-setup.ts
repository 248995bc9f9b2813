import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { BROWSER_NAMES, BROWSERS, browserHelperStatus, extensionIdOf, installBrowserHelper, shippedFiles, uninstallBrowserHelper, userDataFolder, type BrowserName, type ShippedFiles, type Surroundings } from '../../app/host.js';
import { BROWSER_IDS, type BrowserView } from '../../contract/browser-setup.js';
import type { Logger } from '../../app/host.js';
import { tildePath } from './home-paths.js';

// The contract's list and the core's are one list: each side must name every browser of the other.
const SAME_IDS: readonly BrowserName[] = BROWSER_IDS;
const SAME_NAMES: readonly (typeof BROWSER_IDS)[number][] = BROWSER_NAMES;
void [SAME_IDS, SAME_NAMES];

/** Settings › Browser as main serves it: `glance browser install|uninstall|status` over the same files. */
export interface BrowserSetup {
  view(): Promise<BrowserView>;
  install(browser: BrowserName): Promise<BrowserView>;
  remove(): Promise<BrowserView>;
  /** Shows the extension's folder in the file manager; false when it is not there. */
  reveal(): boolean;
}

export interface BrowserSetupDeps {
  /** Glance's data folder, where install keeps its records and the launcher. */
  home: string;
  /** The user's home, platform and environment: where each browser keeps its data. */
  at: Surroundings;
  /** The extension and the helper as this installation ships them (default: found beside the code, app/browser/shipped.ts). */
  files?: ShippedFiles;
  /** The program the launcher runs the helper with (default: install's own choice). */
  node?: string;
  showItemInFolder(path: string): void;
  logger: Logger;
}

export function createBrowserSetup(deps: BrowserSetupDeps): BrowserSetup {
  const files = (): ShippedFiles => deps.files ?? shippedFiles();
  const found = (browser: BrowserName): boolean => {
    const folder = userDataFolder(browser, deps.at);
    return folder.ok && existsSync(folder.path);
  };
  const view = async (extra: Pick<BrowserView, 'problem' | 'removed'> = {}): Promise<BrowserView> => {
    const status = await browserHelperStatus(deps.home);
    const extension = files().extension;
    let extensionId: string | null = null;
    try {
      extensionId = extensionIdOf(extension);
    } catch {
      // No manifest: the installation is incomplete, which install says when asked.
    }
    const browsers = BROWSER_NAMES.map((browser) => ({
      browser,
      label: BROWSERS[browser].label,
      found: found(browser),
      installed: status.installed.some((m) => m.browser === browser && m.present),
      extensionsPage: BROWSERS[browser].extensionsPage,
    })).filter((row) => row.found || row.installed);
    const c = status.connected;
    return {
      browsers,
      extensionDir: tildePath(extension, deps.at.home),
      extensionId,
      connected: c === null ? null : { browser: c.browser, at: c.at, running: c.running },
      ...extra,
    };
  };
  return {
    view: () => view(),
    async install(browser) {
      const shipped = files();
      // Said before anything is written: what install would refuse, as kinds the panel words.
      if (!existsSync(shipped.helper) || !existsSync(join(shipped.extension, 'manifest.json'))) return view({ problem: 'not-built' });
      if (!userDataFolder(browser, deps.at).ok) return view({ problem: 'unsupported' });
      try {
        await installBrowserHelper({ home: deps.home, browser, at: deps.at, files: shipped, ...(deps.node !== undefined ? { node: deps.node } : {}) });
        return await view();
      } catch (error) {
        deps.logger.warn(`browser: the helper could not be installed (${error instanceof Error ? error.message : 'unknown error'})`);
        return view({ problem: 'failed' });
      }
    },
    async remove() {
      try {
        return await view({ removed: (await uninstallBrowserHelper(deps.home)).length });
      } catch (error) {
        deps.logger.warn(`browser: the helper could not be removed (${error instanceof Error ? error.message : 'unknown error'})`);
        return view({ problem: 'failed' });
      }
    },
    reveal() {
      const extension = files().extension;
      if (!existsSync(extension)) return false;
      deps.showItemInFolder(extension);
      return true;
    },
  };
}
