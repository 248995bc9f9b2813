#!/usr/bin/env node
// Builds the `glance` command as a Node single executable application (scripts/sea.js says how
// and why), from its one-file bundle (scripts/command.vite.config.mts): the copy the Mac app
// ships in Contents/Resources and links onto the PATH from Settings (docs/app.md, "The glance
// command on a Mac"), which runs without a Node the user installed.
// Usage: node scripts/build-command.js [--out DIR]   (default dist/command/ARCH)
// Writes DIR/glance, for this Node's platform and architecture. test/cli/command-sea.test.ts
// builds one for Linux and runs it with no Node on the PATH; the Mac workflow builds the Mac
// one before packaging.
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildSingleExecutable } from './sea.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({ options: { out: { type: 'string' } } });
const out = resolve(values.out ?? join(root, 'dist', 'command', process.arch));
buildSingleExecutable({ out, viteConfig: 'command.vite.config.mts', bundle: 'command.cjs', name: 'glance' });
