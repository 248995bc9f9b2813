import { constants, type Stats } from 'node:fs';
import { lstat, open, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { isPlainObject, MAX_DESCRIPTOR_BYTES } from '@app-context/provider-kit/protocol';

/** The descriptor file of process N as found on disk, before any judgement of its contents. */
interface FoundDescriptor {
  file: string;
  path: string;
  /** lstat of the entry itself: a symbolic link is reported as one, not followed. */
  stats: Stats;
  /** The parsed JSON when the entry is a regular file that could be read and parsed. */
  json?: unknown;
  /** Why it could not be read or parsed, when it could not. */
  unreadable?: string;
}

/** Every descriptor that is process N's, newest first; empty when there is none. */
export interface DescriptorSearch {
  found: FoundDescriptor[];
  /** Why the folder could not be listed, when it could not. */
  folderProblem?: string;
}

/**
 * Finds process N's descriptor files. Unlike the host, this reads files the host would refuse
 * (mode 0644, another owner): the checks that follow say what is wrong with them. A file is
 * N's when it parses with `pid` N, or when its name follows `<bundleId>.<N>.json` or a helper's
 * `<bundleId>.<N>.<helperPid>.json` (so a file that does not parse, or names another pid, is still
 * reported).
 */
export async function findDescriptors(folder: string, pid: number): Promise<DescriptorSearch> {
  let names: string[];
  try {
    names = (await readdir(folder)).filter((name) => name.endsWith('.json')).sort();
  } catch (error) {
    return { found: [], folderProblem: (error as NodeJS.ErrnoException).code ?? 'unknown error' };
  }
  const found: FoundDescriptor[] = [];
  for (const file of names) {
    const candidate = await readCandidate(folder, file);
    if (candidate === undefined) continue;
    const json = candidate.json;
    const jsonPid = isPlainObject(json) ? json['pid'] : undefined;
    if (jsonPid === pid || namesPid(file, pid)) found.push(candidate);
  }
  // The newest wins, as for the host (docs/protocol.md, "The host's checks, in order", step 6).
  found.sort((a, b) => b.stats.mtimeMs - a.stats.mtimeMs);
  return { found };
}

/** `<bundleId>.<pid>.json` or `<bundleId>.<pid>.<helperPid>.json`. */
function namesPid(file: string, pid: number): boolean {
  return file.endsWith(`.${pid}.json`) || new RegExp(`\\.${pid}\\.[1-9][0-9]*\\.json$`).test(file);
}

async function readCandidate(folder: string, file: string): Promise<FoundDescriptor | undefined> {
  const path = join(folder, file);
  let stats: Stats;
  try {
    stats = await lstat(path);
  } catch {
    return undefined; // gone between the listing and now: a provider quitting
  }
  if (!stats.isFile()) return { file, path, stats, unreadable: stats.isSymbolicLink() ? 'it is a symbolic link' : 'it is not a regular file' };
  let handle;
  try {
    // O_NOFOLLOW: a file swapped for a link after the lstat is not followed either.
    handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    return { file, path, stats, unreadable: `it cannot be opened (${(error as NodeJS.ErrnoException).code ?? 'unknown error'})` };
  }
  try {
    const buffer = Buffer.alloc(MAX_DESCRIPTOR_BYTES + 1);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    if (bytesRead > MAX_DESCRIPTOR_BYTES) return { file, path, stats, unreadable: 'it is larger than 64 KiB' };
    try {
      return { file, path, stats, json: JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(buffer.subarray(0, bytesRead))) };
    } catch {
      // Never quote the content: it may hold the token.
      return { file, path, stats, unreadable: 'it is not valid UTF-8 JSON' };
    }
  } finally {
    await handle.close();
  }
}
