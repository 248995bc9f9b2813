/**
 * `glance providers --prune`: the user's own descriptors whose process is gone (a crashed
 * provider leaves its file behind; for a helper's descriptor, the app or the helper), found and removed with care. Never a descriptor whose
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
  /** The helper it states, when it is a helper's descriptor: gone, or serving an app that is gone. */
  helperPid?: number;
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

/** What a file states of its processes and app. */
interface Stated {
  pid?: number;
  helperPid?: number;
  name?: string;
  bundleId?: string;
}

const isPid = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

/** The pid, helper, name and bundle id the file states, read without following a link; never its token. */
async function readStated(path: string): Promise<Stated> {
  let handle;
  try {
    handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
    const buffer = Buffer.alloc(MAX_DESCRIPTOR_BYTES + 1);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    if (bytesRead > MAX_DESCRIPTOR_BYTES) return {};
    const json: unknown = JSON.parse(buffer.subarray(0, bytesRead).toString('utf8'));
    if (!isPlainObject(json)) return {};
    const { pid, helperPid, name, bundleId } = json;
    return {
      ...(isPid(pid) ? { pid } : {}),
      ...(isPid(helperPid) ? { helperPid } : {}),
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

/**
 * Whether a descriptor's process is gone: its app `pid`, or, for a helper's descriptor
 * (docs/protocol.md, "Providers served by a helper"), its helper, which wrote the file and would
 * have removed it on quitting. Either way a host ignores it.
 */
async function isStale(pid: number, helperPid: number | undefined, os: OsServices): Promise<boolean> {
  if (!(await os.isAlive(pid))) return true;
  return helperPid !== undefined && !(await os.isAlive(helperPid));
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
    const helperPid = stated.helperPid;
    if (!(await isStale(pid, helperPid, os))) continue;
    stale.push({ file, pid, ...(helperPid !== undefined ? { helperPid } : {}), ...(stated.name !== undefined ? { name: stated.name } : {}), ...(stated.bundleId !== undefined ? { bundleId: stated.bundleId } : {}), dev: stats.dev, ino: stats.ino });
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
      if (!(await isStale(entry.pid, entry.helperPid, os))) {
        kept.push({ file: entry.file, reason: `process ${entry.pid}${entry.helperPid !== undefined ? ` and its helper ${entry.helperPid} are` : ' is'} running again` });
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
