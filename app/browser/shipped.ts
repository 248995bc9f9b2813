/**
 * Where this installation keeps the extension's folder and the built helper: found from this
 * module's own place, by walking up to Glance's package.json (the source is two folders deep,
 * app/browser; the build three, dist/app/browser; the bundled command two, dist/cli). Inside the
 * packaged app they are in its Resources, the helper as a single executable (docs/app.md).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface ShippedFiles {
  /** The unpacked extension, as the user loads it. */
  extension: string;
  /** The helper's built entry, run by Node; or, with `program`, the helper itself. */
  helper: string;
  /**
   * The helper is a program of its own, run without a Node: the Mac app's single executable
   * (scripts/build-browser-helper.js), since the app's Electron cannot run as Node.
   */
  program?: boolean;
}

/** The helper's and the extension's names in the packaged app's Resources (electron-builder.yml, extraResources). */
export const PACKAGED_HELPER = 'glance-browser-helper';
const PACKAGED_EXTENSION = 'browser-extension';

/** The packaged app's files, when this runs inside it (Electron's resourcesPath holds the single executable). */
function packagedFiles(): ShippedFiles | undefined {
  const resources = (process as { resourcesPath?: string }).resourcesPath;
  if (resources === undefined || !existsSync(join(resources, PACKAGED_HELPER))) return undefined;
  return { extension: join(resources, PACKAGED_EXTENSION), helper: join(resources, PACKAGED_HELPER), program: true };
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
  const packaged = packagedFiles();
  if (packaged) return packaged;
  const root = packageRoot(from);
  return { extension: join(root, 'provider', 'browser', 'extension'), helper: join(root, 'dist', 'provider', 'browser', 'main.js') };
}
