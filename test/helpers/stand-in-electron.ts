/**
 * A stand-in for Electron's macOS distribution (`Electron.app`), for what the Electron binary
 * itself is needed for and cannot be downloaded here: electron-builder packaging Glance.app
 * (`electronDist` points at it) and reading the packaged app's fuses. It has what electron-builder
 * and @electron/fuses read and nothing that runs: the Info.plist files electron-builder rewrites,
 * the helper apps it renames, and an "Electron Framework" file holding a fuse wire in Electron's
 * format (the sentinel, the wire's version and length, one state byte per fuse) at Electron's
 * defaults.
 */
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** @electron/fuses' sentinel: the fuse wire follows it in the Electron Framework binary. */
const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
/**
 * Electron's defaults, in wire order (Electron's fuses tutorial): runAsNode on, cookie encryption
 * off, NODE_OPTIONS on, --inspect on, asar integrity off, only-from-asar off, the browser-process
 * V8 snapshot off, file:// privileges on, and a ninth (WebAssembly trap handlers, on), as newer
 * Electrons have: @electron/fuses 1.8 has no name for it (2.1 calls it WasmTrapHandlers).
 * '1' is on, '0' off.
 */
const DEFAULT_WIRE = '101100011';

/** The Electron Framework binary inside an app bundle (where @electron/fuses reads the wire). */
function frameworkBinary(app: string): string {
  return join(app, 'Contents', 'Frameworks', 'Electron Framework.framework', 'Electron Framework');
}

function infoPlist(name: string, id: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
  <key>CFBundleExecutable</key><string>${name}</string>
  <key>CFBundleIdentifier</key><string>${id}</string>
  <key>CFBundleName</key><string>${name}</string>
  <key>CFBundlePackageType</key><string>APPL</string>
</dict>
</plist>
`;
}

function executable(path: string): void {
  writeFileSync(path, '#!/bin/sh\necho "a stand-in for Electron: it does not run" >&2\nexit 1\n');
  chmodSync(path, 0o755);
}

/** Writes a fuse wire (`'1'` on, `'0'` off per fuse) into an app's framework binary. */
export function writeFuseWire(app: string, wire = DEFAULT_WIRE): void {
  const file = frameworkBinary(app);
  mkdirSync(join(file, '..'), { recursive: true });
  // Bytes before and after, as in a real binary, so nothing relies on the wire being the whole file.
  writeFileSync(file, Buffer.concat([Buffer.from('stand-in framework '), Buffer.from(SENTINEL), Buffer.from([1, wire.length]), Buffer.from(wire), Buffer.from(' end')]));
}

/**
 * Makes `dir/Electron.app` (the layout of Electron's darwin zip, unpacked) and returns `dir`,
 * which is what electron-builder's `electronDist` takes.
 */
export function standInElectronDist(dir: string): string {
  const contents = join(dir, 'Electron.app', 'Contents');
  mkdirSync(join(contents, 'MacOS'), { recursive: true });
  mkdirSync(join(contents, 'Resources'), { recursive: true });
  writeFileSync(join(contents, 'Info.plist'), infoPlist('Electron', 'com.github.Electron'));
  executable(join(contents, 'MacOS', 'Electron'));
  for (const suffix of ['', ' (Renderer)', ' (Plugin)', ' (GPU)']) {
    const helper = join(contents, 'Frameworks', `Electron Helper${suffix}.app`, 'Contents');
    mkdirSync(join(helper, 'MacOS'), { recursive: true });
    writeFileSync(join(helper, 'Info.plist'), infoPlist(`Electron Helper${suffix}`, 'com.github.Electron.helper'));
    executable(join(helper, 'MacOS', `Electron Helper${suffix}`));
  }
  writeFuseWire(join(dir, 'Electron.app'));
  return dir;
}
