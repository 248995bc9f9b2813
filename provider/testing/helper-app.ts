/**
 * An "app" for the tests of providers served by a helper: a node process that starts one child,
 * its helper, and stays until SIGTERM or SIGINT (then stops the helper too, unless detached).
 * Run the compiled file: `node dist/provider/testing/helper-app.js [ARGS...]`. The helper is
 * `node ARGS...` (by default the configurable provider next to this file), started with
 * TP_APP_PID set to this process, so the configurable provider serves this app as its helper.
 * The helper's output is passed through; first this prints one line:
 *
 *   app 123 started helper 456
 *
 * Knobs (environment):
 *
 *   HA_DETACHED=1       start the helper detached (its own session, not stopped with the app), so
 *                       a test can end the app and keep the helper
 *   HA_UID, HA_GID      start the helper as this user and group (the app runs as root)
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const knob = (name: string): string | undefined => (process.env[name] === undefined || process.env[name] === '' ? undefined : process.env[name]);
const args = process.argv.length > 2 ? process.argv.slice(2) : [fileURLToPath(new URL('./configurable.js', import.meta.url))];
const detached = knob('HA_DETACHED') === '1';
const uid = knob('HA_UID');
const gid = knob('HA_GID');

const helper = spawn(process.execPath, args, {
  env: { ...process.env, TP_APP_PID: String(process.pid) },
  stdio: ['ignore', 'pipe', 'pipe'],
  detached,
  ...(uid !== undefined ? { uid: Number(uid) } : {}),
  ...(gid !== undefined ? { gid: Number(gid) } : {}),
});
process.stdout.write(`app ${process.pid} started helper ${helper.pid ?? -1}\n`);
helper.stdout.pipe(process.stdout);
helper.stderr.pipe(process.stderr);
helper.on('exit', (code, signal) => process.stdout.write(`helper exited (${code ?? signal ?? 'unknown'})\n`));

const quit = (): void => {
  if (!detached) helper.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGTERM', quit);
process.on('SIGINT', quit);
// Stays until told to quit.
setInterval(() => undefined, 60_000);
