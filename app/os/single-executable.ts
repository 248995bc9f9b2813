/**
 * Facts for the Mac app's single executable `glance` (Contents/Resources/glance, built by
 * scripts/build-command.js; docs/app.md, "The glance command on a Mac"). That program carries
 * its code but no files: no package.json, no node_modules. Its build writes the version in
 * (scripts/command.vite.config.mts), which also tells the code that it runs as that program;
 * the helpers it runs are the app's own, unpacked beside it in Resources.
 */
import { dirname, join } from 'node:path';

declare const GLANCE_BUILT_VERSION: string | undefined;

/** Glance's version when this runs as the single executable; undefined everywhere else. */
export const singleExecutableVersion: string | undefined = typeof GLANCE_BUILT_VERSION === 'string' ? GLANCE_BUILT_VERSION : undefined;

/**
 * `path` (relative to the app's archive) in the app's app.asar.unpacked, when this runs as the
 * single executable; undefined otherwise. Node resolves process.execPath through links, so a
 * `glance` linked onto the PATH still finds the app it belongs to.
 */
export function unpackedBesideSingleExecutable(path: string): string | undefined {
  if (singleExecutableVersion === undefined) return undefined;
  return join(dirname(process.execPath), 'app.asar.unpacked', path);
}
