/**
 * Whether the Electron end-to-end tests can run here: on macOS, with the Electron binary
 * installed. Asked without `require('electron')`: where the binary is missing, electron's
 * index.js starts downloading it, and tests send nothing off the machine.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The Electron binary to run, or why these tests are skipped. */
export type ElectronAvailability = { ok: true; executable: string } | { ok: false; reason: string };

const electronPackage = join(process.cwd(), 'node_modules', 'electron');

/** Finds the Electron binary the way electron's index.js does, without its download fallback. */
export function electronAvailability(): ElectronAvailability {
  const pathFile = join(electronPackage, 'path.txt');
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : undefined;
  const override = process.env['ELECTRON_OVERRIDE_DIST_PATH'];
  const executable = override ? join(override, relative ?? 'electron') : relative ? join(electronPackage, 'dist', relative) : undefined;
  const missing = executable === undefined || !existsSync(executable);
  const onMac = process.platform === 'darwin';
  if (onMac && !missing) return { ok: true, executable };
  const why = [
    ...(onMac ? [] : [`this is ${process.platform}, and they drive Glance's macOS shell (menu bar, Dock, the front app)`]),
    ...(missing ? ['the Electron binary is not installed (npm ci ran with ELECTRON_SKIP_BINARY_DOWNLOAD=1, as on Linux)'] : []),
  ];
  return { ok: false, reason: `Electron end-to-end tests skipped: ${why.join('; ')}. They run on a Mac: npm run test:electron (docs/app.md, "Tests on a Mac").` };
}
