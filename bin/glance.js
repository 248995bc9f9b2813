#!/usr/bin/env node
// The `glance` command: a thin launcher for the compiled CLI. `npm ci` builds it (prepare);
// when the build is missing we say so instead of printing a module-resolution stack trace.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const entry = new URL('../dist/app/cli/main.js', import.meta.url);
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
const { main } = await import(entry.href);
process.exitCode = await main(process.argv.slice(2));
