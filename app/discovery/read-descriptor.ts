import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from 'node:fs';
import { join } from 'node:path';
import { DescriptorSchema, describeDescriptorProblems, type Descriptor, isPlainObject, MAX_DESCRIPTOR_BYTES } from '@app-context/provider-kit/protocol';

/** A descriptor file read and parsed, or why it is not a usable descriptor file. */
export type DescriptorFile =
  | { ok: true; descriptor: Descriptor; mtimeMs: number; dev: number; ino: number }
  | { ok: false; reason: string; mtimeMs: number };

/**
 * The file checks of docs/protocol.md, "The host's checks, in order", step 2, then the parse.
 * The file is opened with O_NOFOLLOW and checked through the open handle, so a symbolic link,
 * or a file swapped for one between a check and the read, is refused rather than followed.
 *
 * The calls are synchronous: one small file in a local per-user folder, opened O_NONBLOCK and
 * read only once fstat says it is a regular file (a FIFO or a device is refused before any read,
 * so nothing can block). Through the thread pool the same four calls cost a `glance` start 6-7 ms
 * (the pool's first use starts its threads), and a press a hand-off to another thread per call
 * (docs/benchmarks.md, "The command").
 */
export async function readDescriptorFile(folder: string, file: string, uid: number): Promise<DescriptorFile> {
  return (await readDescriptorFileWithIdentity(folder, file, uid)).read;
}

/** What identifies one version of a file's content: same inode, size and times, same bytes. */
export interface FileIdentity {
  dev: number;
  ino: number;
  size: number;
  mtimeMs: number;
  ctimeMs: number;
}

/**
 * readDescriptorFile, plus the identity of the file whose bytes were parsed (taken from the
 * open handle) when the outcome came from its content, so a cache can tell later whether the
 * file is still the one it parsed. Open and stat failures carry no identity: nothing to reuse.
 */
export async function readDescriptorFileWithIdentity(folder: string, file: string, uid: number): Promise<{ read: DescriptorFile; identity?: FileIdentity }> {
  let fd: number;
  try {
    fd = openSync(join(folder, file), constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ELOOP') return { read: { ok: false, reason: 'it is a symbolic link, not a regular file', mtimeMs: 0 } };
    if (code === 'ENOENT') return { read: { ok: false, reason: 'it disappeared while being read (the provider quit)', mtimeMs: 0 } };
    return { read: { ok: false, reason: `it cannot be opened (${code ?? 'unknown error'})`, mtimeMs: 0 } };
  }
  try {
    const stats = fstatSync(fd);
    const refusal = fileRefusal(stats, uid);
    if (refusal) return { read: { ok: false, reason: refusal, mtimeMs: stats.mtimeMs } };
    // Read one byte past the limit: a file that fills it is over the limit. Unzeroed memory is
    // fine: only the bytes read are looked at, and zeroing 64 KiB per file dominated a folder
    // of a thousand descriptors.
    const buffer = Buffer.allocUnsafe(MAX_DESCRIPTOR_BYTES + 1);
    const bytesRead = readSync(fd, buffer, 0, buffer.length, 0);
    const identity = { dev: stats.dev, ino: stats.ino, size: stats.size, mtimeMs: stats.mtimeMs, ctimeMs: stats.ctimeMs };
    if (bytesRead > MAX_DESCRIPTOR_BYTES) return { read: { ok: false, reason: 'it is larger than 64 KiB, so it is not a descriptor', mtimeMs: stats.mtimeMs } };
    // A file that changed size while we read it is not the version the identity describes.
    return { read: parseDescriptor(buffer.subarray(0, bytesRead), stats), ...(bytesRead === stats.size ? { identity } : {}) };
  } finally {
    closeSync(fd);
  }
}

function fileRefusal(stats: Stats, uid: number): string | undefined {
  if (!stats.isFile()) return 'it is not a regular file';
  if (stats.uid !== uid) return `it belongs to another user (uid ${stats.uid}), so any user could have written it`;
  if ((stats.mode & 0o022) !== 0) return `it is writable by group or others (mode ${(stats.mode & 0o777).toString(8).padStart(4, '0')}); a provider writes it with mode 0600`;
  if (stats.size > MAX_DESCRIPTOR_BYTES) return 'it is larger than 64 KiB, so it is not a descriptor';
  return undefined;
}

function parseDescriptor(bytes: Buffer, stats: Stats): DescriptorFile {
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    // Never quote the content: a half-written file may hold the token.
    return { ok: false, reason: 'it is not valid UTF-8 JSON (perhaps caught half-written)', mtimeMs: stats.mtimeMs };
  }
  if (!isPlainObject(json)) {
    return { ok: false, reason: 'it is not a JSON object', mtimeMs: stats.mtimeMs };
  }
  const parsed = DescriptorSchema.safeParse(json);
  if (!parsed.success) return { ok: false, reason: `it is not a descriptor: ${describeDescriptorProblems(parsed.error)}`, mtimeMs: stats.mtimeMs };
  return { ok: true, descriptor: parsed.data, mtimeMs: stats.mtimeMs, dev: stats.dev, ino: stats.ino };
}
