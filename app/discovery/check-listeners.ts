import type { OsServices } from '../os/types.js';

/** Addresses a provider's listener may be bound to: loopback, or a wildcard (wire.md section 4, step 5). */
const ACCEPTED_ADDRESSES = new Set(['127.0.0.1', '0.0.0.0', '*', '::', '[::]']);

/**
 * Every socket listening on the port must belong to the descriptor's process and listen on
 * 127.0.0.1 or a wildcard address. Anything else (nobody, another process, an unknown owner,
 * another address) means the token must not be sent there.
 */
export async function checkListeners(port: number, pid: number, os: OsServices): Promise<{ ok: true } | { ok: false; reason: string }> {
  const result = await os.listeners(port);
  if (!result.ok) return { ok: false, reason: `Glance could not ask the system who listens on port ${port}: ${result.reason}` };
  if (result.sockets.length === 0) return { ok: false, reason: `nobody listens on its port ${port}` };
  for (const socket of result.sockets) {
    if (socket.pid !== pid) {
      if (socket.pid < 0) return { ok: false, reason: `its port ${port} is held by a process Glance cannot identify` };
      const name = await os.processName(socket.pid);
      return { ok: false, reason: `its port ${port} belongs to another process (${name ? `${name}, ` : ''}pid ${socket.pid})` };
    }
    if (!ACCEPTED_ADDRESSES.has(socket.address)) {
      return { ok: false, reason: `process ${pid} listens on port ${port} at ${socket.address}, not on 127.0.0.1` };
    }
  }
  return { ok: true };
}
