#!/usr/bin/env node
// Builds Glance's browser helper as a Node single executable application (SEA): one program
// that runs without a Node the user installed, for the Mac app, whose Electron cannot run as
// Node (its runAsNode fuse is off, electron-builder.yml). The recipe is Node's own
// ("Single executable applications" in Node's documentation), for Node 20 and later:
//   1. the helper bundled into one CommonJS file (scripts/browser-helper.vite.config.mts);
//   2. `node --experimental-sea-config` turns it into a blob;
//   3. a copy of this Node's binary gets the blob injected by postject, under the sentinel
//      fuse Node looks for; on macOS its signature is removed first and an ad-hoc one made
//      after, and electron-builder signs it again with the app (mac.binaries).
// Usage: node scripts/build-browser-helper.js [--out DIR]   (default dist/browser-helper/ARCH)
// Writes DIR/glance-browser-helper, for this Node's platform and architecture (ARCH: arm64 or
// x64, as electron-builder names them; the x64 one is built by an x64 Node, under Rosetta). test/browser/sea.test.ts builds one for Linux and speaks
// native messaging with it; the Mac workflow builds the Mac one before packaging.
import { execFileSync } from 'node:child_process';
import { copyFileSync, chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({ options: { out: { type: 'string' } } });
const out = resolve(values.out ?? join(root, 'dist', 'browser-helper', process.arch));
mkdirSync(out, { recursive: true });
const mac = process.platform === 'darwin';
const run = (command, args) => execFileSync(command, args, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });

// 1. One file with everything in it.
const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
run(process.execPath, [vite, 'build', '--config', join(root, 'scripts', 'browser-helper.vite.config.mts'), '--outDir', out, '--logLevel', 'warn']);

// 2. The blob. No code cache: it ties the blob to this exact V8, and the helper starts fast enough without.
const config = join(out, 'sea-config.json');
const blob = join(out, 'helper.blob');
writeFileSync(config, `${JSON.stringify({ main: join(out, 'helper.cjs'), output: blob, disableExperimentalSEAWarning: true }, null, 2)}\n`);
run(process.execPath, ['--experimental-sea-config', config]);

// 3. This Node, with the blob in it.
const program = join(out, 'glance-browser-helper');
copyFileSync(process.execPath, program);
chmodSync(program, 0o755);
if (mac) run('codesign', ['--remove-signature', program]);
const postject = join(createRequire(import.meta.url).resolve('postject/package.json'), '..', 'dist', 'cli.js');
run(process.execPath, [postject, program, 'NODE_SEA_BLOB', blob, '--sentinel-fuse', 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2', ...(mac ? ['--macho-segment-name', 'NODE_SEA'] : [])]);
if (mac) run('codesign', ['--sign', '-', program]);
console.log(`built ${program}`);
