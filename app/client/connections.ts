import { Agent, request, type ClientRequest, type ClientRequestArgs, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ConnectionGuard } from '../discovery/check-connection.js';
import { connectChecked } from '../discovery/connect-checked.js';
import { isEventStream } from './event-stream.js';

/** A provider answered with 101 Switching Protocols, which a provider never does (its socket is gone). */
export class SwitchedProtocols extends Error {
  constructor() {
    super('the provider answered with 101 Switching Protocols');
  }
}

/** The error of a request that would have needed a new connection the link may not open. */
export const LINK_CLOSED = 'ELINKCLOSED';

/**
 * The connections of one MCP session with a provider, over node:http with a pool of its own.
 *
 * Why not the global fetch: its shared pool keeps idle keep-alive sockets to the provider for
 * seconds after the exchange, and after an aborted request it opens a fresh connection to the
 * provider on its own (seen on Node 20: twenty quick hotkey presses left twenty sockets to a
 * stalling provider); and its web streams and Response objects cost more per exchange than the
 * provider's own work (docs/benchmarks.md, "The kept path"). Here every socket belongs to one
 * session, opens only while an exchange allows it, and is destroyed with the session; a request
 * gives node:http's own response, which wire.ts reads.
 *
 * A socket may be opened only while an exchange allows it (`allowConnect(permit)`), and every
 * socket is handed to node:http only after the connect-time check (step 5 of docs/protocol.md,
 * "The host's checks, in order") passed on it (connectChecked: the listeners and the server end of
 * this very connection are the provider's), before a byte is written. So every socket of a link
 * reached the provider process. A session kept in the pool keeps its idle socket (unref'd, so it
 * never keeps a process alive); while that socket stays connected, it is the verified connection a
 * later invocation may use without asking the OS again. Such an exchange runs with
 * `allowConnect(undefined)`: should the socket be gone, the request fails with LINK_CLOSED and
 * nothing is sent anywhere.
 *
 * A connection that carried an event stream is never kept (docs/protocol.md, "Hardening",
 * "Streams"): the stream was cut off at its response, or it ended, and either way its socket goes
 * with it. When an exchange ends, whatever request is still open (a stream the provider keeps open
 * after answering a notification) is ended too (`endRequests`), so the one socket a link may keep
 * is the idle one of a clean JSON exchange.
 *
 * Every request goes to the endpoint's port with the path exactly as the descriptor wrote it,
 * names the port in its Host header and asks for no content coding (providerHeaders). node:http
 * follows no redirect and decodes nothing (wire.ts refuses a coded body).
 */
export interface ProviderLink {
  /** Sends one request; resolves with the response once its headers have arrived. */
  send(request: LinkRequest): Promise<IncomingMessage>;
  /** Whether a request may open a new socket, and how each is checked; undefined: none may be opened. */
  allowConnect(permit: ConnectPermit | undefined): void;
  /** Ends every request still open, with its socket; idle keep-alive sockets stay. */
  endRequests(): void;
  /** Destroys the idle keep-alive sockets, so that the next request connects (and is checked) anew. */
  dropIdle(): void;
  /** True while an idle socket this link opened is still connected both ways, ready for reuse. */
  readonly connected: boolean;
  /** Destroys every socket of the link, idle or not. */
  close(): void;
}

/**
 * `Host: 127.0.0.1:<port>` with the port always written: node:http leaves out the default
 * port 80, and a provider answers any other Host with 421 (docs/protocol.md,
 * "The server's checks, in order", and "Hardening").
 */
export function hostHeader(port: number): string {
  return `127.0.0.1:${port}`;
}

/**
 * The headers every request to a provider carries whoever makes it (the host, check-provider's
 * exchanges and its raw probes): the exact Host, and `Accept-Encoding: identity`, so that a
 * compression layer that honours it sends the body as it is; the host decodes nothing.
 */
export function providerHeaders(endpoint: URL): { host: string; 'accept-encoding': string } {
  return { host: hostHeader(endpoint.port === '' ? 80 : Number(endpoint.port)), 'accept-encoding': 'identity' };
}

/** One request over the link: always to the endpoint, bound to the exchange's signal. */
interface LinkRequest {
  method: 'POST';
  headers: Record<string, string>;
  body: string;
  signal: AbortSignal;
}

/** What lets an exchange open sockets: the provider's connect-time check, within the exchange's signal. */
interface ConnectPermit {
  guard: ConnectionGuard;
  signal: AbortSignal;
}

