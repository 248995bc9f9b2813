// Installing Glance needs no compiler: package.json's allowScripts denies the
// dependencies' install scripts, get-windows' above all. Its script (`node-pre-gyp install
// --fallback-to-build`) fetches or builds an addon only get-windows' Windows code loads; its
// tarball has no build for an Intel Mac (nor for Linux), so there it compiles one, which needs
// Xcode's command line tools. npm 11.16 and later skip a denied package's scripts; older npm
// ignores allowScripts (checked by hand: 10.9.9 and 11.15.0 run the script, 11.16.0 and 11.19.1
// skip it). Here a project of its own gets get-windows at the repository's version, offline,
// and the npm running the tests installs it with the repository's allowScripts; then
// scripts/check-install.js, as the Intel Mac job runs it after `npm ci`.
import { mkdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dependencyClosure, npm, packFromNodeModules, writeProject, type Source } from '../provider/consumer-project.js';
import { run, type Ran } from '../helpers/run.js';

const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as { allowScripts?: Record<string, boolean> };
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, { version?: string; hasInstallScript?: boolean }> };
const getWindowsVersion = lock.packages['node_modules/get-windows']?.version ?? 'missing';

let scratch = '';
let npmVersion = '';
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'glance-install-'));
  const version = await npm(['--version'], { cwd: scratch });
  if (version.code !== 0) throw new Error(`npm could not run:\n${version.stderr}`);
  npmVersion = version.stdout.trim();
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

/** Whether this npm skips the scripts of a package allowScripts denies (11.16 and later). */
function honoursAllowScripts(version: string): boolean {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  return major > 11 || (major === 11 && minor >= 16);
}

/**
 * `npm ci --offline` of a project depending on get-windows alone, with the given allowScripts:
 * from the npm cache (where the repository's own npm ci left the tarballs), or from tarballs
 * packed out of the repository's node_modules when the cache lacks one.
 */
async function install(name: string, allowScripts: Record<string, boolean> | undefined): Promise<{ dir: string; ci: Ran }> {
  const dir = join(scratch, name);
  mkdirSync(dir);
  const entries = dependencyClosure(['get-windows']);
  const write = (source: Source): void =>
    writeProject(dir, { name: `get-windows-${name}`, dependencies: { 'get-windows': getWindowsVersion }, ...(allowScripts ? { allowScripts } : {}) }, entries, source);
  const ci = (): Promise<Ran> => npm(['ci', '--offline', '--no-audit', '--no-fund'], { cwd: dir, timeoutMs: 300_000 });
  write({ kind: 'cache' });
  const fromCache = await ci();
  if (!fromCache.stderr.includes('ENOTCACHED')) return { dir, ci: fromCache };
  write({ kind: 'tarballs', tarballs: await packFromNodeModules(dir, entries) });
  return { dir, ci: await ci() };
}

function checkInstall(dir: string): Promise<Ran> {
  return run(process.execPath, ['scripts/check-install.js', '--modules', join(dir, 'node_modules')], { cwd: process.cwd() });
}

describe('the install policy (package.json allowScripts)', () => {
  it('covers every locked package with an install script, each denied, and names no package that has none', () => {
    const withScripts = Object.entries(lock.packages)
      .filter(([, entry]) => entry.hasInstallScript === true)
      .map(([path]) => path.replace(/^.*node_modules\//, ''))
      .sort();
    // get-windows: its addon is Windows-only (Glance runs its Swift helper). electron-winstaller:
    // its script picks a 7-Zip binary for Squirrel.Windows installers, which Glance never builds.
    // es5-ext: its postinstall only prints a message.
    expect(withScripts).toEqual(['electron-winstaller', 'es5-ext', 'get-windows']);
    expect(manifest.allowScripts).toEqual(Object.fromEntries(withScripts.map((name) => [name, false])));
  });

  it(
    "with it, npm ci skips get-windows' install script: nothing is compiled, and the helper is in place and executable",
    async ({ skip }) => {
      if (!honoursAllowScripts(npmVersion)) {
        const why = `npm ${npmVersion} ignores allowScripts: use npm 11.16 or later (README, "Install")`;
        // The workflows install such an npm first: there an older one is a fault, not a reason to skip.
        if (process.env['CI']) throw new Error(why);
        skip(why);
      }
      const { dir, ci } = await install('with-policy', manifest.allowScripts);
      expect(ci.code, ci.stderr).toBe(0);
      // npm 11 lists scripts allowScripts does not cover; every one is covered.
      expect(ci.stderr).not.toContain('not yet covered by allowScripts');
      const check = await checkInstall(dir);
      expect(check, check.stderr).toMatchObject({ code: 0 });
      expect(check.stdout).toContain("get-windows' install script did not run (nothing compiled), and its helper is in place and executable");
    },
    360_000,
  );

  // get-windows 9.3.0 ships its addon built for Apple silicon: there its script finds it and
  // compiles nothing, so the policy makes no difference that can be seen.
  it.skipIf(process.platform === 'darwin' && process.arch === 'arm64')('without it, the same install runs the script and compiles the addon, and check-install says so', async () => {
    const { dir, ci } = await install('without-policy', undefined);
    if (ci.code !== 0) {
      // No compiler on this machine: the script ran and failed, as on an Intel Mac without Xcode's tools.
      expect(`${ci.stdout}${ci.stderr}`).toContain('node-pre-gyp');
      return;
    }
    const check = await checkInstall(dir);
    expect(check.code).toBe(1);
    expect(check.stderr).toContain("get-windows' install script ran and compiled its addon (build-tmp-napi-v9)");
    expect(check.stderr).toContain('Use npm 11.16 or later');
  }, 360_000);
});
