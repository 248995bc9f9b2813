import { createConnection, type Socket } from 'node:net';
import { DEFAULT_TIMEOUT_MS } from '@app-context/provider-kit/protocol';
import type { ConnectionGuard } from './check-connection.js';
import type { PortVerdict } from './check-listeners.js';

/** A connection the connect-time check refused: it was destroyed with nothing sent on it. */
export class UnverifiedConnection extends Error {
  /** Why, in the words of the listener check ("its port 80 belongs to another process (...)"). */
  readonly reason: string;
  constructor(reason: string) {
    super('the connection was refused by the connect-time check');
    this.name = 'UnverifiedConnection';
    this.reason = reason;
  }
}

/**
 * Opens a TCP connection to 127.0.0.1 on the guard's port and hands it over only once the
 * guard has found it is the provider's (step 5 of docs/protocol.md, "The host's checks, in order").
 * Nothing is written to it before that; on a refusal it is destroyed and the promise rejects with
 * UnverifiedConnection. A refused connect is explained the same way
 * ("nobody listens on its port ..."). Aborting `signal` (the exchange's time limit, a cancel)
 * destroys it at any stage.
 */
export function connectChecked(guard: ConnectionGuard, signal: AbortSignal): Promise<Socket> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const socket = createConnection({ host: '127.0.0.1', port: guard.port });
    // Ends the check early when the connection ends or the caller gives up.
    const checking = new AbortController();
    let settled = false;
    const cleanup = (): void => {
      signal.removeEventListener('abort', onAbort);
      socket.removeListener('error', onError);
      socket.removeListener('close', onClose);
      checking.abort();
    };
    const fail = (error: Error): void => {
      if (settled) return;
      settled = true;
      cleanup();
      socket.destroy();
      reject(error);
    };
    const onAbort = (): void => fail(signal.reason as Error);
    const onClose = (): void => fail(Object.assign(new Error('the connection closed before anything was sent'), { code: 'ECONNRESET' }));
    const onError = (error: NodeJS.ErrnoException): void => {
      if (error.code !== 'ECONNREFUSED') return fail(error);
      guard.refused().then((reason) => fail(new UnverifiedConnection(reason)), () => fail(error));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    socket.once('error', onError);
    socket.once('connect', () => {
      socket.once('close', onClose);
      guard.check(socket, AbortSignal.any([signal, checking.signal])).then(
        (verdict: PortVerdict) => {
          if (settled) return;
          if (!verdict.ok) return fail(new UnverifiedConnection(verdict.reason));
          settled = true;
          cleanup();
          resolve(socket);
        },
        (error: unknown) => fail(error instanceof Error ? error : new Error(String(error))),
      );
    });
  });
}

/**
 * Step 5 for `glance providers`, which sends nothing: a connection is opened, checked as an
 * exchange would check it, and closed unused. Only this tells an IPv6-only listener (which
 * leaves 127.0.0.1 unserved) from a dual-stack one, so the verdict "usable" means what it
 * means for the host: a request would reach process P. It costs one connect and the one
 * question to the OS the listing alone cost.
 */
export async function probeConnection(guard: ConnectionGuard, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<PortVerdict> {
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(new Error('time limit')), timeoutMs);
  try {
    const socket = await connectChecked(guard, deadline.signal);
    socket.destroy();
    return { ok: true };
  } catch (error) {
    if (error instanceof UnverifiedConnection) return { ok: false, reason: error.reason };
    if (deadline.signal.aborted) return { ok: false, reason: `nothing on its port ${guard.port} took the connection within ${timeoutMs} ms` };
    const code = (error as NodeJS.ErrnoException).code;
    return { ok: false, reason: `a connection to its port ${guard.port} failed (${code ?? 'unknown error'})` };
  } finally {
    clearTimeout(timer);
  }
}
