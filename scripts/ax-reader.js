// The macOS accessibility helper (ax-reader) at build and packaging time, for
// scripts/build-accessibility-helpers.js and electron-builder's beforePack hook.
// It is compiled from app/os/accessibility/ax-reader.swift by the Mac's own Swift compiler
// (Xcode's command line tools). A Mac without those tools must still install (`npm ci` runs
// `npm run build` from `prepare`): the build then skips the helper in one line and the reader
// answers `no-helper` at run time (app/os/accessibility/darwin.ts). A release cannot skip it:
// `beforePack` below stops packaging a Mac build that has no helper.
import { execFileSync } from 'node:child_process';
import { existsSync, rmSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Where the compiled helper goes: beside the compiled reader (darwin.ts looks there). */
export const AX_READER = fileURLToPath(new URL('../dist/app/os/accessibility/ax-reader', import.meta.url));

/** Whether `xcrun` (found on PATH, as `env` has it) finds a Swift compiler: without the command line tools it fails or is absent. */
export function hasSwiftCompiler(env = process.env, xcrun = 'xcrun') {
  try {
    execFileSync(xcrun, ['--find', 'swiftc'], { env, stdio: ['ignore', 'ignore', 'ignore'], timeout: 60_000 });
    return true;
  } catch {
    return false;
  }
}

/**
 * Builds the universal helper from `swift` into `binary` when the source is newer, or skips it
 * with one line when no compiler is found. Answers what it did: 'built', 'fresh' or 'skipped'.
 */
export function buildAxReader({ swift, binary, env = process.env, log = console.log }) {
  if (!hasSwiftCompiler(env)) {
    log('ax-reader skipped: no Swift compiler (install Xcode\'s command line tools with `xcode-select --install`, then `npm run build`); reading apps through Accessibility answers "no-helper" until then.');
    return 'skipped';
  }
  if (existsSync(binary) && statSync(binary).mtimeMs >= statSync(swift).mtimeMs) return 'fresh';
  // macOS 12: the oldest system Electron 45 runs on. One binary for both architectures, like the
  // app's two builds. Swift 5 language mode ships; the Mac workflow also compiles it in 6.
  const parts = ['arm64', 'x86_64'].map((arch) => {
    const part = `${binary}-${arch}`;
    execFileSync('xcrun', ['swiftc', '-O', '-swift-version', '5', '-target', `${arch}-apple-macos12`, swift, '-o', part], { env, stdio: 'inherit' });
    return part;
  });
  execFileSync('xcrun', ['lipo', '-create', '-output', binary, ...parts], { env, stdio: 'inherit' });
  for (const part of parts) rmSync(part);
  return 'built';
}

/**
 * electron-builder's beforePack hook (electron-builder.yml): a Mac app packaged on a Mac without
 * the helper is not packaged. Packaging for macOS elsewhere (test/main/packaging.test.ts, on
 * Linux) has nothing to compile it with and makes no release: a release is signed on a Mac.
 */
export function beforePack(context, helper = AX_READER, host = process.platform) {
  if (context.electronPlatformName !== 'darwin' || host !== 'darwin' || existsSync(helper)) return;
  throw new Error(`${helper} is missing: a Mac build must carry the accessibility helper. Install Xcode's command line tools (xcode-select --install) and run npm run build.`);
}
