/**
 * The reader on macOS: the Accessibility API, through ax-reader (ax-reader.swift, compiled by
 * the Mac's own Swift compiler when Glance is built: scripts/ax-reader.js). It runs as a child
 * of Glance, so macOS asks about Glance's Accessibility permission, not the helper's (and, for
 * the `glance` command, about its terminal's); it answers `no-permission` by itself when
 * AXIsProcessTrusted() says no.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { unpackedPath } from '../get-windows-helper.js';
import { unpackedBesideSingleExecutable } from '../single-executable.js';
import type { AccessibilityReaderOptions } from './options.js';
import { TERMINAL_PERMISSION, withPermissionWords } from './permission.js';
import { createHelperReader } from './reader.js';
import { failure, type Words } from './reasons.js';
import type { AccessibilityReader } from './types.js';

const MISSING = 'The accessibility helper (ax-reader) is missing from this build: it is compiled by `npm run build` on a Mac.';

const DARWIN_WORDS: Words = {
  notOnBus: (app) => `${app} does not answer accessibility requests.`,
  noWindow: (app) => `${app} has no focused window.`,
  noBus: 'The Accessibility API cannot be reached.',
  fatal: () => MISSING,
  missing: MISSING,
};

/** The compiled helper beside this module (dist/app/os/accessibility; app.asar.unpacked when packaged). */
function defaultHelper(): string {
  // The single executable `glance` runs the app's unpacked copy (it carries no files of its own).
  const shipped = unpackedBesideSingleExecutable('dist/app/os/accessibility/ax-reader');
  if (shipped !== undefined) return shipped;
  return fileURLToPath(new URL('./ax-reader', import.meta.url));
}

/** Creates the macOS Accessibility reader. */
export function createDarwinAccessibilityReader(options: AccessibilityReaderOptions = {}): AccessibilityReader {
  const helper = unpackedPath(options.helperPath ?? defaultHelper());
  const reader = createHelperReader({
    words: DARWIN_WORDS,
    prepare: () => (existsSync(helper) ? { command: helper, args: [], env: options.env ?? process.env } : failure('no-helper', MISSING)),
  });
  return options.permissionHolder === 'terminal' ? withPermissionWords(reader, TERMINAL_PERMISSION) : reader;
}
