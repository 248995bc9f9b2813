#!/usr/bin/env node
'use strict';
// The `glance` command: a thin launcher for the bundled CLI in dist/cli (bin/vite.config.mts),
// which `npm run build` makes and `npm ci` runs as prepare. It is CommonJS (bin/package.json),
// as the bundle is, so a start needs no ES module loader; it reads a few files, not hundreds of
// modules, and loads only what the command needs: `--version` reads one small file, every other
// command the bundle through its code cache (bin/code-cache.js), and `current` never loads the
// model SDKs, secretlint or the MCP SDK (docs/benchmarks.md, "The command"). When the build is
// missing we say so instead of printing a module-resolution stack.
const { existsSync } = require('node:fs');
const { join } = require('node:path');

const args = process.argv.slice(2);
// Alone: `--version --json` and a mistaken extra word go to `main`, which answers them.
const version = (args[0] === '--version' || args[0] === '-V') && args.length === 1;
const entry = join(__dirname, '..', 'dist', 'cli', version ? 'version.cjs' : 'glance.cjs');
if (!existsSync(entry)) {
  process.stderr.write('glance: the command is not built yet; run `npm run build` in the Glance folder, then try again.\n');
  process.exit(1);
}
// A reader that stops early (`glance history | head -1`) closes the pipe: the reader chose to,
// so Glance ends quietly, as a Unix command does on SIGPIPE, not with a stack trace.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});
if (version) {
  // The same line `main` prints for --version, without loading the command itself.
  process.stdout.write(require(entry).versionLine());
} else {
  const { main } = require('./code-cache.js').load(entry).exports;
  main(args).then((code) => { process.exitCode = code; });
}
