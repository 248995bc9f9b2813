/**
 * Who listens on a TCP port, from Linux's /proc: the kernel's socket tables (/proc/net/tcp and
 * tcp6) give the listening sockets and their inodes, and /proc/PID/fd links (`socket:[INODE]`)
 * give the processes holding them. No child process, and it also sees sockets of other users,
 * which lsof run as an ordinary user silently leaves out: those come back with pid -1.
 */
import { readdirSync, readlinkSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { endianness } from 'node:os';
import type { ListenersResult, ListeningSocket } from './types.js';
import { formatIpv6 } from './ipv6.js';
import { isValidPort } from './lsof.js';

/** The kernel's state code for a listening TCP socket. */
const TCP_LISTEN = '0A';

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
  const found: ProcNetListener[] = [];
  // The kernel prints ports as four upper-case hex digits: skip other lines before splitting them.
  const portField = `:${port.toString(16).toUpperCase().padStart(4, '0')} `;
  for (const line of text.split('\n').slice(1)) {
    if (!line.includes(portField)) continue;
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

/** Reads a /proc/net table. Only tcp6 may be missing (a kernel without IPv6): then it is empty. */
export async function readTable(path: string, optional: boolean): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error: unknown) {
    if (optional && (error as NodeJS.ErrnoException).code === 'ENOENT') return '';
    throw error;
  }
}

/**
 * Maps socket inodes to the pids holding them, scanning /proc/[0-9]+/fd. Processes we may not
 * look into (other users) and processes that exit during the scan are skipped quietly.
 */
export function pidsHoldingInodes(procRoot: string, inodes: ReadonlySet<string>): Map<string, number[]> {
  const holders = new Map<string, number[]>();
  if (inodes.size === 0) return holders;
  for (const entry of readdirSync(procRoot)) {
    if (!/^\d+$/.test(entry)) continue;
    let fds: string[];
    try {
      fds = readdirSync(`${procRoot}/${entry}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      let target: string;
      try {
        target = readlinkSync(`${procRoot}/${entry}/fd/${fd}`);
      } catch {
        continue;
      }
      const match = /^socket:\[(\d+)\]$/.exec(target);
      if (match?.[1] === undefined || !inodes.has(match[1])) continue;
      const pids = holders.get(match[1]) ?? [];
      // A process holding the same socket on two fds is still one listener.
      if (!pids.includes(Number(entry))) pids.push(Number(entry));
      holders.set(match[1], pids);
    }
  }
  return holders;
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
    // The kernel builds each table by walking its whole socket hash: read the two in parallel.
    const [tcp, tcp6] = await Promise.all([readTable(`${procRoot}/net/tcp`, false), readTable(`${procRoot}/net/tcp6`, true)]);
    listening = [...parseProcNetTcp(tcp, port), ...parseProcNetTcp(tcp6, port)];
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
