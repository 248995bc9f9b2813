import { Agent, request } from 'node:http';
import { Readable } from 'node:stream';

type Fetch = (url: string | URL, init?: RequestInit) => Promise<Response>;

/** A fetch whose connections belong to one exchange, and the way to close them all. */
export interface ExchangeConnections {
  fetch: Fetch;
  /** Destroys every socket the exchange opened, idle or not. */
  close(): void;
}

/**
 * The connections of one exchange with a provider, over node:http with a pool of its own.
 *
 * Why not the global fetch: its shared pool keeps idle keep-alive sockets to the provider for
 * seconds after the exchange, and after an aborted request it opens a fresh connection to the
 * provider on its own (seen on Node 20: twenty quick hotkey presses left twenty sockets to a
 * stalling provider). A host that asks only on the user's action should hold no connection
 * between actions, so each exchange owns its sockets and closes them when it ends. Within the
 * exchange the three requests (initialize, initialized, the call) still share one socket.
 *
 * Only what the MCP client needs: a string body, no redirects (node:http follows none), no
 * content decoding (we ask for none).
 */
export function createExchangeConnections(): ExchangeConnections {
  const agent = new Agent({ keepAlive: true });
  const fetchOver: Fetch = (url, init = {}) =>
    new Promise<Response>((resolve, reject) => {
      if (init.body !== undefined && init.body !== null && typeof init.body !== 'string') {
        reject(new TypeError('only string bodies are sent to a provider'));
        return;
      }
      const headers: Record<string, string> = {};
      new Headers(init.headers).forEach((value, key) => { headers[key] = value; });
      const req = request(new URL(url), { method: init.method ?? 'GET', headers, agent, ...(init.signal ? { signal: init.signal } : {}) }, (res) => {
        const status = res.statusCode ?? 0;
        const responseHeaders = new Headers();
        for (const [key, value] of Object.entries(res.headers)) {
          for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) responseHeaders.append(key, one);
        }
        const nullBody = status === 204 || status === 205 || status === 304;
        try {
          // No statusText: a hostile reason phrase would only give the Response constructor a reason to throw.
          const body = nullBody ? null : (Readable.toWeb(res) as unknown as ReadableStream<Uint8Array>);
          if (nullBody) res.resume();
          resolve(new Response(body, { status, headers: responseHeaders }));
        } catch (error) {
          // A status outside 200-599: not an answer. The socket goes with it.
          res.destroy();
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      });
      req.on('error', reject);
      req.end(init.body ?? undefined);
    });
  return { fetch: fetchOver, close: () => agent.destroy() };
}
