/**
 * The connect-time check's question on Linux (step 5 of docs/protocol.md,
 * "The host's checks, in order"), from /proc in one pass: the sockets listening on the port, and
 * the server end of one connection to it, i.e. the socket whose local address is 127.0.0.1:port and
 * whose remote address is the host's own end. Each table is read once, only as far as the question
 * needs, and the fd scan looks for all their inodes at once, so this costs what the listener check
 * alone cost.
 */
import { endianness } from 'node:os';
import { isValidPort } from './lsof.js';
import { decodeProcAddress, listenersInLines, pidsHoldingInodes, type ProcNetListener } from './proc-net.js';
import { pastListeners, portField, readTableLines, TCP_LISTEN } from './proc-table.js';
import type { ConnectionResult, ListeningSocket, SocketEnd } from './types.js';

/** A connection closed on this side, waiting out its time: no longer anyone's socket. */
const TCP_TIME_WAIT = '06';

/**
 * The inode of the server end of the connection from `client` to 127.0.0.1:`port` in one table,
 * or undefined when the table does not hold it. An inode of "0" means the kernel has the
 * connection but the server has not accepted it yet (no file, so no holder to look for).
 */
export function parseServerEnd(text: string, port: number, client: SocketEnd, littleEndian = endianness() === 'LE'): string | undefined {
  return serverEndInLines(text.split('\n').slice(1), port, client, littleEndian);
}

/** `parseServerEnd` over a table's lines (its header dropped). */
function serverEndInLines(lines: readonly string[], port: number, client: SocketEnd, littleEndian = endianness() === 'LE'): string | undefined {
  const field = portField(port);
  for (const line of lines) {
    if (!line.includes(field)) continue;
    const cols = line.trim().split(/\s+/);
    const [localHex, localPort] = (cols[1] ?? '').split(':');
    const [remoteHex, remotePort] = (cols[2] ?? '').split(':');
    const inode = cols[9];
    if (localHex === undefined || remoteHex === undefined || inode === undefined) continue;
    // A TIME_WAIT entry of an earlier connection with the same ends has inode 0 too, and would
    // read as "not accepted yet": it is nobody's socket, so it is not this connection.
    if (cols[3] === TCP_LISTEN || cols[3] === TCP_TIME_WAIT) continue;
    if (parseInt(localPort ?? '', 16) !== port || parseInt(remotePort ?? '', 16) !== client.port) continue;
    // An IPv4-mapped address decodes as IPv4: a dual-stack listener's connection counts too.
    if (decodeProcAddress(localHex, littleEndian) !== '127.0.0.1' || decodeProcAddress(remoteHex, littleEndian) !== client.address) continue;
    return inode;
  }
  return undefined;
}

/** What one table gives the question, read only as far as it must be (proc-table.ts). */
interface TableAnswer {
  listening: ProcNetListener[];
  server: string | undefined;
}

/**
 * Reads one table until it is past its listeners and, when `wantServer` says the server end may
 * be in it, until that is found too (the established hash is walked in hash order, so it may be
 * anywhere in the rest of the table).
 */
function readTable(path: string, optional: boolean, port: number, client: SocketEnd, wantServer: (listening: readonly ProcNetListener[]) => boolean): TableAnswer {
  const answer: TableAnswer = { listening: [], server: undefined };
  let past = false;
  readTableLines(path, optional, (lines) => {
    answer.listening.push(...listenersInLines(lines, port));
    answer.server ??= serverEndInLines(lines, port, client);
    past ||= pastListeners(lines);
    return past && (answer.server !== undefined || !wantServer(answer.listening));
  });
  return answer;
}

/**
 * Listeners on `port` and the holders of the server end of the connection from `client`, from
 * /proc under `procRoot`. The server end is looked for in tcp6 only when tcp did not have it and
 * something listens on the port in tcp6 (a dual-stack listener's connections are IPv6 sockets):
 * an accepted socket has its listener's family. If that listener closed after accepting and
 * another of P's listens on IPv4, the server end is not found and the caller waits until its
 * time limit: a refusal, never a wrong yes.
 */
export async function procConnection(port: number, client: SocketEnd, procRoot = '/proc'): Promise<ConnectionResult> {
  if (!isValidPort(port)) return { ok: false, reason: `${port} is not a TCP port` };
  let listening: ProcNetListener[];
  let serverInode: string | undefined;
  try {
    const tcp = readTable(`${procRoot}/net/tcp`, false, port, client, () => true);
    const tcp6 = readTable(`${procRoot}/net/tcp6`, true, port, client, (six) => tcp.server === undefined && six.length > 0);
    listening = [...tcp.listening, ...tcp6.listening];
    serverInode = tcp.server ?? tcp6.server;
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
