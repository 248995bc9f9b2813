/**
 * The Chromium-based browsers Glance's extension runs in, and the folder where each looks for a
 * native messaging host's manifest for the user (the browsers' own documentation: Chrome's and
 * Chromium's "Native messaging" page, Microsoft Edge's "Native messaging" page, and each
 * browser's user-data folder for the others). A browser started with its own
 * `--user-data-dir=DIR` reads `DIR/NativeMessagingHosts` instead, which `--profile-dir` names.
 */
import { join } from 'node:path';

/** The browsers, by the name `glance browser install --browser NAME` takes. */
export const BROWSER_NAMES = ['chrome', 'chromium', 'brave', 'edge', 'arc', 'vivaldi'] as const;
export type BrowserName = (typeof BROWSER_NAMES)[number];

interface BrowserFacts {
  /** As users know it. */
  label: string;
  /** The user-data folder under ~/Library/Application Support on macOS. */
  darwin: string;
  /** The user-data folder under $XDG_CONFIG_HOME (~/.config) on Linux; undefined where the browser has no Linux build. */
  linux: string | undefined;
  /** The page where the user loads an unpacked extension. */
  extensionsPage: string;
}

export const BROWSERS: Readonly<Record<BrowserName, BrowserFacts>> = {
  chrome: { label: 'Google Chrome', darwin: 'Google/Chrome', linux: 'google-chrome', extensionsPage: 'chrome://extensions' },
  chromium: { label: 'Chromium', darwin: 'Chromium', linux: 'chromium', extensionsPage: 'chrome://extensions' },
  brave: { label: 'Brave', darwin: 'BraveSoftware/Brave-Browser', linux: 'BraveSoftware/Brave-Browser', extensionsPage: 'brave://extensions' },
  edge: { label: 'Microsoft Edge', darwin: 'Microsoft Edge', linux: 'microsoft-edge', extensionsPage: 'edge://extensions' },
  // Arc keeps its Chromium profile one level down, in "User Data"; it has no Linux build.
  arc: { label: 'Arc', darwin: 'Arc/User Data', linux: undefined, extensionsPage: 'arc://extensions' },
  vivaldi: { label: 'Vivaldi', darwin: 'Vivaldi', linux: 'vivaldi', extensionsPage: 'vivaldi://extensions' },
};

/** Where the surroundings are: the home folder, the platform, XDG_CONFIG_HOME. */
export interface Surroundings {
  home: string;
  platform: NodeJS.Platform;
  env: NodeJS.ProcessEnv;
}

/** A browser's user-data folder for this user, or why there is none on this platform. */
export function userDataFolder(browser: BrowserName, at: Surroundings): { ok: true; path: string } | { ok: false; reason: string } {
  const facts = BROWSERS[browser];
  if (at.platform === 'darwin') return { ok: true, path: join(at.home, 'Library', 'Application Support', ...facts.darwin.split('/')) };
  if (at.platform !== 'linux') return { ok: false, reason: `Glance's browser helper runs on macOS and Linux, not on ${at.platform}` };
  if (facts.linux === undefined) return { ok: false, reason: `${facts.label} has no Linux build; give --profile-dir for a fork that keeps its data elsewhere` };
  const xdg = at.env['XDG_CONFIG_HOME'];
  const config = xdg !== undefined && xdg.startsWith('/') ? xdg : join(at.home, '.config');
  return { ok: true, path: join(config, ...facts.linux.split('/')) };
}
