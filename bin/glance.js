#!/usr/bin/env node
// The `glance` command: a thin launcher for the bundled CLI in dist/cli (bin/vite.config.ts),
// which `npm run build` makes and `npm ci` runs as prepare. Starting it reads a few files, not
// hundreds of modules, and loads only what the command needs: `--version` reads one small file,
// `current` never loads the model SDKs, secretlint or the MCP SDK (docs/benchmarks.md, "The
// command"). When the build is missing we say so instead of printing a module-resolution stack.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const cli = new URL('../dist/cli/', import.meta.url);
const args = process.argv.slice(2);
const version = args[0] === '--version' || args[0] === '-V';
const entry = new URL(version ? 'version.js' : 'glance.js', cli);
if (!existsSync(fileURLToPath(entry))) {
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
  const { versionLine } = await import(entry.href);
  process.stdout.write(versionLine());
} else {
  const { main } = await import(entry.href);
  process.exitCode = await main(args);
}
