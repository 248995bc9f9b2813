#!/usr/bin/env node
// Reads the Electron fuses of a packaged Glance.app and compares them with what an
// electron-builder configuration asks for: its electronFuses after `extends` (app-builder-lib's
// own getConfig), turned into fuse-wire positions by electron-builder's own generateFuseConfig,
// the step that flips them before signing. The binary is read with @electron/fuses'
// getCurrentFuseWire, as `npx @electron/fuses read --app` does; that command prints the fuses but
// exits 0 whatever they are (and colours its words on CI), so a workflow step could not fail on it.
//   node scripts/check-fuses.js --app release/mac-arm64/Glance.app --config electron-builder.yml
// Exit 0 when every configured fuse is as configured, 1 when one is not, 2 on a usage error.
import { createRequire } from 'node:module';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';

const require = createRequire(import.meta.url);
const { getConfig } = require('app-builder-lib/out/util/config/config.js');
const { PlatformPackager } = require('app-builder-lib');
const { getCurrentFuseWire, FuseV1Options } = require('@electron/fuses');

/** A fuse's state byte in the binary (@electron/fuses' FuseState), in words. */
const STATES = { 48: 'off', 49: 'on', 114: 'removed', 144: 'inherited' };

function usage(message) {
  process.stderr.write(`check-fuses: ${message}\nusage: node scripts/check-fuses.js --app path/to/Glance.app --config electron-builder.yml\n`);
  process.exit(2);
}

let values;
try {
  ({ values } = parseArgs({ options: { app: { type: 'string' }, config: { type: 'string' } } }));
} catch (error) {
  usage(error instanceof Error ? error.message : String(error));
}
if (!values.app || !values.config) usage('both --app and --config are needed');

const config = await getConfig(process.cwd(), values.config, null);
if (config.electronFuses == null) usage(`${values.config} sets no electronFuses: there is nothing to check`);
// { version, resetAdHocDarwinSignature, [wire position]: boolean } for each fuse the file sets.
const { version: _version, resetAdHocDarwinSignature: _reset, ...wanted } = await PlatformPackager.prototype.generateFuseConfig.call({}, config.electronFuses);

let wire;
try {
  wire = await getCurrentFuseWire(values.app);
} catch (error) {
  process.stderr.write(`check-fuses: cannot read the fuses of ${values.app}: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
const { version, ...current } = wire;
const name = (index) => FuseV1Options[index] ?? `fuse ${index} (unknown to @electron/fuses)`;

process.stdout.write(`${basename(values.app)} (fuse wire v${version}) against ${values.config}:\n`);
const wrong = [];
const positions = [...new Set([...Object.keys(current), ...Object.keys(wanted)])].map(Number).sort((a, b) => a - b);
for (const index of positions) {
  const is = current[index] === undefined ? 'missing from the binary' : (STATES[current[index]] ?? `state ${current[index]}`);
  const asked = wanted[index];
  if (asked === undefined) {
    process.stdout.write(`  ${name(index)}: ${is} (not set by the configuration)\n`);
    continue;
  }
  const should = asked ? 'on' : 'off';
  process.stdout.write(`  ${name(index)}: ${is}${is === should ? '' : `, but ${values.config} asks for ${should}`}\n`);
  if (is !== should) wrong.push(`${name(index)} is ${is}, ${values.config} asks for ${should}`);
}
if (wrong.length > 0) {
  process.stderr.write(`check-fuses: ${values.app} does not have the fuses ${values.config} asks for:\n${wrong.map((line) => `  ${line}\n`).join('')}`);
  process.exit(1);
}
process.stdout.write(`check-fuses: every fuse ${values.config} sets is as it asks.\n`);
