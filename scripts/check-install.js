#!/usr/bin/env node
// After `npm ci`: get-windows' install script did not run, so nothing was compiled and no
// compiler was needed, and get-windows' Swift helper, the only part of it Glance uses on macOS,
// is there and executable. package.json's allowScripts denies that script (npm 11.16 or later
// honours it): it would fetch or build an addon only get-windows' Windows code loads, and on an
// Intel Mac, where get-windows ships no build of it, it compiles one with Xcode's command line
// tools. On a Mac the helper is then run once through Glance's own code (dist/, which npm ci
// builds), to show it starts on this architecture.
//   node scripts/check-install.js [--modules path/to/node_modules]
// Exit 0 when all holds, 1 when not (saying what to do).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { modules: { type: 'string', default: 'node_modules' } } });
const getWindows = resolve(values.modules, 'get-windows');
const problems = [];

if (!existsSync(getWindows)) {
  problems.push(`get-windows is not installed in ${values.modules}: run npm ci first`);
} else {
  // node-pre-gyp's --fallback-to-build compiles in build-tmp-napi-v<N> (build/ for a plain node-gyp build).
  const built = readdirSync(getWindows).filter((name) => name === 'build' || name.startsWith('build-tmp'));
  if (built.length > 0) {
    const npm = /\bnpm\/(\S+)/.exec(process.env['npm_config_user_agent'] ?? '')?.[1];
    problems.push(
      `get-windows' install script ran and compiled its addon (${built.join(', ')}): the npm that installed it ignores package.json's allowScripts.` +
        ` Use npm 11.16 or later (npm install -g npm@11)${npm ? `; this is npm ${npm}` : ''}, or install with npm ci --ignore-scripts and then npm run build (README, "Install").`,
    );
  }
  const helper = join(getWindows, 'main');
  if (!existsSync(helper)) problems.push(`get-windows' helper is missing (${helper}): reinstall with npm ci`);
  else if ((statSync(helper).mode & 0o111) !== 0o111) problems.push(`get-windows' helper is not executable (${helper}): reinstall with npm ci`);
}

if (problems.length === 0 && process.platform === 'darwin') {
  const compiled = resolve('dist/app/os/get-windows-helper.js');
  if (!existsSync(compiled)) {
    problems.push('dist/ is not built (npm ci builds it; else npm run build), so the helper cannot be run through Glance');
  } else {
    const { getWindowsHelperSource, getWindowsHelperPath } = await import(compiled);
    try {
      const answer = await getWindowsHelperSource({ timeoutMs: 10_000 })();
      process.stdout.write(`get-windows' helper (${getWindowsHelperPath()}) ran on ${process.arch}: ${answer === null ? 'no app with a window is active' : 'it named the front app'}.\n`);
    } catch (error) {
      problems.push(error instanceof Error ? error.message : String(error));
    }
  }
}

if (problems.length > 0) {
  process.stderr.write(`check-install:\n${problems.map((problem) => `  ${problem}\n`).join('')}`);
  process.exit(1);
}
process.stdout.write("check-install: get-windows' install script did not run (nothing compiled), and its helper is in place and executable.\n");
