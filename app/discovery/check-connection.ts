import type { Socket } from 'node:net';
import type { OsServices } from '../os/types.js';
import { listenerPid } from '@app-context/provider-kit/protocol';
import { anotherProcess, judgeListeners, type PortVerdict, type ProviderProcess } from './check-listeners.js';

/**
 * Step 5 of docs/protocol.md, "The host's checks, in order", as "Hardening" runs it: at connect
 * time, with the TCP connection open and before any byte is sent on it. One question to the OS
 * gives both halves: every listener on the port is P's on 127.0.0.1 or a wildcard, and the server
 * end of this very connection (local 127.0.0.1:port, remote our own end) is held by P. A process
 * that takes the port between discovery and the connect therefore gets a connection with nothing on
 * it. For a descriptor with `helperPid`, P is the helper (docs/protocol.md, "Providers served by a
 * helper").
 */
export interface ConnectionGuard {
  readonly port: number;
  /** The process that must hold the listeners and the server end: the helper when there is one. */
  readonly pid: number;
  /**
   * Whether this open connection is the provider's. Until the provider has accepted it the
   * server end has no holder to find, so this asks again after a short wait, within `signal`.
   */
  check(socket: Socket, signal: AbortSignal): Promise<PortVerdict>;
  /** Why nothing accepted a connection to 127.0.0.1:port, in the words of the listener check. */
  refused(): Promise<string>;
}

/** Waits between questions while the provider has not accepted the connection yet, in ms. */
const WAITS = [1, 2, 5, 10, 20, 50, 100];

/** The guard for the provider process (`owner`'s helper, or `owner` itself) on `port`, asking `os`. */
export function connectionGuard(port: number, owner: ProviderProcess, os: OsServices): ConnectionGuard {
  const pid = listenerPid(owner);
  const cannotAsk = (reason: string): string => `Glance could not ask the system who listens on port ${port}: ${reason}`;
  return {
    port,
    pid,
    async check(socket, signal) {
      const client = { address: socket.localAddress ?? '', port: socket.localPort ?? 0 };
      for (let attempt = 0; ; attempt += 1) {
        const result = await os.connection(port, client);
        if (!result.ok) return { ok: false, reason: cannotAsk(result.reason) };
        const listeners = await judgeListeners(result.sockets, port, owner, os);
        if (!listeners.ok) return listeners;
        // Established but not accepted yet: it sits in the accept queue of a listener on this
        // port that took its SYN before this listing, and every such listener is P's alone (just
        // judged), so only P can accept it. Asking again for its fd would only cost time.
        if (result.server === 'queued') return { ok: true };
        if (result.server !== undefined) {
          const other = result.server.find((holder) => holder !== pid);
          return other === undefined ? { ok: true } : { ok: false, reason: await anotherProcess(other, port, os, owner) };
        }
        await wait(WAITS[Math.min(attempt, WAITS.length - 1)] ?? 100, signal);
      }
    },
    async refused() {
      const result = await os.listeners(port);
      if (!result.ok) return cannotAsk(result.reason);
      const verdict = await judgeListeners(result.sockets, port, owner, os);
      if (!verdict.ok) return verdict.reason;
      const addresses = new Set(result.sockets.map((s) => s.address));
      // Only an IPv6 wildcard, and the connect to 127.0.0.1 was refused: an IPv6-only socket.
      if (['127.0.0.1', '0.0.0.0', '*'].every((a) => !addresses.has(a))) {
        return `process ${pid} listens on port ${port} on :: only, with IPV6_V6ONLY, so nothing serves 127.0.0.1:${port}; a provider listens on 127.0.0.1`;
      }
      return `nothing accepted a connection to 127.0.0.1:${port}, though process ${pid} listens there`;
    },
  };
}

/** Resolves after `ms`, or rejects with the signal's reason when it aborts first. */
function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
