import { request } from 'node:http';
import type { Duplex } from 'node:stream';
import { hostHeader } from '../client/connections.js';
import type { ConnectionGuard } from '../discovery/check-connection.js';
import { connectChecked, UnverifiedConnection } from '../discovery/connect-checked.js';

/** What one raw request got back: a status, or why there was none. */
export type ProbeResult = { ok: true; status: number; body?: string; encoding?: string } | { ok: false; reason: string };

/** The most of an answer's body a probe keeps: enough for a JSON-RPC error, never a whole answer. */
const MAX_PROBE_BODY_BYTES = 64 * 1024;

/** One raw request to the provider's port on 127.0.0.1. */
export interface Probe {
  /** Checks the connection before anything is sent on it, as the host does. */
  guard: ConnectionGuard;
  path: string;
  method: string;
  /** Sent as given; `Host` (127.0.0.1:<port>) and `Accept-Encoding` (identity) are added unless given. */
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
  /** Read the answer's body (up to 64 KiB) rather than tearing the connection down at the status. */
  readBody?: boolean;
}

/**
 * Sends one request with node:http, which never follows a redirect and sends only the
 * headers given (plus Host and Accept-Encoding as the host sends them, Content-Length and
 * Connection). Used for the requests the MCP client would never send: without the token,
 * with a wrong one, with `Origin`, GET, DELETE, a wrong Host. Several carry the token, so the
 * connection passes the host's connect-time check first (step 5 of docs/protocol.md,
 * "The host's checks, in order"). The answer's body is read only when asked for, and only its
 * first 64 KiB are kept.
 */
export function probe(p: Probe): Promise<ProbeResult> {
  return new Promise((resolve) => {
    const deadline = new AbortController();
    let settled = false;
    const done = (result: ProbeResult): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      deadline.abort();
      req.destroy();
      resolve(result);
    };
    const given = new Set(Object.keys(p.headers).map((name) => name.toLowerCase()));
    const headers = {
      ...(given.has('host') ? {} : { Host: hostHeader(p.guard.port) }),
      ...(given.has('accept-encoding') ? {} : { 'Accept-Encoding': 'identity' }),
      ...p.headers,
    };
    // No agent: the request's socket comes from the checked connect, handed over unsent.
    const createConnection = (_options: unknown, callback: (error: Error | null, socket: Duplex) => void): undefined => {
      connectChecked(p.guard, deadline.signal).then((socket) => callback(null, socket), (error: Error) => callback(error, undefined as unknown as Duplex));
      return undefined;
    };
    // The status is all that is judged: the connection is torn down as soon as it arrives, so
    // an answer that never ends (an event stream for GET) cannot hold the check up.
    const req = request({ host: '127.0.0.1', port: p.guard.port, path: p.path, method: p.method, headers, createConnection }, (res) => {
      const status = res.statusCode ?? 0;
      if (p.readBody !== true) return done({ ok: true, status });
      const coding = res.headers['content-encoding'];
      if (coding !== undefined && coding !== 'identity') return done({ ok: true, status, encoding: coding.slice(0, 40) });
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        if (size < MAX_PROBE_BODY_BYTES) chunks.push(chunk);
        size += chunk.length;
        if (size >= MAX_PROBE_BODY_BYTES) done({ ok: true, status, body: Buffer.concat(chunks).toString('utf8') });
      });
      res.on('end', () => done({ ok: true, status, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', () => done({ ok: false, reason: 'the answer was cut off' }));
    });
    const timer = setTimeout(() => done({ ok: false, reason: `no answer within ${p.timeoutMs} ms` }), p.timeoutMs);
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (error instanceof UnverifiedConnection) done({ ok: false, reason: `nothing was sent: the connection failed the host's check (${error.reason})` });
      else done({ ok: false, reason: `the connection failed (${error.code ?? 'unknown error'})` });
    });
    if (p.body !== undefined) req.end(p.body);
    else req.end();
  });
}
