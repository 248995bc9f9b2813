import type { Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import { fail, pass, type CheckResult } from './types.js';

/** "0755". */
function octal(mode: number): string {
  return (mode & 0o777).toString(8).padStart(4, '0');
}

/**
 * The providers folder: a directory owned by the user with mode exactly 0700 (docs/protocol.md,
 * "The providers folder"). A host only refuses a folder writable by group or others, but a provider
 * makes it 0700, which also keeps other users from listing which apps are running.
 */
export async function checkFolderOwnerAndMode(folder: string, uid: number): Promise<CheckResult[]> {
  let stats: Stats;
  try {
    stats = await stat(folder);
  } catch (error) {
    const reason = `the providers folder cannot be read (${(error as NodeJS.ErrnoException).code ?? 'unknown error'})`;
    return [fail('folder-owner', reason), fail('folder-mode', reason)];
  }
  if (!stats.isDirectory()) return [fail('folder-owner', 'the providers folder is not a directory'), fail('folder-mode', 'the providers folder is not a directory')];
  return [
    stats.uid === uid ? pass('folder-owner') : fail('folder-owner', `the providers folder belongs to uid ${stats.uid}, not to the user (uid ${uid}); hosts ignore the whole folder`),
    (stats.mode & 0o777) === 0o700
      ? pass('folder-mode', '0700')
      : fail('folder-mode', `the providers folder has mode ${octal(stats.mode)}; a provider creates it with 0700 (or sets an existing one it owns to 0700)`),
  ];
}

/** The descriptor is a regular file, not a symbolic link or anything else (hosts refuse those). */
export function checkFileType(stats: Stats): CheckResult {
  if (stats.isFile()) return pass('file-type');
  const what = stats.isSymbolicLink() ? 'a symbolic link' : 'not a regular file';
  return fail('file-type', `the descriptor is ${what}; write a regular file (a temporary file in the folder, then rename it), which hosts require`);
}

/** The descriptor belongs to the user running the provider (hosts refuse other owners' files). */
export function checkFileOwner(stats: Stats, uid: number): CheckResult {
  return stats.uid === uid ? pass('file-owner') : fail('file-owner', `the descriptor belongs to uid ${stats.uid}, not to the user (uid ${uid}); hosts refuse it`);
}

/**
 * Mode exactly 0600: the file holds the token, so no other user may read it (docs/protocol.md,
 * "The providers folder").
 */
export function checkFileMode(stats: Stats): CheckResult {
  if ((stats.mode & 0o777) === 0o600) return pass('file-mode', '0600');
  const readable = (stats.mode & 0o044) !== 0 ? ': other users can read the token' : '';
  return fail('file-mode', `the descriptor has mode ${octal(stats.mode)}${readable}; create it with mode 0600`);
}

/**
 * The recommended name `<bundleId>.<pid>.json`, or `<bundleId>.<pid>.<helperPid>.json` for a
 * helper's descriptor (docs/protocol.md,
 * "Writing and removing the descriptor"). Only a recommendation: any `*.json` is read, so another
 * name passes with a note. A name that names another pid is a failure: hosts use the name to tell
 * the user which app an unreadable file belonged to.
 */
export function checkFileName(file: string, json: unknown, pid: number): CheckResult {
  const d = typeof json === 'object' && json !== null ? (json as Record<string, unknown>) : {};
  const bundleId = typeof d['bundleId'] === 'string' ? d['bundleId'] : undefined;
  // A helper's descriptor is recommended `<bundleId>.<pid>.<helperPid>.json`: the pid is then the second number from the end.
  const helper = typeof d['helperPid'] === 'number' ? d['helperPid'] : undefined;
  const named = (helper === undefined ? /\.(\d+)\.json$/ : /\.(\d+)\.\d+\.json$/).exec(file) ?? /\.(\d+)\.json$/.exec(file);
  if (named && Number(named[1]) !== pid) return fail('file-name', `the file name names process ${named[1]}, but the descriptor is for process ${pid}`);
  const recommended = helper === undefined ? `${bundleId ?? '<bundleId>'}.${pid}.json` : `${bundleId ?? '<bundleId>'}.${pid}.${helper}.json`;
  if (bundleId !== undefined && file === recommended) return pass('file-name', file);
  const shape = helper === undefined ? '<bundleId>.<pid>.json' : '<bundleId>.<pid>.<helperPid>.json';
  return pass('file-name', `note: the recommended name is ${shape}${bundleId !== undefined ? ` (${recommended})` : ''}; any *.json works`);
}
