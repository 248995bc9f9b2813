// Builds a Node single executable application (SEA): one program that runs without a Node the
// user installed, for the Mac app, whose Electron cannot run as Node (its runAsNode fuse is off,
// electron-builder.yml). Glance ships two: the browser helper (scripts/build-browser-helper.js)
// and the `glance` command (scripts/build-command.js). The recipe is Node's own ("Single
// executable applications" in Node's documentation), for Node 20 and later:
//   1. the program bundled into one CommonJS file by a Vite config of its own (its script can
//      require Node's own modules only);
//   2. `node --experimental-sea-config` turns it into a blob;
//   3. a copy of this Node's binary gets the blob injected by postject, under the sentinel
//      fuse Node looks for; on macOS its signature is removed first and an ad-hoc one made
//      after, and electron-builder signs it again with the app (mac.binaries).
// The program is for this Node's platform and architecture (as electron-builder names them:
// arm64 or x64; the x64 one is built by an x64 Node, under Rosetta).
import { execFileSync } from 'node:child_process';
import { copyFileSync, chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const mac = process.platform === 'darwin';
const run = (command, args) => execFileSync(command, args, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });

/**
 * Writes `out/name` from the Vite config `viteConfig` (under scripts/), whose one output is
 * `out/bundle`. Returns the program's path.
 */
export function buildSingleExecutable({ out, viteConfig, bundle, name }) {
  mkdirSync(out, { recursive: true });
  // 1. One file with everything in it.
  const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  run(process.execPath, [vite, 'build', '--config', join(root, 'scripts', viteConfig), '--outDir', out, '--logLevel', 'warn']);

  // 2. The blob. No code cache: it ties the blob to this exact V8, and the programs start fast enough without.
  const config = join(out, `${name}.sea-config.json`);
  const blob = join(out, `${name}.blob`);
  writeFileSync(config, `${JSON.stringify({ main: join(out, bundle), output: blob, disableExperimentalSEAWarning: true }, null, 2)}\n`);
  run(process.execPath, ['--experimental-sea-config', config]);

  // 3. This Node, with the blob in it.
  const program = join(out, name);
  copyFileSync(process.execPath, program);
  chmodSync(program, 0o755);
  if (mac) run('codesign', ['--remove-signature', program]);
  const postject = join(createRequire(import.meta.url).resolve('postject/package.json'), '..', 'dist', 'cli.js');
  run(process.execPath, [postject, program, 'NODE_SEA_BLOB', blob, '--sentinel-fuse', 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2', ...(mac ? ['--macho-segment-name', 'NODE_SEA'] : [])]);
  if (mac) run('codesign', ['--sign', '-', program]);
  console.log(`built ${program}`);
  return program;
}
