#!/usr/bin/env node
// `npm run build`'s last step: puts the accessibility reader's helpers beside its compiled
// module (dist/app/os/accessibility/), where app/os/accessibility/linux.ts and darwin.ts look
// for them, and electron-builder.yml unpacks them from app.asar (a helper process cannot read
// inside the archive); and beside the bundled command (dist/cli/), whose chunks hold the reader
// and so look for them there (`glance current --accessibility`).
// - atspi-reader.py (Linux) is copied as it is: /usr/bin/python3 runs it.
// - ax-reader (macOS) is compiled from ax-reader.swift by the Mac's own Swift compiler
//   (scripts/ax-reader.js), or skipped in one line on a Mac without one. Off macOS there is
//   nothing to compile it with, and nothing runs it.
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AX_READER, buildAxReader } from './ax-reader.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const source = join(root, 'app', 'os', 'accessibility');
const out = join(root, 'dist', 'app', 'os', 'accessibility');
mkdirSync(out, { recursive: true });
const cli = join(root, 'dist', 'cli');
mkdirSync(cli, { recursive: true });
copyFileSync(join(source, 'atspi-reader.py'), join(out, 'atspi-reader.py'));
copyFileSync(join(source, 'atspi-reader.py'), join(cli, 'atspi-reader.py'));

// GLANCE_BUILD_PLATFORM stands for process.platform in the tests of this script (test/main/).
if ((process.env['GLANCE_BUILD_PLATFORM'] ?? process.platform) === 'darwin') {
  if (buildAxReader({ swift: join(source, 'ax-reader.swift'), binary: AX_READER }) !== 'skipped') {
    copyFileSync(AX_READER, join(cli, 'ax-reader'));
  }
}
