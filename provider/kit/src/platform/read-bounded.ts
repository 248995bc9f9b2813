/**
 * Reading a file that another process may control (another app's Flatpak info or environment,
 * a desktop file or an icon any package or user can install, a file in a data folder another
 * program could replace) without letting that file decide what the read costs:
 *
 * - opened with O_NONBLOCK, so a FIFO (or a device) does not block the open or the read, and a
 *   thread of Node's pool is never pinned; with O_NOFOLLOW unless links are expected;
 * - checked through the open handle (fstat), so what is checked is what is read: it must be a
 *   regular file, and its stated size under the cap (a FIFO, a device, a socket are refused);
 * - read to at most cap + 1 bytes, so a procfs file (whose size says 0) or a file that grows
 *   while read costs no more than the cap: one byte past it says "too large".
 *
 * One helper for the host and the kit (both read /proc for bundle ids): the sync form where the
 * caller reads synchronously on purpose (procfs, the data folder's small files), the async form
 * for many files on disk (the icon lookup).
 */
import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from 'node:fs';
import { open } from 'node:fs/promises';

/** Why a file was not read. */
export type BoundedReadRefusal = 'missing' | 'link' | 'not-a-file' | 'empty' | 'too-large' | 'unreadable';

/** A file's bytes, or why they were not read (`code`: the errno of an open or read that failed). */
export type BoundedRead = { ok: true; bytes: Buffer } | { ok: false; refusal: BoundedReadRefusal; code?: string };

export interface BoundedReadOptions {
  /** The most bytes accepted; a file with more is refused as too large. */
  maxBytes: number;
  /** Follow a symbolic link as the last part of the path (the checks apply to its target). Default false. */
  followLinks?: boolean;
  /** Refuse a file whose size says 0: an empty file, or a procfs or sysfs file, whose size is not its length. Default false. */
  refuseEmpty?: boolean;
}

/** The first read's size for a file whose size says 0 (procfs): a page, grown as it fills. */
const FIRST_READ = 4096;

const openFlags = (options: BoundedReadOptions): number =>
  constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY | (options.followLinks === true ? 0 : constants.O_NOFOLLOW);

function openFailure(error: unknown): BoundedRead {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT' || code === 'ENOTDIR') return { ok: false, refusal: 'missing', code };
  if (code === 'ELOOP') return { ok: false, refusal: 'link', code };
  return { ok: false, refusal: 'unreadable', ...(code !== undefined ? { code } : {}) };
}

function statRefusal(stats: Stats, options: BoundedReadOptions): BoundedRead | undefined {
  if (!stats.isFile()) return { ok: false, refusal: 'not-a-file' };
  if (stats.size > options.maxBytes) return { ok: false, refusal: 'too-large' };
  if (stats.size === 0 && options.refuseEmpty === true) return { ok: false, refusal: 'empty' };
  return undefined;
}

/** The buffer the next read fills: the stated size + 1 (to see growth), a page for size 0, doubled while it fills, never past cap + 1. */
function room(buffer: Buffer | undefined, filled: number, stats: Stats, maxBytes: number): Buffer {
  const limit = maxBytes + 1;
  if (buffer === undefined) return Buffer.allocUnsafe(Math.min(limit, Math.max(stats.size + 1, FIRST_READ)));
  if (filled < buffer.length || buffer.length >= limit) return buffer;
  const grown = Buffer.allocUnsafe(Math.min(limit, buffer.length * 2));
  buffer.copy(grown, 0, 0, filled);
  return grown;
}

function result(buffer: Buffer, filled: number, options: BoundedReadOptions): BoundedRead {
  if (filled > options.maxBytes) return { ok: false, refusal: 'too-large' };
  if (filled === 0 && options.refuseEmpty === true) return { ok: false, refusal: 'empty' };
  return { ok: true, bytes: buffer.subarray(0, filled) };
}

/** The file's bytes, read synchronously within the cap (see the top of this file). */
export function readBoundedSync(path: string, options: BoundedReadOptions): BoundedRead {
  let fd: number;
  try {
    fd = openSync(path, openFlags(options));
  } catch (error) {
    return openFailure(error);
  }
  try {
    const stats = fstatSync(fd);
    const refused = statRefusal(stats, options);
    if (refused !== undefined) return refused;
    let buffer: Buffer | undefined;
    let filled = 0;
    for (;;) {
      buffer = room(buffer, filled, stats, options.maxBytes);
      if (filled >= buffer.length) break;
      const read = readSync(fd, buffer, filled, buffer.length - filled, null);
      if (read === 0) break;
      filled += read;
    }
    return result(buffer ?? Buffer.alloc(0), filled, options);
  } catch (error) {
    return { ok: false, refusal: 'unreadable', code: (error as NodeJS.ErrnoException).code ?? 'unknown' };
  } finally {
    closeSync(fd);
  }
}

/** The file's bytes, read through Node's thread pool within the cap; no call can block a pool thread. */
export async function readBounded(path: string, options: BoundedReadOptions): Promise<BoundedRead> {
  let handle;
  try {
    handle = await open(path, openFlags(options));
  } catch (error) {
    return openFailure(error);
  }
  try {
    const stats = await handle.stat();
    const refused = statRefusal(stats, options);
    if (refused !== undefined) return refused;
    let buffer: Buffer | undefined;
    let filled = 0;
    for (;;) {
      buffer = room(buffer, filled, stats, options.maxBytes);
      if (filled >= buffer.length) break;
      const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, null);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    return result(buffer ?? Buffer.alloc(0), filled, options);
  } catch (error) {
    return { ok: false, refusal: 'unreadable', code: (error as NodeJS.ErrnoException).code ?? 'unknown' };
  } finally {
    await handle.close();
  }
}
