/**
 * `glance providers --prune`: the user's own descriptors whose process is gone (a crashed
 * provider leaves its file behind), found and removed with care. Never a descriptor whose
 * process runs, never a file of another user, never a link (not followed: what it points to
 * may be anywhere), never anything but a regular `*.json` file directly in the folder, and
 * each file is looked at again just before it is removed: if it changed since it was listed
 * (another file in its place, or its process back), it stays.
 */
import { constants, type Stats } from 'node:fs';
import { lstat, open, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { checkFolder, listDescriptorFiles } from '../discovery/check-folder.js';
import type { FolderStatus } from '../discovery/types.js';
import { isPlainObject, MAX_DESCRIPTOR_BYTES } from '@app-context/provider-kit/protocol';
import type { OsServices } from '../os/types.js';

/** A descriptor whose process is gone, with what identifies the file that was looked at. */
export interface StaleDescriptor {
  file: string;
  pid: number;
  /** Name and bundle id when the file parsed as JSON with them (for the listing only). */
  name?: string;
  bundleId?: string;
  dev: number;
  ino: number;
}

/** A file that was left alone, and why. */
export interface KeptFile {
  file: string;
  reason: string;
}

/** What a scan of the folder found. */
export interface PruneScan {
  folder: FolderStatus;
  stale: StaleDescriptor[];
  /** Files that look like descriptors but are not the user's to prune (links, others' files). */
  skipped: KeptFile[];
}

/** The pid of a `<something>.<pid>.json` name, the recommended form. */
function pidFromName(file: string): number | undefined {
  const match = /\.([1-9]\d{0,9})\.json$/.exec(file);
  return match?.[1] === undefined ? undefined : Number(match[1]);
}

/** Why a file is not the user's own regular file, or undefined when it is. */
function notOwnFile(stats: Stats, uid: number): string | undefined {
  if (stats.isSymbolicLink()) return 'a symbolic link (not followed)';
  if (!stats.isFile()) return 'not a regular file';
  if (stats.uid !== uid) return `another user's file (uid ${stats.uid})`;
  return undefined;
}

/** The pid, name and bundle id the file states, read without following a link; never its token. */
async function readStated(path: string): Promise<{ pid?: number; name?: string; bundleId?: string }> {
  let handle;
  try {
    handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
    const buffer = Buffer.alloc(MAX_DESCRIPTOR_BYTES + 1);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    if (bytesRead > MAX_DESCRIPTOR_BYTES) return {};
    const json: unknown = JSON.parse(buffer.subarray(0, bytesRead).toString('utf8'));
    if (!isPlainObject(json)) return {};
    const { pid, name, bundleId } = json;
    return {
      ...(typeof pid === 'number' && Number.isSafeInteger(pid) && pid > 0 ? { pid } : {}),
      ...(typeof name === 'string' ? { name } : {}),
      ...(typeof bundleId === 'string' ? { bundleId } : {}),
    };
  } catch {
    // Half-written, not JSON, or gone: the file name may still say whose it was.
    return {};
  } finally {
    await handle?.close();
  }
}

/** Lists the user's descriptors in `folder` whose process is no longer running. Removes nothing. */
export async function findStale(folder: string, uid: number, os: OsServices): Promise<PruneScan> {
  const status = await checkFolder(folder, uid);
  if (!status.usable) return { folder: status, stale: [], skipped: [] };
  const stale: StaleDescriptor[] = [];
  const skipped: KeptFile[] = [];
  for (const file of await listDescriptorFiles(folder)) {
    const path = join(folder, file);
    let stats: Stats;
    try {
      stats = await lstat(path);
    } catch {
      continue; // removed meanwhile: nothing to prune
    }
    const refusal = notOwnFile(stats, uid);
    if (refusal !== undefined) {
      if (pidFromName(file) !== undefined || stats.isSymbolicLink()) skipped.push({ file, reason: refusal });
      continue;
    }
    const stated = await readStated(path);
    const pid = stated.pid ?? pidFromName(file);
    if (pid === undefined) {
      skipped.push({ file, reason: 'it names no process (no pid in it or in its name)' });
      continue;
    }
    if (await os.isAlive(pid)) continue;
    stale.push({ file, pid, ...(stated.name !== undefined ? { name: stated.name } : {}), ...(stated.bundleId !== undefined ? { bundleId: stated.bundleId } : {}), dev: stats.dev, ino: stats.ino });
  }
  return { folder: status, stale, skipped };
}

/**
 * Removes the stale descriptors found by findStale, each only if it is still the same file
 * (device and inode), still the user's regular file, and its process is still gone.
 */
export async function removeStale(folder: string, stale: readonly StaleDescriptor[], uid: number, os: OsServices): Promise<{ removed: string[]; kept: KeptFile[] }> {
  const removed: string[] = [];
  const kept: KeptFile[] = [];
  for (const entry of stale) {
    const path = join(folder, entry.file);
    try {
      const now = await lstat(path);
      const refusal = notOwnFile(now, uid);
      if (refusal !== undefined || now.dev !== entry.dev || now.ino !== entry.ino) {
        kept.push({ file: entry.file, reason: refusal ?? 'it was replaced since it was listed' });
        continue;
      }
      if (await os.isAlive(entry.pid)) {
        kept.push({ file: entry.file, reason: `process ${entry.pid} is running again` });
        continue;
      }
      await unlink(path);
      removed.push(entry.file);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      // Gone already (its provider's exit handler, another prune): nothing left to remove.
      if (code !== 'ENOENT') kept.push({ file: entry.file, reason: `it could not be removed (${code ?? 'unknown error'})` });
    }
  }
  return { removed, kept };
}
