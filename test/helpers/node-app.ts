import { constants, copyFileSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The node a test runs a provider with, so that the system reports a bundle id for it.
 *
 * On Linux a bare `node` has one (the executable's name, docs/protocol.md, "Bundle
 * identifiers"), so this is `process.execPath`. On macOS a process outside an `.app` has none,
 * and no host can confirm its descriptor: there the provider runs as a copy of node inside a
 * stand-in app, `<bundleId>.app/Contents/MacOS/node`, whose Info.plist names the bundle id.
 * The host reads it as it reads any app's (the innermost `.app` holding the executable), and
 * so does the kit for its own process. The copy is a clone on APFS (no space, no time).
 */
export function nodeFor(bundleId = 'node', platform: NodeJS.Platform = process.platform): string {
  if (platform !== 'darwin') return process.execPath;
  return standInApp(bundleId, join(tmpdir(), 'glance-test-apps'));
}

/**
 * Makes (once; test workers race, so it is built aside and renamed into place) the stand-in
 * app for a bundle id under `root`, and returns its executable.
 */
export function standInApp(bundleId: string, root: string): string {
  if (!/^[A-Za-z0-9.-]+$/.test(bundleId)) throw new Error(`not a bundle id a test should use: ${JSON.stringify(bundleId)}`);
  const app = join(root, `${bundleId}.app`);
  const executable = join(app, 'Contents', 'MacOS', 'node');
  if (existsSync(executable)) return executable;
  mkdirSync(root, { recursive: true });
  const building = mkdtempSync(join(root, `.${bundleId}-`));
  mkdirSync(join(building, 'Contents', 'MacOS'), { recursive: true });
  writeFileSync(join(building, 'Contents', 'Info.plist'), infoPlist(bundleId));
  copyFileSync(process.execPath, join(building, 'Contents', 'MacOS', 'node'), constants.COPYFILE_FICLONE);
  try {
    renameSync(building, app);
  } catch (error) {
    rmSync(building, { recursive: true, force: true });
    // Another worker finished first: its app is as good as ours.
    if (!existsSync(executable)) throw error;
  }
  return executable;
}

/** The least Info.plist Launch Services and `plutil` read an identifier from. */
function infoPlist(bundleId: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
  <key>CFBundleIdentifier</key><string>${bundleId}</string>
  <key>CFBundleExecutable</key><string>node</string>
  <key>CFBundlePackageType</key><string>APPL</string>
  <key>CFBundleName</key><string>${bundleId}</string>
</dict>
</plist>
`;
}
