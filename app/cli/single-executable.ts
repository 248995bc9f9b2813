/**
 * The `glance` command as the Mac app ships it: the entry of its single executable
 * (scripts/build-command.js), which runs without a Node the user installed. The same `main` as
 * bin/glance.js runs from a checkout, without that launcher's code cache (the executable's
 * script is compiled on each start; docs/app.md, "The glance command on a Mac").
 */
import { main } from './main.js';

// A reader that stops early (`glance history | head -1`) closes the pipe: end quietly, as a Unix command does.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});
void main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
