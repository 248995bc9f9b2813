import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

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

/**
 * This process's TCP connections whose far end is `port` on loopback, in any state, counted
 * from /proc/net/tcp{,6} and /proc/self/fd. An idle keep-alive socket counts: it is still a
 * connection to the provider that the host no longer needs.
 */
export function connectionsTo(port: number): number {
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
