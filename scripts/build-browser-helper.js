#!/usr/bin/env node
// Builds Glance's browser helper as a Node single executable application (scripts/sea.js says
// how and why), from its one-file bundle (scripts/browser-helper.vite.config.mts).
// Usage: node scripts/build-browser-helper.js [--out DIR]   (default dist/browser-helper/ARCH)
// Writes DIR/glance-browser-helper, for this Node's platform and architecture.
// test/browser/sea.test.ts builds one for Linux and speaks native messaging with it; the Mac
// workflow builds the Mac one before packaging.
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildSingleExecutable } from './sea.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({ options: { out: { type: 'string' } } });
const out = resolve(values.out ?? join(root, 'dist', 'browser-helper', process.arch));
buildSingleExecutable({ out, viteConfig: 'browser-helper.vite.config.mts', bundle: 'helper.cjs', name: 'glance-browser-helper' });
