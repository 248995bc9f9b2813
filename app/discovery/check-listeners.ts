import { listenerPid } from '@app-context/provider-kit/protocol';
import type { ListeningSocket, OsServices } from '../os/types.js';

/**
 * The process a descriptor says serves its endpoint: the app `pid`, or its helper `helperPid`
 * (docs/protocol.md, "Providers served by a helper"), which then must hold every listener and the
 * server end of each connection instead.
 */
export interface ProviderProcess {
  pid: number;
  helperPid?: number;
}

/**
 * Addresses a provider's listener may be bound to: loopback, or a wildcard (docs/protocol.md,
 * "The host's checks, in order", step 5).
 */
const ACCEPTED_ADDRESSES = new Set(['127.0.0.1', '0.0.0.0', '*', '::', '[::]']);

/** A verdict on the port, with a reason a person can read when the token must not go there. */
export type PortVerdict = { ok: true } | { ok: false; reason: string };

/**
 * Every socket listening on the port must belong to the descriptor's process (its helper, when it
 * names one) and listen on 127.0.0.1 or a wildcard address. Anything else (nobody, another process,
 * an unknown owner, another address) means the token must not be sent there. `os` only names
 * another process.
 */
export async function judgeListeners(sockets: readonly ListeningSocket[], port: number, owner: ProviderProcess, os: OsServices): Promise<PortVerdict> {
  if (sockets.length === 0) return { ok: false, reason: `nobody listens on its port ${port}` };
  const pid = listenerPid(owner);
  for (const socket of sockets) {
    if (socket.pid !== pid) return { ok: false, reason: await anotherProcess(socket.pid, port, os, owner) };
    if (!ACCEPTED_ADDRESSES.has(socket.address)) {
      return { ok: false, reason: `process ${pid} listens on port ${port} at ${socket.address}, not on 127.0.0.1` };
    }
  }
  return { ok: true };
}

/**
 * "its port 80 belongs to another process (python3, pid 812)", or that it cannot be told; for a
 * helper's descriptor, "..., not its helper (pid 5120)", since the app itself listening there is
 * refused too.
 */
export async function anotherProcess(other: number, port: number, os: OsServices, owner: ProviderProcess): Promise<string> {
  const notHelper = owner.helperPid === undefined ? '' : `, not its helper (pid ${owner.helperPid})`;
  if (other < 0) return `its port ${port} is held by a process Glance cannot identify${notHelper}`;
  const name = await os.processName(other);
  return `its port ${port} belongs to another process (${name ? `${name}, ` : ''}pid ${other})${notHelper}`;
}

/**
 * Step 5 of docs/protocol.md, "The host's checks, in order", by the listing alone, with no
 * connection: used to choose among several descriptors for one process before connecting. The
 * connection itself is checked again when it is open (check-connection.ts), which is what keeps the
 * token from a process that takes the port in between.
 */
export async function checkListeners(port: number, owner: ProviderProcess, os: OsServices): Promise<PortVerdict> {
  const result = await os.listeners(port);
  if (!result.ok) return { ok: false, reason: `Glance could not ask the system who listens on port ${port}: ${result.reason}` };
  return judgeListeners(result.sockets, port, owner, os);
}
