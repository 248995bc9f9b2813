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
  return inspectFolder(path, uid).status;
}

/** What tells one version of a folder's list of entries from another (any entry added, removed or renamed changes its times). */
export interface FolderIdentity {
  dev: number;
  ino: number;
  mtimeMs: number;
  ctimeMs: number;
}

/** checkFolder, plus the identity of a usable folder, for a cache of its listing (descriptor-cache.ts). */
export function inspectFolder(path: string, uid: number): { status: FolderStatus; identity?: FolderIdentity } {
  let stats;
  try {
    stats = statSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { status: { path, usable: false, reason: 'the providers folder does not exist yet: no provider has run as this user' } };
    return { status: { path, usable: false, reason: `the providers folder cannot be read (${code ?? 'unknown error'})` } };
  }
  if (!stats.isDirectory()) return { status: { path, usable: false, reason: 'the providers folder is not a directory' } };
  if (stats.uid !== uid) return { status: { path, usable: false, reason: `the providers folder belongs to another user (uid ${stats.uid}); remove it so a provider can make it again` } };
  if ((stats.mode & 0o022) !== 0) {
    return { status: { path, usable: false, reason: `the providers folder is writable by group or others (mode ${(stats.mode & 0o777).toString(8).padStart(4, '0')}); run chmod 700 on it` } };
  }
  return { status: { path, usable: true }, identity: { dev: stats.dev, ino: stats.ino, mtimeMs: stats.mtimeMs, ctimeMs: stats.ctimeMs } };
}

/** The names of the `*.json` entries of a usable folder, sorted for stable output. */
export async function listDescriptorFiles(path: string): Promise<string[]> {
  try {
    return readdirSync(path).filter((name) => name.endsWith('.json')).sort();
  } catch {
    return [];
  }
}
