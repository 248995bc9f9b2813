// The socket tables read only as far as a question needs (app/os/proc-table.ts) must give the
// answer the whole tables give. Asked on a machine made busy by this test itself: many listeners
// and many connections on real loopback sockets, so the tables span many pages.
import { readFileSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseProcNetTcp, parseServerEnd, procConnection, procListeners } from '../../app/os/index.js';
import { lineState, pastListeners, portField, readTableLines } from '../../app/os/proc-table.js';

const linux = process.platform === 'linux';
const servers: Server[] = [];
const clients: Socket[] = [];
const accepted: Socket[] = [];

function listen(host: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer((socket) => accepted.push(socket));
    server.once('error', reject);
    server.listen(0, host, () => resolve(server));
    servers.push(server);
  });
}

function dial(server: Server): Promise<Socket> {
  const { port } = server.address() as { port: number };
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port }, () => resolve(socket));
    socket.once('error', reject);
    clients.push(socket);
  });
}

const portOf = (server: Server): number => (server.address() as { port: number }).port;

/**
 * The lines of this test's own sockets, each once, sorted. Other processes' sockets come and go
 * between two reads, and two kinds of them are not this test's though they name its ports:
 * another process's connection closed in TIME_WAIT (held by no one: inode 0) to a port that one
 * of these servers was given again, which lingers up to a minute. And the kernel prints a table
 * page by page (seq_file), so a change between two read() calls can print a line twice: 400
 * reads of /proc/net/tcp at load 15-20 counted this test's 420 lines as 420 to 425, never fewer.
 * Which sockets there are is the answer; how often the kernel printed one is not.
 */
function ourLines(lines: readonly string[], key: (cols: string[]) => string): string[] {
  const fields = servers.map((server) => portField(portOf(server)));
  const ours = lines.filter((line) => fields.some((field) => line.includes(field))).map((line) => line.trim().split(/\s+/)).filter((cols) => cols[9] !== '0');
  return [...new Set(ours.map(key))].sort();
}

/**
 * Room for the two tests that ask once per port or per connection (60 and 200 questions). Each
 * question walks every process's fds, this one's 460 sockets among them, and the 200 took 21 to
 * 50 s here at load 15-25 (other suites running), past the 20 s default. The work is fixed, no
 * wait for a state: only the time it takes varies with the machine.
 */
const MANY_QUESTIONS_MS = 120_000;

describe.runIf(linux)('reading the socket tables only as far as needed', () => {
  beforeAll(async () => {
    // 60 listeners (two or three pages of listening hash) and 200 connections (400 sockets in the
    // established hash, some 15 pages), half of them to a dual-stack listener (IPv6 sockets).
    for (let i = 0; i < 50; i += 1) await listen('127.0.0.1');
    for (let i = 0; i < 10; i += 1) await listen('::');
    for (let i = 0; i < 200; i += 1) await dial(servers[i % servers.length] as Server);
    // Every connection accepted, so each server end has its holder (this process).
    const deadline = Date.now() + 60_000;
    while (accepted.length < 200 && Date.now() < deadline) await new Promise((r) => setImmediate(r));
    expect(accepted.length).toBe(200);
  }, 120_000);

  afterAll(async () => {
    for (const socket of [...clients, ...accepted]) socket.destroy();
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  });

  it('stops before the end of a large table and still has every listener', () => {
    const whole = readFileSync('/proc/net/tcp', 'latin1').split('\n').slice(1).filter((line) => line.trim() !== '');
    const early = readTableLines('/proc/net/tcp', false, pastListeners);
    expect(early.length).toBeLessThan(whole.length);
    const listeners = (lines: string[]): string[] => ourLines(lines.filter((line) => lineState(line) === '0A'), (cols) => cols[9] ?? '');
    expect(listeners(early)).toEqual(listeners(whole));
    expect(listeners(early).length).toBeGreaterThanOrEqual(50);
  });

  it('read to its end when nothing says enough, it is the whole table', () => {
    const whole = readFileSync('/proc/net/tcp', 'latin1').split('\n').slice(1).filter((line) => line.trim() !== '');
    const lines = readTableLines('/proc/net/tcp', false);
    const ours = (all: string[]): string[] => ourLines(all, (cols) => cols.slice(1, 4).join(' '));
    expect(ours(lines)).toEqual(ours(whole));
    // Each socket there: the 50 listeners on 127.0.0.1, the 200 client ends, and the server end
    // of each connection to one of those 50 (a dual-stack listener's ends are in tcp6).
    const toIpv4 = clients.filter((_, i) => i % servers.length < 50).length;
    expect(ours(lines)).toHaveLength(50 + clients.length + toIpv4);
  });

  it('procListeners names what the whole tables name, for every port', async () => {
    const tcp = readFileSync('/proc/net/tcp', 'latin1');
    const tcp6 = readFileSync('/proc/net/tcp6', 'latin1');
    for (const server of servers) {
      const port = portOf(server);
      const result = await procListeners(port);
      if (!result.ok) throw new Error(result.reason);
      // Each address once: a listener the kernel printed twice in one read is still one (ourLines).
      const addresses = (all: { address: string }[]): string[] => [...new Set(all.map((l) => l.address))].sort();
      expect(addresses(result.sockets)).toEqual(addresses([...parseProcNetTcp(tcp, port), ...parseProcNetTcp(tcp6, port)]));
      expect(result.sockets.every((s) => s.pid === process.pid)).toBe(true);
    }
  }, MANY_QUESTIONS_MS);

  it('procConnection finds the server end of every connection, IPv4 and dual-stack, as the whole tables do', async () => {
    for (const client of clients) {
      const port = client.remotePort ?? 0;
      const end = { address: client.localAddress ?? '', port: client.localPort ?? 0 };
      const result = await procConnection(port, end);
      if (!result.ok) throw new Error(result.reason);
      const reference = parseServerEnd(readFileSync('/proc/net/tcp', 'latin1'), port, end) ?? parseServerEnd(readFileSync('/proc/net/tcp6', 'latin1'), port, end);
      expect(reference).toBeDefined();
      expect(result.server).toEqual([process.pid]);
      expect(result.sockets.length).toBeGreaterThan(0);
    }
  }, MANY_QUESTIONS_MS);
});
