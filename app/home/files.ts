import { readBounded, readBoundedSync, type BoundedRead, type BoundedReadOptions, type BoundedReadRefusal } from '@app-context/provider-kit/platform';
import { chmod, open, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/**
 * Writing Glance's own files: each 0600, replaced atomically (a reader sees the old file or the
 * new one, never half of one), appended in one write. Whoever changes a file that another
 * process may change too holds its lock (lock.ts) around the read and the write.
 */

/** Mode of every file in the data folder. */
export const FILE_MODE = 0o600;

/**
 * `bytes` random bytes as hex, for names no other writer picks. From Web Crypto's generator (the
 * same as node:crypto's), which Node loads on first use: importing node:crypto up front cost every
 * command's start several milliseconds, and most commands write nothing (docs/benchmarks.md).
 */
export function randomHex(bytes: number): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(bytes))).toString('hex');
}

/** Writes `data` to `path` through a temporary file in the same folder and a rename. */
export async function writeFileAtomic(path: string, data: string | Uint8Array): Promise<void> {
  // Same folder, so the rename is atomic; a random name, so two writers never share it.
  const temporary = join(dirname(path), `.${basename(path)}.${randomHex(6)}.tmp`);
  try {
    await writeFile(temporary, data, { mode: FILE_MODE, flush: true });
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/** Appends `text` with one write (the file is created 0600 when missing). */
export async function appendText(path: string, text: string): Promise<void> {
  const handle = await open(path, 'a', FILE_MODE);
  try {
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * The largest data file read, far past any real one (a year of presses is a few MB of history):
 * a file in the data folder is the user's, but any of their programs can put one there, and a
 * FIFO, a device or a link to a procfs file must not hold a press or grow without end.
 */
const MAX_DATA_FILE_BYTES = 64 * 1024 * 1024;

/** A data file that is there but is not one to read: `refusal` says why, `code` in a few words (or the errno). */
export class UnreadableFileError extends Error {
  readonly code: string;
  constructor(path: string, readonly refusal: BoundedReadRefusal, errno: string | undefined) {
    const code = refusal === 'not-a-file' ? 'not a regular file' : refusal === 'too-large' ? 'larger than 64 MiB' : (errno ?? refusal);
    super(`Glance's file ${path} cannot be read (${code}); move it away and try again`);
    this.code = code;
  }
}

/** Links are followed (a user may link a file into the folder); what they point at is checked. */
const DATA_FILE: BoundedReadOptions = { maxBytes: MAX_DATA_FILE_BYTES, followLinks: true };

/** The bytes read, undefined for no file, or the refusal thrown. */
function bytesOf(path: string, read: BoundedRead): Buffer | undefined {
  if (read.ok) return read.bytes;
  if (read.refusal === 'missing') return undefined;
  throw new UnreadableFileError(path, read.refusal, read.code);
}

/**
 * The file's text, or undefined when there is no such file; UnreadableFileError for a file
 * that is not a regular file or is too large (read-bounded.ts: nothing blocks, nothing is read
 * past the cap). Read synchronously: one small file in the user's own data folder, read on every
 * press and every command, where the thread pool cost a `glance` start its start-up and every
 * read a hand-off (docs/benchmarks.md, "The command").
 */
export async function readOptional(path: string): Promise<string | undefined> {
  return bytesOf(path, readBoundedSync(path, DATA_FILE))?.toString('utf8');
}

/** The file's bytes as readOptional reads its text, through the thread pool: for files read once in a while (a kept payload, a lock). */
export async function readOptionalBytes(path: string): Promise<Buffer | undefined> {
  return bytesOf(path, await readBounded(path, DATA_FILE));
}

/** Tightens a file that is looser than 0600 (made by hand, or by an older version). */
export async function tightenFile(path: string): Promise<void> {
  try {
    const mode = (await stat(path)).mode & 0o777;
    if (mode !== FILE_MODE) await chmod(path, FILE_MODE);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/** A name for a damaged file kept aside: `<stem>.damaged-<time>.<ext>`, valid on every file system. */
export function asideName(path: string, now: Date): string {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  const name = basename(path);
  const dot = name.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  return join(dirname(path), `${stem}.damaged-${stamp}-${randomHex(2)}${ext}`);
}
