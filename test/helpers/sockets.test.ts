// The socket counts the fault tests assert on (connectionsTo) come from /proc on Linux and from
// lsof on macOS, which has no /proc. Both run here, over the same real sockets, and must agree
// at every step: so the macOS path is checked on every run, not first on a Mac runner.
import { createServer, connect, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnProcess, type Spawned } from './spawn.js';
import { connectionsTo, lsofConnectionsTo, procConnectionsTo } from './sockets.js';

/** A process listening on 127.0.0.1, keeping every connection open: the far end to count. */
const LISTENER = "require('node:net').createServer(() => {}).listen(0, '127.0.0.1', function () { console.log('port ' + this.address().port); });";

let far: Spawned;
let farPort: number;
let own: Server;
let ownPort: number;
const sockets: Socket[] = [];

function open(port: number, host = '127.0.0.1'): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, host, () => resolve(socket)).once('error', reject);
    sockets.push(socket);
  });
}

function close(socket: Socket): Promise<void> {
  return new Promise((resolve) => {
    socket.once('close', () => resolve());
    socket.destroy();
  });
}

/** Both counts, for one port. */
function both(port: number): { proc: number; lsof: number } {
  return { proc: procConnectionsTo(port), lsof: lsofConnectionsTo(port) };
}

beforeAll(async () => {
  far = spawnProcess(process.execPath, ['-e', LISTENER], { PATH: process.env['PATH'] });
  farPort = Number((await far.waitFor(/port (\d+)/))[1]);
  own = createServer(() => undefined);
  await new Promise<void>((resolve) => own.listen(0, '127.0.0.1', resolve));
  ownPort = (own.address() as { port: number }).port;
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => own?.close(resolve));
  await far?.stop();
});

describe.runIf(process.platform === 'linux')('connectionsTo, /proc and lsof over the same sockets', () => {
  it('agree on none, then on each connection opened and closed', async () => {
    expect(both(farPort)).toEqual({ proc: 0, lsof: 0 });
    const [first, ...rest] = [await open(farPort), await open(farPort), await open(farPort, '::ffff:127.0.0.1')];
    expect(both(farPort)).toEqual({ proc: 3, lsof: 3 });
    await close(first);
    expect(both(farPort)).toEqual({ proc: 2, lsof: 2 });
    await Promise.all(rest.map(close));
    expect(both(farPort)).toEqual({ proc: 0, lsof: 0 });
  });

  it('count only the end whose far side is the port: not a listener, not the server end held in this process', async () => {
    expect(both(ownPort)).toEqual({ proc: 0, lsof: 0 });
    const socket = await open(ownPort);
    await new Promise((resolve) => setTimeout(resolve, 20)); // the server end is accepted
    expect(both(ownPort)).toEqual({ proc: 1, lsof: 1 });
    await close(socket);
  });

  it('connectionsTo takes /proc on Linux', async () => {
    const socket = await open(farPort);
    expect(connectionsTo(farPort)).toBe(1);
    await close(socket);
    expect(connectionsTo(farPort)).toBe(0);
  });
});

describe.runIf(process.platform !== 'linux')('connectionsTo without /proc', () => {
  it('counts with lsof', async () => {
    expect(connectionsTo(farPort)).toBe(0);
    const socket = await open(farPort);
    expect(connectionsTo(farPort)).toBe(1);
    await close(socket);
    expect(connectionsTo(farPort)).toBe(0);
  });
});
