import { readdirSync, statSync } from 'node:fs';
import type { FolderStatus } from './types.js';

/**
 * Step 1 of docs/protocol.md, "The host's checks, in order": the folder (following a link)
 * must be a directory owned by the current user and not writable by group or others; otherwise
 * none of it is read. Synchronous, as the descriptor cache's lstat is: the folder is checked on
 * every press, a stat and a readdir of one local folder take microseconds, and the thread pool's
 * round trips for them cost 0.1 ms of a warm collect (docs/benchmarks.md, "The kept path").
 */
export async function checkFolder(path: string, uid: number): Promise<FolderStatus> {
  let stats;
  try {
    stats = statSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { path, usable: false, reason: 'the providers folder does not exist yet: no provider has run as this user' };
    return { path, usable: false, reason: `the providers folder cannot be read (${code ?? 'unknown error'})` };
  }
  if (!stats.isDirectory()) return { path, usable: false, reason: 'the providers folder is not a directory' };
  if (stats.uid !== uid) return { path, usable: false, reason: `the providers folder belongs to another user (uid ${stats.uid}); remove it so a provider can make it again` };
  if ((stats.mode & 0o022) !== 0) {
    return { path, usable: false, reason: `the providers folder is writable by group or others (mode ${(stats.mode & 0o777).toString(8).padStart(4, '0')}); run chmod 700 on it` };
  }
  return { path, usable: true };
}

/** The names of the `*.json` entries of a usable folder, sorted for stable output. */
export async function listDescriptorFiles(path: string): Promise<string[]> {
  try {
    return readdirSync(path).filter((name) => name.endsWith('.json')).sort();
  } catch {
    return [];
  }
}
