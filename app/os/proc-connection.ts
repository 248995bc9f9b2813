/**
 * The connect-time check's question on Linux (step 5 of docs/protocol.md,
 * "The host's checks, in order"), from /proc in one pass: the sockets listening on the port, and
 * the server end of one connection to it, i.e. the socket whose local address is 127.0.0.1:port and
 * whose remote address is the host's own end. Both tables are read once and the fd scan looks for
 * all their inodes at once, so this costs what the listener check alone cost.
 */
import { endianness } from 'node:os';
import { isValidPort } from './lsof.js';
import { decodeProcAddress, parseProcNetTcp, pidsHoldingInodes, readTable, type ProcNetListener } from './proc-net.js';
import type { ConnectionResult, ListeningSocket, SocketEnd } from './types.js';

/** The kernel's state code for a listening TCP socket. */
const TCP_LISTEN = '0A';

/**
 * The inode of the server end of the connection from `client` to 127.0.0.1:`port` in one table,
 * or undefined when the table does not hold it. An inode of "0" means the kernel has the
 * connection but the server has not accepted it yet (no file, so no holder to look for).
 */
export function parseServerEnd(text: string, port: number, client: SocketEnd, littleEndian = endianness() === 'LE'): string | undefined {
  const portField = `:${port.toString(16).toUpperCase().padStart(4, '0')} `;
  for (const line of text.split('\n').slice(1)) {
    if (!line.includes(portField)) continue;
    const cols = line.trim().split(/\s+/);
    const [localHex, localPort] = (cols[1] ?? '').split(':');
    const [remoteHex, remotePort] = (cols[2] ?? '').split(':');
    const inode = cols[9];
    if (localHex === undefined || remoteHex === undefined || inode === undefined || cols[3] === TCP_LISTEN) continue;
    if (parseInt(localPort ?? '', 16) !== port || parseInt(remotePort ?? '', 16) !== client.port) continue;
    // An IPv4-mapped address decodes as IPv4: a dual-stack listener's connection counts too.
    if (decodeProcAddress(localHex, littleEndian) !== '127.0.0.1' || decodeProcAddress(remoteHex, littleEndian) !== client.address) continue;
    return inode;
  }
  return undefined;
}

/** Listeners on `port` and the holders of the server end of the connection from `client`, from /proc under `procRoot`. */
export async function procConnection(port: number, client: SocketEnd, procRoot = '/proc'): Promise<ConnectionResult> {
  if (!isValidPort(port)) return { ok: false, reason: `${port} is not a TCP port` };
  let listening: ProcNetListener[];
  let serverInode: string | undefined;
  try {
    const tcp = readTable(`${procRoot}/net/tcp`, false);
    const tcp6 = readTable(`${procRoot}/net/tcp6`, true);
    listening = [...parseProcNetTcp(tcp, port), ...parseProcNetTcp(tcp6, port)];
    serverInode = parseServerEnd(tcp, port, client) ?? parseServerEnd(tcp6, port, client);
  } catch (error: unknown) {
    return { ok: false, reason: `could not read ${procRoot}/net/tcp: ${(error as Error).message}` };
  }
  const accepted = serverInode !== undefined && serverInode !== '0' ? serverInode : undefined;
  let holders: Map<string, number[]>;
  try {
    holders = pidsHoldingInodes(procRoot, new Set([...listening.map((l) => l.inode), ...(accepted !== undefined ? [accepted] : [])]));
  } catch (error: unknown) {
    return { ok: false, reason: `could not list the processes in ${procRoot}: ${(error as Error).message}` };
  }
  const sockets: ListeningSocket[] = [];
  for (const { inode, address } of listening) {
    for (const pid of holders.get(inode) ?? [-1]) sockets.push({ pid, address });
  }
  const server = serverInode === undefined ? undefined : serverInode === '0' ? 'queued' : holders.get(serverInode) ?? [-1];
  return { ok: true, sockets, server };
}