/**
 * A link to `endpoint` with no socket yet; it opens none until allowConnect(permit). `path`, when
 * given, is the request target every request carries, exactly as the descriptor wrote it
 * (docs/protocol.md, "The endpoint"): a URL object would re-encode it (a `'` in the query becomes
 * `%27`).
 */
export function createProviderLink(endpoint: URL, path: string = endpoint.pathname + endpoint.search): ProviderLink {
  let permit: ConnectPermit | undefined;
  /** Aborted by close(): a socket still being checked then is destroyed, not handed over. */
  const closing = new AbortController();
  /** Requests from their start until their response has ended or they closed. */
  const open = new Set<ClientRequest>();
  // One socket at a time: the requests of an exchange follow one another, and one issued just
  // before the previous response has ended waits for its socket rather than opening (and
  // checking) a second connection.
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  agent.createConnection = (options: ClientRequestArgs, callback?: (err: Error | null, stream: Duplex) => void): Duplex | null | undefined => {
    // node:http takes an error through the callback; the socket argument is unused then.
    const failed = (error: Error): void => callback?.(error, undefined as unknown as Duplex);
    if (permit === undefined) {
      failed(Object.assign(new Error('the verified connection to the provider has closed'), { code: LINK_CLOSED }));
      return undefined;
    }
    const { guard, signal } = permit;
    if (Number(options.port) !== guard.port) {
      failed(new Error('refused to connect to another port than the checked one'));
      return undefined;
    }
    // The request waits, unsent, until the check hands the socket over (or refuses it).
    connectChecked(guard, AbortSignal.any([signal, closing.signal])).then(
      (socket) => {
        if (!closing.signal.aborted) return callback?.(null, socket);
        socket.destroy();
        failed(new Error('the link was closed'));
      },
      (error: unknown) => failed(error instanceof Error ? error : new Error(String(error))),
    );
    return undefined;
  };
  const headersOf = providerHeaders(endpoint);
  /**
   * A request settles one way or another: node:http gives neither a response nor an error for
   * a 101 Switching Protocols (with no `upgrade` listener it destroys the socket and stays
   * silent), so a 101 is refused here, a request that closed without a response fails, and
   * the signal ends the wait whatever node:http does.
   */
  const send = (r: LinkRequest): Promise<IncomingMessage> =>
    new Promise<IncomingMessage>((resolve, reject) => {
      const headers = { ...r.headers, ...headersOf };
      let answered = false;
      const req = request({ host: endpoint.hostname, port: endpoint.port === '' ? 80 : Number(endpoint.port), method: r.method, path, headers, agent, signal: r.signal }, (res) => {
        answered = true;
        r.signal.removeEventListener('abort', onAbort);
        res.once('end', () => open.delete(req));
        // Ended or cut off, an event stream's socket is destroyed, never handed back to the pool.
        if (isEventStream(res.headers['content-type'])) req.shouldKeepAlive = false;
        resolve(res);
      });
      const onAbort = (): void => {
        req.destroy();
        reject(r.signal.reason instanceof Error ? r.signal.reason : new Error('aborted'));
      };
      r.signal.addEventListener('abort', onAbort, { once: true });
      open.add(req);
      req.once('upgrade', (_res: IncomingMessage, socket: Duplex) => {
        // Whatever protocol it offers, the provider speaks no other here: the socket goes.
        socket.destroy();
        reject(new SwitchedProtocols());
      });
      req.once('close', () => {
        open.delete(req);
        r.signal.removeEventListener('abort', onAbort);
        if (!answered) reject(Object.assign(new Error('the connection closed before an answer came'), { code: 'ECONNRESET' }));
      });
      req.on('error', reject);
      req.end(r.body);
    });
  return {
    send,
    allowConnect: (next) => {
      permit = next;
    },
    endRequests: () => {
      for (const req of open) req.destroy();
      open.clear();
    },
    dropIdle: () => {
      for (const free of Object.values(agent.freeSockets)) for (const socket of free ?? []) socket.destroy();
    },
    // The agent's free list holds exactly the idle keep-alive sockets; one the provider has
    // half-closed is no longer 'open'.
    get connected() {
      return Object.values(agent.freeSockets).some((free) => free?.some((socket) => socket.readyState === 'open') === true);
    },
    // The agent destroys its sockets, idle and in use alike.
    close: () => {
      permit = undefined;
      closing.abort();
      agent.destroy();
    },
  };
}
