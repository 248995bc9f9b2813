/**
 * Reading Linux's TCP socket tables (/proc/net/tcp and tcp6) only as far as a question needs.
 *
 * Why not whole (measured, docs/benchmarks.md, "The listener check"): the kernel prints a table
 * page by page as it is read (seq_file: one read() returns at most a page of whole lines, 27
 * sockets), listing first its listening hash, then walking its established hash of 262,144
 * buckets or more, whatever the socket count. Read whole, each table cost 1.2-3.2 ms here, the
 * walk about 1 ms of it even for a table of one line; the listeners alone come in the first page
 * or two, 0.03-0.05 ms. So a reader says when it has enough, and the walk stops there.
 */
import { closeSync, openSync, readSync } from 'node:fs';

/** The kernel's state code for a listening TCP socket. */
export const TCP_LISTEN = '0A';
/** A connection half-open on a listener: on kernels before 4.4 printed among the listeners. */
const TCP_SYN_RECV = '03';

/** One page of a table, and a little room: a read never returns more than a page. */
const pageBuffer = Buffer.allocUnsafe(64 * 1024);

/**
 * Reads the table at `path` until `enough` says so (given the whole lines that page added), or
 * to its end. Only tcp6 may be missing (a kernel without IPv6): then it reads as empty.
 * Returns the whole lines read, the header line dropped. Synchronous on purpose: the kernel writes
 * the text during the read() call (there is no disk behind it), and a synchronous read cost
 * about half what the same read through the thread pool did.
 */
export function readTableLines(path: string, optional: boolean, enough: (lines: readonly string[]) => boolean = () => false): string[] {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (error: unknown) {
    if (optional && (error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const lines: string[] = [];
  let partial = '';
  let header = true;
  try {
    for (;;) {
      const read = readSync(fd, pageBuffer, 0, pageBuffer.length, null);
      if (read === 0) break;
      // The kernel prints ASCII only. A page holds whole lines; a partial one is kept anyway, in
      // case another kernel splits them.
      const text = partial + pageBuffer.toString('latin1', 0, read);
      const cut = text.lastIndexOf('\n');
      partial = text.slice(cut + 1);
      const added = cut < 0 ? [] : text.slice(0, cut).split('\n');
      if (header && added.length > 0) {
        added.shift();
        header = false;
      }
      for (const line of added) lines.push(line);
      if (added.length > 0 && enough(added)) break;
    }
  } finally {
    closeSync(fd);
  }
  if (partial.trim() !== '' && !header) lines.push(partial);
  return lines;
}

/** The state column (4th) of a table line: two hex digits. */
export function lineState(line: string): string | undefined {
  return line.trim().split(/\s+/, 4)[3];
}

/**
 * True once a page shows the table is past its listening sockets: a line in a state other than
 * LISTEN, since the kernel lists every listening socket before any other (the listening hash
 * first). A half-open connection (SYN_RECV) does not count: kernels before 4.4 printed those after
 * their listener, so such a line proves nothing; a table of only those is read to its end.
 */
export function pastListeners(lines: readonly string[]): boolean {
  return lines.some((line) => {
    const state = lineState(line);
    return state !== undefined && state !== TCP_LISTEN && state !== TCP_SYN_RECV;
  });
}

/** The local-port field of a table line as the kernel prints it (`:1F90 `), to skip lines cheaply. */
export function portField(port: number): string {
  return `:${port.toString(16).toUpperCase().padStart(4, '0')} `;
}
