/**
 * Parsed descriptor files, remembered by file identity, for a host that discovers again on
 * every hotkey press. Only the parse is remembered: whether the process runs, its bundle id
 * and who listens on its port are asked again each time (verify.ts), because those change
 * without the file changing. A file counts as unchanged when a fresh lstat shows it is still
 * a regular file of ours that no one else may write, with the same device, inode, size,
 * modification and change times as the open handle whose bytes were parsed. The folder's list of
 * names is remembered the same way, by the folder's identity: adding, removing or renaming an
 * entry changes the folder's modification and change times, so an unchanged folder lists the
 * same names, and its readdir (a tenth of a warm press) is skipped (docs/benchmarks.md, "The
 * kept path").
 */
import { lstatSync } from 'node:fs';
import { join } from 'node:path';
import { MAX_DESCRIPTOR_BYTES } from '@app-context/provider-kit/protocol';
import type { FolderIdentity } from './check-folder.js';
import { readDescriptorFileWithIdentity, type DescriptorFile, type FileIdentity } from './read-descriptor.js';

/**
 * A file changed twice within one tick of the file system's clock can keep the same times.
 * So a parse is remembered only when the file's change time was this far before the read
 * began (git's "racily clean" rule): any later write then gets a later change time. The cost
 * is that a descriptor is parsed afresh during its first second.
 */
const RACY_MS = 1000;

interface Entry {
  identity: FileIdentity;
  read: DescriptorFile;
}

/** Remembers the parse of each descriptor file of one folder. */
export interface DescriptorCache {
  /** The files of a usable folder, each read from disk unless it is unchanged since its parse. */
  read(folder: string, names: readonly string[], uid: number): Promise<{ file: string; read: DescriptorFile }[]>;
  /** The folder's names: `list()` unless the folder is the one last listed, by its identity. */
  names(folder: string, identity: FolderIdentity, list: () => Promise<string[]>): Promise<string[]>;
  /** Forgets every parse and listing. */
  clear(): void;
}

/** A descriptor cache; `now` is the wall clock file times are compared with. */
export function createDescriptorCache(now: () => number = Date.now): DescriptorCache {
  let scope = '';
  let entries = new Map<string, Entry>();
  let listing: { folder: string; identity: FolderIdentity; names: string[] } | undefined;
  return {
    async names(folder, identity, list) {
      if (listing !== undefined && listing.folder === folder && sameFolder(listing.identity, identity)) return listing.names;
      const started = now();
      const names = await list();
      // The racy rule again: a listing taken in the tick of the folder's last change may miss
      // an entry made later in that tick, with the same times.
      listing = identity.ctimeMs < started - RACY_MS && identity.mtimeMs < started - RACY_MS ? { folder, identity, names } : undefined;
      return names;
    },
    async read(folder, names, uid) {
      const current = `${uid}:${folder}`;
      if (current !== scope) {
        scope = current;
        entries = new Map();
      }
      // Files no longer listed are dropped here, so the cache never outgrows the folder.
      const kept = new Map<string, Entry>();
      const files = await Promise.all(names.map(async (file) => {
        const cached = entries.get(file);
        if (cached !== undefined && unchanged(join(folder, file), cached.identity, uid)) {
          kept.set(file, cached);
          return { file, read: cached.read };
        }
        const started = now();
        const { read, identity } = await readDescriptorFileWithIdentity(folder, file, uid);
        if (identity !== undefined && identity.ctimeMs < started - RACY_MS) kept.set(file, { identity, read });
        return { file, read };
      }));
      entries = kept;
      return files;
    },
    clear() {
      entries = new Map();
      listing = undefined;
    },
  };
}

function sameFolder(a: FolderIdentity, b: FolderIdentity): boolean {
  return a.dev === b.dev && a.ino === b.ino && a.mtimeMs === b.mtimeMs && a.ctimeMs === b.ctimeMs;
}

/**
 * Step 2 of docs/protocol.md, "The host's checks, in order", on the file as it is now (lstat: a
 * link is not a regular file), and the same identity as the parsed version. lstat is synchronous on
 * purpose: it asks for metadata only, a thousand of them take a few milliseconds, and going through
 * the thread pool for each cost more than the calls themselves.
 */
function unchanged(path: string, identity: FileIdentity, uid: number): boolean {
  let stats;
  try {
    stats = lstatSync(path, { throwIfNoEntry: false });
  } catch {
    return false;
  }
  return stats !== undefined && stats.isFile() && stats.uid === uid && (stats.mode & 0o022) === 0 && stats.size <= MAX_DESCRIPTOR_BYTES
    && stats.dev === identity.dev && stats.ino === identity.ino && stats.size === identity.size
    && stats.mtimeMs === identity.mtimeMs && stats.ctimeMs === identity.ctimeMs;
}
