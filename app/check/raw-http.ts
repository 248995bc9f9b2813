import { request } from 'node:http';

/** What one raw request got back: a status, or why there was none. */
export type ProbeResult = { ok: true; status: number } | { ok: false; reason: string };

/** One raw request to the provider's port on 127.0.0.1. */
export interface Probe {
  port: number;
  path: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
}

/**
 * Sends one request with node:http, which never follows a redirect and sends only the
 * headers given (plus Host, Content-Length and Connection). Used for the requests the MCP
 * client would never send: without the token, with a wrong one, with `Origin`, GET, DELETE,
 * a wrong Host. The body is never read.
 */
export function probe(p: Probe): Promise<ProbeResult> {
  return new Promise((resolve) => {
    let settled = false;
    const done = (result: ProbeResult): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      resolve(result);
    };
    // The status is all that is judged: the connection is torn down as soon as it arrives, so
    // an answer that never ends (an event stream for GET) cannot hold the check up.
    const req = request({ host: '127.0.0.1', port: p.port, path: p.path, method: p.method, headers: p.headers, agent: false }, (res) => {
      done({ ok: true, status: res.statusCode ?? 0 });
    });
    const timer = setTimeout(() => done({ ok: false, reason: `no answer within ${p.timeoutMs} ms` }), p.timeoutMs);
    req.on('error', (error: NodeJS.ErrnoException) => done({ ok: false, reason: `the connection failed (${error.code ?? 'unknown error'})` }));
    if (p.body !== undefined) req.end(p.body);
    else req.end();
  });
}
