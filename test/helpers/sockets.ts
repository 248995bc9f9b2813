import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

/** The inodes of the sockets this process holds open. */
function ownSocketInodes(): Set<string> {
  const inodes = new Set<string>();
  for (const fd of readdirSync('/proc/self/fd')) {
    try {
      const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/self/fd/${fd}`));
      if (match?.[1] !== undefined) inodes.add(match[1]);
    } catch {
      // The fd closed between the listing and the readlink: not open, then.
    }
  }
  return inodes;
}

/** connectionsTo on Linux: /proc/net/tcp{,6} and /proc/self/fd, under a millisecond. */
export function procConnectionsTo(port: number): number {
  const inodes = ownSocketInodes();
  let count = 0;
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue; // no IPv6 in this kernel
    }
    for (const line of text.split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      const remote = cols[2]?.split(':')[1];
      const inode = cols[9];
      if (remote !== undefined && inode !== undefined && parseInt(remote, 16) === port && inodes.has(inode)) count += 1;
    }
  }
  return count;
}

/**
 * connectionsTo where there is no /proc (macOS): `lsof -a -p <this pid> -iTCP:<port> -n -P
 * -Fn` lists this process's TCP sockets with `port` at either end, one `n` line each
 * (`127.0.0.1:50123->127.0.0.1:8080`, or `[::ffff:127.0.0.1]:…` for a mapped address). Only a
 * socket whose far end is `port` counts, as in /proc: not a listener, and not the server end
 * of a connection when the provider runs in this process. Exit 1 with no output: none.
 */
export function lsofConnectionsTo(port: number): number {
  let output: string;
  try {
    output = execFileSync('lsof', ['-a', '-p', String(process.pid), `-iTCP:${port}`, '-n', '-P', '-Fn'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 5000 });
  } catch (error) {
    const failed = error as { status?: number | null; stdout?: string };
    if (failed.status === 1 && !failed.stdout) return 0;
    throw new Error(`lsof could not list this process's sockets (exit ${String(failed.status)}); the socket counts need lsof on macOS`, { cause: error });
  }
  return output.split('\n').filter((line) => line.startsWith('n') && farPort(line.slice(1)) === port).length;
}

/** The far end's port of an lsof name `local->remote`; undefined for a listener (no `->`). */
function farPort(name: string): number | undefined {
  const arrow = name.indexOf('->');
  if (arrow < 0) return undefined;
  const remote = name.slice(arrow + 2);
  return Number(remote.slice(remote.lastIndexOf(':') + 1));
}

/**
 * This process's TCP connections whose far end is `port` on loopback, in any state. An idle
 * keep-alive socket counts: it is still a connection to the provider that the host no longer
 * needs. Linux reads /proc; macOS, which has none, asks lsof (test/helpers/sockets.test.ts
 * runs both here and compares them).
 */
export function connectionsTo(port: number): number {
  return process.platform === 'linux' ? procConnectionsTo(port) : lsofConnectionsTo(port);
}

/**
 * A loopback listener of the test process itself, open for the suite: a descriptor that names
 * its port names a port its provider does not own. Returns the port (inside tests).
 */
export function useOtherListener(): () => number {
  let other: Server | undefined;
  beforeAll(async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    other = server;
  });
  afterAll(() => new Promise<void>((resolve) => (other ? other.close(() => resolve()) : resolve())));
  return () => {
    const address = other?.address();
    if (typeof address !== 'object' || address === null) throw new Error('the other listener is open only inside tests');
    return address.port;
  };
}
