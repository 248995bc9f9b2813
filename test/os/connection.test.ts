// The connect-time check's one question to the OS (step 5 of docs/protocol.md,
// "The host's checks, in order"): the listeners on a port and who holds the server end of one
// connection to it. Parsed from output shaped like the real thing, then asked of real processes
// both ways, /proc and the real lsof, which must agree.
import { existsSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createOs, lsofConnection, parseLsofConnection, parseServerEnd, procConnection } from '../../app/os/index.js';
import type { ConnectionResult, SocketEnd } from '../../app/os/index.js';
import { killStarted, startAndRead, startListener, waitFor } from './processes.js';

const linux = process.platform === 'linux';
const ipv6 = linux ? existsSync('/proc/net/if_inet6') : true;

// From a real /proc/net/tcp and tcp6 (x86_64): a listener on 127.0.0.1:47722 (B26A), its
// accepted connection from port 53994 (D2F0), our own end of it, and one not accepted yet.
const TCP = `  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode
   1: 0100007F:B26A 00000000:0000 0A 00000000:00000001 00:00000000 00000000     0        0 11712 1 00000000060eb434 100 0 0 10 0
   2: 0100007F:D2F0 0100007F:B26A 01 00000000:00000000 00:00000000 00000000     0        0 11800 1 00000000060eb434 20 4 30 10 -1
   3: 0100007F:B26A 0100007F:D2F0 01 00000000:00000000 00:00000000 00000000     0        0 11799 1 00000000060eb434 20 4 30 10 -1
   4: 0100007F:B26A 0100007F:D2F1 01 00000000:00000000 00:00000000 00000000     0        0 0 1 00000000060eb434 20 4 30 10 -1
   5: 0100007F:B26A 0100007F:D2F2 06 00000000:00000000 03:00001770 00000000     0        0 0 3 0000000000000000
`;
const TCP6 = `  sl  local_address                         remote_address                        st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode
   0: 00000000000000000000000000000000:B268 00000000000000000000000000000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 11711 1 000000002767ddbc 100 0 0 10 0
   1: 0000000000000000FFFF00000100007F:B268 0000000000000000FFFF00000100007F:AAE8 01 00000000:00000000 00:00000000 00000000     0        0 57567 1 0000000067766623 21 0 0 10 -1
`;

describe('parseServerEnd', () => {
  it('finds the server end by its four addresses, never our own end or another connection', () => {
    expect(parseServerEnd(TCP, 0xb26a, { address: '127.0.0.1', port: 0xd2f0 }, true)).toBe('11799');
    expect(parseServerEnd(TCP, 0xb26a, { address: '127.0.0.1', port: 1234 }, true)).toBeUndefined();
    expect(parseServerEnd(TCP, 0xb26a, { address: '10.0.0.1', port: 0xd2f0 }, true)).toBeUndefined();
  });

  it('reports a connection not accepted yet with inode 0, and reads a dual-stack socket\'s mapped addresses', () => {
    expect(parseServerEnd(TCP, 0xb26a, { address: '127.0.0.1', port: 0xd2f1 }, true)).toBe('0');
    expect(parseServerEnd(TCP6, 0xb268, { address: '127.0.0.1', port: 0xaae8 }, true)).toBe('57567');
  });

  it('does not take an earlier connection waiting out TIME_WAIT (inode 0 too) for one not accepted yet', () => {
    expect(parseServerEnd(TCP, 0xb26a, { address: '127.0.0.1', port: 0xd2f2 }, true)).toBeUndefined();
  });
});

