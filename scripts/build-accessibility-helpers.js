#!/usr/bin/env node
// `npm run build`'s last step: puts the accessibility reader's helpers beside its compiled
// module (dist/app/os/accessibility/), where app/os/accessibility/linux.ts and darwin.ts look
// for them, and electron-builder.yml unpacks them from app.asar (a helper process cannot read
// inside the archive); and beside the bundled command (dist/cli/), whose chunks hold the reader
// and so look for them there (`glance current --accessibility`).
// - atspi-reader.py (Linux) is copied as it is: /usr/bin/python3 runs it.
// - ax-reader (macOS) is compiled from ax-reader.swift by the Mac's own Swift compiler, for both
//   arm64 and x64 (one universal binary, like the app's two builds), when the source is newer
//   than the binary. Off macOS there is nothing to compile it with, and nothing runs it.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const source = join(root, 'app', 'os', 'accessibility');
const out = join(root, 'dist', 'app', 'os', 'accessibility');
mkdirSync(out, { recursive: true });
const cli = join(root, 'dist', 'cli');
mkdirSync(cli, { recursive: true });
copyFileSync(join(source, 'atspi-reader.py'), join(out, 'atspi-reader.py'));
copyFileSync(join(source, 'atspi-reader.py'), join(cli, 'atspi-reader.py'));

if (process.platform === 'darwin') {
  const swift = join(source, 'ax-reader.swift');
  const binary = join(out, 'ax-reader');
  if (!existsSync(binary) || statSync(binary).mtimeMs < statSync(swift).mtimeMs) {
    // macOS 12: the oldest system Electron 45 runs on.
    const parts = ['arm64', 'x86_64'].map((arch) => {
      const part = `${binary}-${arch}`;
      execFileSync('/usr/bin/xcrun', ['swiftc', '-O', '-swift-version', '5', '-target', `${arch}-apple-macos12`, swift, '-o', part], { stdio: 'inherit' });
      return part;
    });
    execFileSync('/usr/bin/xcrun', ['lipo', '-create', '-output', binary, ...parts], { stdio: 'inherit' });
    for (const part of parts) rmSync(part);
  }
  copyFileSync(binary, join(cli, 'ax-reader'));
}
