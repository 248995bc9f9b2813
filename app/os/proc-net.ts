/**
 * Who listens on a TCP port, from Linux's /proc: the kernel's socket tables (/proc/net/tcp and
 * tcp6) give the listening sockets and their inodes, and /proc/PID/fd links (`socket:[INODE]`)
 * give the processes holding them. No child process, and it also sees sockets of other users,
 * which lsof run as an ordinary user silently leaves out: those come back with pid -1.
 *
 * Why not the alternatives (measured, docs/benchmarks.md, "The listener check"): `ss` asks the
 * kernel over netlink (sock_diag) and filters there, but starting any process from Node costs
 * 16 ms here (`ss` itself 22-39 ms), more than this whole check, and `ss -p` finds the holders by
 * the same walk of /proc/PID/fd; Node cannot open a netlink socket itself. Reading only the named
 * process's fds would be cheap, but the check must see every holder of the socket, and another
 * process holds the same one after a fork or when it was sent over a Unix socket (SCM_RIGHTS):
 * only the fd tables of every process tell.
 */
import { readdirSync, readlinkSync } from 'node:fs';
import { endianness } from 'node:os';
import type { ListenersResult, ListeningSocket } from './types.js';
import { formatIpv6 } from './ipv6.js';
import { isValidPort } from './lsof.js';
import { pastListeners, portField, readTableLines, TCP_LISTEN } from './proc-table.js';

/** One listening socket as the kernel's table lists it. */
export interface ProcNetListener {
  inode: string;
  address: string;
}

/**
 * Parses the text of /proc/net/tcp or /proc/net/tcp6 into the sockets listening on `port`.
 * Addresses are hex, one 32-bit word at a time in the host's byte order (`littleEndian`).
 */
export function parseProcNetTcp(text: string, port: number, littleEndian = endianness() === 'LE'): ProcNetListener[] {
  return listenersInLines(text.split('\n').slice(1), port, littleEndian);
}

/** The sockets listening on `port` among a table's lines (its header dropped). */
export function listenersInLines(lines: readonly string[], port: number, littleEndian = endianness() === 'LE'): ProcNetListener[] {
  const found: ProcNetListener[] = [];
  // The kernel prints ports as four upper-case hex digits: skip other lines before splitting them.
  const field = portField(port);
  for (const line of lines) {
    if (!line.includes(field)) continue;
    const cols = line.trim().split(/\s+/);
    const local = cols[1];
    const state = cols[3];
    const inode = cols[9];
    if (local === undefined || state !== TCP_LISTEN || inode === undefined) continue;
    const [hexAddress, hexPort] = local.split(':');
    if (hexAddress === undefined || hexPort === undefined || parseInt(hexPort, 16) !== port) continue;
    const address = decodeProcAddress(hexAddress, littleEndian);
    if (address !== undefined) found.push({ inode, address });
  }
  return found;
}

/**
 * The listening sockets on `port` in both tables, each read only until it is past its
 * listeners (proc-table.ts). Throws when /proc/net/tcp cannot be read.
 */
function readListeners(procRoot: string, port: number): ProcNetListener[] {
  const tcp = readTableLines(`${procRoot}/net/tcp`, false, pastListeners);
  const tcp6 = readTableLines(`${procRoot}/net/tcp6`, true, pastListeners);
  return [...listenersInLines(tcp, port), ...listenersInLines(tcp6, port)];
}