describe('parseLsofConnection', () => {
  it('reads Linux lsof output (-FpntT): listeners by state, and the server end by its names', () => {
    const out = 'p16650\ntIPv6\nn*:45493\nTST=LISTEN\nTQR=0\nTQS=0\ntIPv4\nn127.0.0.1:43752->127.0.0.1:45493\nTST=ESTABLISHED\n'
      + 'p16700\ntIPv6\nn127.0.0.1:45493->127.0.0.1:43752\nTST=ESTABLISHED\n';
    expect(parseLsofConnection(out, 45493, { address: '127.0.0.1', port: 43752 })).toEqual({ sockets: [{ pid: 16650, address: '::' }], server: [16700] });
    expect(parseLsofConnection(out, 45493, { address: '127.0.0.1', port: 1 })).toEqual({ sockets: [{ pid: 16650, address: '::' }], server: undefined });
  });

  it('reads macOS-shaped output with f lines and mapped names; a bound socket in another state is no listener', () => {
    const mac = 'p812\nf5\ntIPv4\nn127.0.0.1:8080\nTST=LISTEN\nf9\ntIPv6\nn[::ffff:127.0.0.1]:8080->[::ffff:127.0.0.1]:50000\nTST=ESTABLISHED\n'
      + 'p900\nf3\ntIPv4\nn127.0.0.1:8080\nTST=CLOSED\n';
    expect(parseLsofConnection(mac, 8080, { address: '127.0.0.1', port: 50000 })).toEqual({ sockets: [{ pid: 812, address: '127.0.0.1' }], server: [812] });
  });

  it('counts a name without a state as a listener (stricter), and lists every holder once', () => {
    const out = 'p1\ntIPv4\nn*:80\np2\ntIPv4\nn127.0.0.1:80->127.0.0.1:5000\ntIPv4\nn127.0.0.1:80->127.0.0.1:5000\np3\ntIPv4\nn127.0.0.1:80->127.0.0.1:5000\n';
    expect(parseLsofConnection(out, 80, { address: '127.0.0.1', port: 5000 })).toEqual({ sockets: [{ pid: 1, address: '0.0.0.0' }], server: [2, 3] });
  });
});

const sockets: Socket[] = [];
afterEach(() => {
  for (const s of sockets.splice(0)) s.destroy();
  killStarted();
});

async function connectTo(port: number): Promise<{ socket: Socket; client: SocketEnd }> {
  const socket = connect(port, '127.0.0.1');
  sockets.push(socket);
  await new Promise((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  return { socket, client: { address: socket.localAddress ?? '', port: socket.localPort ?? 0 } };
}

function sorted(result: ConnectionResult): ConnectionResult {
  return result.ok ? { ...result, sockets: [...result.sockets].sort((a, b) => a.pid - b.pid || a.address.localeCompare(b.address)) } : result;
}

describe.runIf(linux)('connection: /proc and lsof on real processes', () => {
  it.each(ipv6 ? ['127.0.0.1', '0.0.0.0', '::'] : ['127.0.0.1', '0.0.0.0'])('a node server on %s that accepted our connection: both name it, both ends', async (host) => {
    const { pid, port } = await startListener(host);
    const { client } = await connectTo(port);
    // The child accepts on its own time: wait until /proc shows the server end held.
    expect(await waitFor(async () => {
      const result = await procConnection(port, client);
      return result.ok && Array.isArray(result.server);
    })).toBe(true);
    const proc = sorted(await procConnection(port, client));
    const lsof = sorted(await lsofConnection(port, client));
    const address = host === '::' ? '::' : host;
    expect(proc).toEqual({ ok: true, sockets: [{ pid, address }], server: [pid] });
    expect(lsof).toEqual(proc);
  });

  it('a connection the server has not accepted: /proc says queued, lsof does not see it yet', async () => {
    const script = 'import socket, time\ns = socket.socket(); s.bind(("127.0.0.1", 0)); s.listen(4)\nprint(s.getsockname()[1], flush=True)\ntime.sleep(60)';
    const { pid, line } = await startAndRead('python3', ['-c', script]);
    const port = Number(line);
    const { client } = await connectTo(port);
    expect(await procConnection(port, client)).toEqual({ ok: true, sockets: [{ pid, address: '127.0.0.1' }], server: 'queued' });
    expect(await lsofConnection(port, client)).toEqual({ ok: true, sockets: [{ pid, address: '127.0.0.1' }], server: undefined });
  });

  it('createOs asks /proc by default, lsof when told, and falls back to lsof when /proc fails', async () => {
    const { pid, port } = await startListener('127.0.0.1');
    const { client } = await connectTo(port);
    const expected = { ok: true, sockets: [{ pid, address: '127.0.0.1' }], server: [pid] };
    expect(await waitFor(async () => JSON.stringify(await createOs().connection(port, client)) === JSON.stringify(expected))).toBe(true);
    expect(await createOs({ listenersMethod: 'lsof' }).connection(port, client)).toEqual(expected);
    expect(await createOs({ procRoot: '/nonexistent-proc' }).connection(port, client)).toEqual(expected);
    expect(await createOs().connection(0, client)).toEqual({ ok: false, reason: '0 is not a TCP port' });
  });
});
