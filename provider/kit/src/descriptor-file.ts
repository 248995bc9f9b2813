import { randomBytes } from 'node:crypto';
import { chmodSync, closeSync, fchmodSync, fsyncSync, mkdirSync, openSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { ProviderSetupError } from './problems.js';

/**
 * Makes sure the providers folder exists, is a folder we own, and has mode 0700
 * (docs/protocol.md#the-providers-folder). A folder we own with another mode is fixed; one we cannot fix is an
 * error for the developer, thrown before anything is published. The path is followed if it
 * is a link, as hosts follow it.
 */
export function prepareFolder(folder: string): void {
  try {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
  } catch (error) {
    throw new ProviderSetupError(`cannot create the providers folder ${folder}: ${codeOf(error)}`);
  }
  const stat = statSync(folder);
  if (!stat.isDirectory()) throw new ProviderSetupError(`the providers folder ${folder} exists but is not a folder; remove it or set APP_CONTEXT_PROVIDERS_DIR`);
  const uid = process.getuid?.();
  if (uid !== undefined && stat.uid !== uid) {
    throw new ProviderSetupError(`the providers folder ${folder} belongs to another user (uid ${stat.uid}); hosts would ignore it, so nothing is published`);
  }
  if ((stat.mode & 0o777) !== 0o700) {
    try {
      chmodSync(folder, 0o700);
    } catch (error) {
      throw new ProviderSetupError(`cannot set the providers folder ${folder} to mode 0700: ${codeOf(error)}`);
    }
  }
}

/** A file name made only of safe characters: `<bundleId>.<pid>.json`, or `<bundleId>.<pid>.<helperPid>.json` for a helper. */
export function descriptorFileName(bundleId: string, pid: number, helperPid?: number): string {
  const safe = bundleId.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^\.+/, '_');
  return helperPid === undefined ? `${safe}.${pid}.json` : `${safe}.${pid}.${helperPid}.json`;
}

/**
 * Writes the descriptor atomically: a temporary file in the same folder whose name does not
 * end in `.json` (hosts skip it), created 0600 and synced, then renamed over the final name.
 * A host therefore sees no file or a whole one, never half. Returns the final path.
 */
export function writeDescriptorFile(folder: string, fileName: string, content: unknown): string {
  const finalPath = join(folder, fileName);
  const tempPath = join(folder, `.${fileName}.${randomBytes(6).toString('hex')}.tmp`);
  let fd: number | undefined;
  try {
    fd = openSync(tempPath, 'wx', 0o600);
    // The umask could have removed bits but never added any; set the mode explicitly anyway.
    fchmodSync(fd, 0o600);
    writeSync(fd, `${JSON.stringify(content, null, 2)}\n`);
    fsyncSync(fd);
    closeSync(fd);
    fd = undefined;
    renameSync(tempPath, finalPath);
    return finalPath;
  } catch (error) {
    if (fd !== undefined) closeSync(fd);
    removeQuietly(tempPath);
    throw new ProviderSetupError(`cannot write the descriptor in ${folder}: ${codeOf(error)}`);
  }
}

/** Removes a file, ignoring "already gone"; synchronous so it works in an 'exit' handler. */
export function removeQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // Already removed (stop() then exit) or the folder went away: nothing left to clean.
  }
}

function codeOf(error: unknown): string {
  return error instanceof Error && 'code' in error ? String(error.code) : 'unknown error';
}