/** Decodes a /proc/net address (8 hex digits for IPv4, 32 for IPv6) to its printed form. */
export function decodeProcAddress(hex: string, littleEndian: boolean): string | undefined {
  if (!/^[0-9A-Fa-f]+$/.test(hex) || (hex.length !== 8 && hex.length !== 32)) return undefined;
  const bytes: number[] = [];
  for (let word = 0; word < hex.length; word += 8) {
    const wordBytes = [0, 2, 4, 6].map((i) => parseInt(hex.slice(word + i, word + i + 2), 16));
    bytes.push(...(littleEndian ? wordBytes.reverse() : wordBytes));
  }
  if (bytes.length === 4) return bytes.join('.');
  // An IPv4-mapped address (::ffff:a.b.c.d) only ever carries IPv4 traffic; lsof prints it as
  // plain a.b.c.d, and so do we, so that both methods give the same answer.
  if (bytes.slice(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff) return bytes.slice(12).join('.');
  return formatIpv6(bytes);
}

/**
 * Maps socket inodes to the pids holding them, scanning /proc/[0-9]+/fd: every process, since a
 * socket has one holder per process that inherited it (fork) or was sent it (SCM_RIGHTS), and
 * only their fd tables tell. Processes we may not look into (other users) and processes that
 * exit during the scan are skipped quietly.
 *
 * What it costs is one readdir per process and one readlink per open file of the machine (on
 * this machine, 530 open files, 290 of them in processes closed to us: 6.3 ms, and 2.2 ms with
 * the two changes below; docs/benchmarks.md, "The listener check"). The kernel allows
 * reading a process's fd links or not for the process as a whole (`proc_fd_access_allowed`,
 * i.e. ptrace access), so the first EACCES or EPERM skips the rest of that process's fds instead
 * of failing on each of them; and each failure would build an Error with a stack trace, which
 * cost more than the system call, so stack traces are off for the duration of this synchronous
 * scan (nothing else runs in between, and the setting is put back however it ends).
 */
export function pidsHoldingInodes(procRoot: string, inodes: ReadonlySet<string>): Map<string, number[]> {
  const holders = new Map<string, number[]>();
  if (inodes.size === 0) return holders;
  const stackTraceLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    for (const entry of readdirSync(procRoot)) {
      if (!isDigits(entry)) continue;
      const fdDir = `${procRoot}/${entry}/fd/`;
      let fds: string[];
      try {
        fds = readdirSync(fdDir);
      } catch {
        continue;
      }
      for (const fd of fds) {
        let target: string;
        try {
          target = readlinkSync(fdDir + fd);
        } catch (error: unknown) {
          const code = (error as NodeJS.ErrnoException).code;
          if (code === 'EACCES' || code === 'EPERM') break; // the whole process is closed to us
          continue; // this fd was closed since the readdir
        }
        if (!target.startsWith(SOCKET_LINK) || !target.endsWith(']')) continue;
        const inode = target.slice(SOCKET_LINK.length, -1);
        if (!inodes.has(inode)) continue;
        const pids = holders.get(inode) ?? [];
        // A process holding the same socket on two fds is still one listener.
        const pid = Number(entry);
        if (!pids.includes(pid)) pids.push(pid);
        holders.set(inode, pids);
      }
    }
  } finally {
    Error.stackTraceLimit = stackTraceLimit;
  }
  return holders;
}

/** How an fd link names a socket: `socket:[INODE]`. */
const SOCKET_LINK = 'socket:[';

/** True for a /proc entry that is a pid (only digits); cheaper than a regular expression per entry. */
function isDigits(name: string): boolean {
  if (name.length === 0) return false;
  for (let i = 0; i < name.length; i += 1) {
    const c = name.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/**
 * Every socket listening on TCP `port`, from /proc under `procRoot`. A socket nobody can be
 * found holding is reported with pid -1, so a caller comparing pids refuses rather than trusts.
 * The fd scan is synchronous on purpose: measured, it takes about half the time of the same
 * scan as hundreds of small promises, and it runs only when something listens on the port.
 */
export async function procListeners(port: number, procRoot = '/proc'): Promise<ListenersResult> {
  if (!isValidPort(port)) return { ok: false, reason: `${port} is not a TCP port` };
  let listening: ProcNetListener[];
  try {
    listening = readListeners(procRoot, port);
  } catch (error: unknown) {
    return { ok: false, reason: `could not read ${procRoot}/net/tcp: ${(error as Error).message}` };
  }
  let holders: Map<string, number[]>;
  try {
    holders = pidsHoldingInodes(procRoot, new Set(listening.map((l) => l.inode)));
  } catch (error: unknown) {
    return { ok: false, reason: `could not list the processes in ${procRoot}: ${(error as Error).message}` };
  }
  const sockets: ListeningSocket[] = [];
  for (const { inode, address } of listening) {
    for (const pid of holders.get(inode) ?? [-1]) sockets.push({ pid, address });
  }
  return { ok: true, sockets };
}
