import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { BROWSER_NAMES, BROWSERS, type BrowserName } from '../../browser/browsers.js';
import { browserHelperStatus, BrowserSetupError, installBrowserHelper, uninstallBrowserHelper } from '../../browser/install.js';
import { HelpRequested, jsonLine, parseCommandLine } from '../args.js';
import { withDataFolder } from '../data.js';
import { EXIT, UsageError } from '../exit-codes.js';
import type { CliIo, CommandRun } from '../io.js';

const USAGE = 'the usage is glance browser install [--browser NAME] [--profile-dir DIR] [--json] | browser uninstall [--json] | browser status [--json]';

function browserName(value: string | undefined): BrowserName | undefined {
  if (value === undefined) return undefined;
  const name = value.toLowerCase();
  if ((BROWSER_NAMES as readonly string[]).includes(name)) return name as BrowserName;
  throw new UsageError(`browser install: --browser takes ${BROWSER_NAMES.join(', ')}, not "${value.slice(0, 40)}"`);
}

/** Runs one step that may meet a setup problem: that is one line on stderr, exit 10. */
async function setup(io: CliIo, step: (home: string) => Promise<number>): Promise<number> {
  return withDataFolder(io, async (home) => {
    try {
      return await step(home);
    } catch (error) {
      if (!(error instanceof BrowserSetupError)) throw error;
      io.stderr(`glance: ${error.message}\n`);
      return EXIT.setupFailed;
    }
  });
}

async function install(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandLine(argv, { browser: { type: 'string' }, 'profile-dir': { type: 'string' }, json: { type: 'boolean' } }, 'browser install');
  if (positionals.length > 0) throw new UsageError(`browser install: takes no arguments besides its options; ${USAGE}`);
  const browser = browserName(values.browser);
  const profileDir = values['profile-dir'] === undefined ? undefined : resolve(values['profile-dir']);
  return setup(io, async (home) => {
    const done = await installBrowserHelper({ home, ...(browser ? { browser } : {}), ...(profileDir !== undefined ? { profileDir } : {}), at: { home: homedir(), platform: process.platform, env: io.env } });
    if (values.json === true) {
      io.stdout(jsonLine({ manifestPath: done.manifestPath, extensionDir: done.extensionDir, extensionId: done.extensionId }));
      return EXIT.ok;
    }
    for (const line of [
      `Installed Glance's browser helper for ${done.label}:`,
      `  host manifest  ${done.manifestPath}`,
      `  launcher       ${done.launcherPath}`,
      '',
      'Now load the extension (it is not in the browsers\' stores yet), once:',
      `  1. Open ${done.extensionsPage} in ${done.label}.`,
      '  2. Turn on Developer mode.',
      `  3. Click "Load unpacked" and choose ${done.extensionDir}`,
      `  The extension's id is ${done.extensionId}; \`glance browser status\` says when it has connected.`,
    ]) io.stdout(`${line}\n`);
    return EXIT.ok;
  });
}

/** The options of a subcommand that takes only --json: whether it was given. */
function jsonOnly(argv: string[], command: string): boolean {
  const { values, positionals } = parseCommandLine(argv, { json: { type: 'boolean' } }, command);
  if (positionals.length > 0) throw new UsageError(`${command}: takes only --json; ${USAGE}`);
  return values.json === true;
}

async function uninstall(argv: string[], io: CliIo): Promise<number> {
  const json = jsonOnly(argv, 'browser uninstall');
  return setup(io, async (home) => {
    const removed = await uninstallBrowserHelper(home);
    if (json) io.stdout(jsonLine({ removed }));
    else if (removed.length === 0) io.stdout('Nothing to remove: Glance\'s browser helper is not installed.\n');
    else {
      io.stdout('Removed:\n');
      for (const path of removed) io.stdout(`  ${path}\n`);
      io.stdout('Remove the extension in the browser too: its extensions page, Glance, Remove.\n');
    }
    return EXIT.ok;
  });
}

async function status(argv: string[], io: CliIo): Promise<number> {
  const json = jsonOnly(argv, 'browser status');
  return setup(io, async (home) => {
    const found = await browserHelperStatus(home);
    if (json) {
      io.stdout(jsonLine(found));
      return EXIT.ok;
    }
    if (found.installed.length === 0) io.stdout('Not installed: `glance browser install` installs the helper.\n');
    for (const m of found.installed) {
      const who = m.browser !== null ? BROWSERS[m.browser].label : 'a browser';
      io.stdout(`${m.present ? 'Installed' : 'Missing (removed since; install again)'} for ${who}${m.profileDir !== null ? ` with its data in ${m.profileDir}` : ''}: ${m.manifestPath}\n`);
    }
    const c = found.connected;
    if (c === null && found.installed.length > 0) io.stdout('The extension has not connected yet: load it in the browser (`glance browser install` says how).\n');
    else if (c?.running === true) io.stdout(`Connected now: ${c.browser} (pid ${c.browserPid}), helper pid ${c.helperPid}, extension ${c.extensionVersion}, since ${c.at}.\n`);
    else if (c !== null) io.stdout(`Last connected ${c.at} (${c.browser}); not connected now.\n`);
    return EXIT.ok;
  });
}

/** `glance browser install|uninstall|status` (docs/cli.md, "glance browser"; docs/browser.md). */
export const runBrowser: CommandRun = async (argv, io) => {
  const [first, ...rest] = argv;
  const run = first === 'install' ? install : first === 'uninstall' ? uninstall : first === 'status' ? status : undefined;
  if (first === '--help' || first === '-h') throw new HelpRequested('browser');
  if (run === undefined) throw new UsageError(`browser: ${first === undefined ? 'say what to do' : `"${first.slice(0, 40)}" is not a browser command`}; ${USAGE}`);
  try {
    return await run(rest, io);
  } catch (error) {
    // `glance browser install --help`: the one help of `glance browser`.
    if (error instanceof HelpRequested) throw new HelpRequested('browser');
    throw error;
  }
};
