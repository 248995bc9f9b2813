/**
 * Where this installation keeps the extension's folder and the built helper: found from this
 * module's own place, by walking up to Glance's package.json (the source is two folders deep,
 * app/browser; the build three, dist/app/browser; the bundled command two, dist/cli). The Mac
 * app passes its own paths instead (InstallOptions.files).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface ShippedFiles {
  /** The unpacked extension, as the user loads it. */
  extension: string;
  /** The helper's built entry, run by Node. */
  helper: string;
}

/** The folder of Glance's package.json above `from`. */
function packageRoot(from: URL): string {
  let folder = from;
  for (let up = 0; up < 5; up += 1) {
    try {
      const manifest = JSON.parse(readFileSync(new URL('package.json', folder), 'utf8')) as { name?: unknown };
      if (manifest.name === 'glance') return fileURLToPath(folder);
    } catch {
      // No package.json here: look one folder up.
    }
    folder = new URL('..', folder);
  }
  throw new Error('cannot find the Glance installation this command belongs to (no package.json named glance above it)');
}

export function shippedFiles(from: URL = new URL('.', import.meta.url)): ShippedFiles {
  const root = packageRoot(from);
  return { extension: join(root, 'provider', 'browser', 'extension'), helper: join(root, 'dist', 'provider', 'browser', 'main.js') };
}
