/**
 * The floor of a collect: one raw HTTP POST of the same `tools/call` body to the same provider,
 * over an MCP session that is already initialised, on a kept-alive socket (node:http). It is
 * what any client must pay at least: the provider's own work and the bytes on the wire.
 */
import { Agent, request } from 'node:http';
import type { Descriptor } from '@app-context/provider-kit/protocol';

/**
 * An initialised raw session: `call()` sends one tools/call for current and reads the whole body;
 * `list()` sends one tools/list, as the host does once per provider run.
 */
export interface RawSession {
  call: () => Promise<Buffer>;
  list: () => Promise<Buffer>;
  close: () => void;
}

/** The protocol version the SDK's client negotiates, sent on each request after initialize. */
const MCP_PROTOCOL_VERSION = '2025-11-25';

/** Initialises an MCP session by hand (initialize, notifications/initialized) on one socket. */
export async function openRawSession(descriptor: Descriptor): Promise<RawSession> {
  const url = new URL(descriptor.endpoint);
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  let id = 0;
  // A kept-alive socket the provider closed as idle while the host's samples ran (its keep-alive
  // time passes under load at 20,000 elements) fails the next request at once: sent again on a
  // new socket, as Node's documentation advises for reused sockets, so the floor is not lost.
  const post = async (body: unknown, version?: string): Promise<{ status: number; body: Buffer }> => {
    try {
      return await postOnce(body, version);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ECONNRESET') throw error;
      return postOnce(body, version);
    }
  };
  const postOnce = (body: unknown, version?: string): Promise<{ status: number; body: Buffer }> =>
    new Promise((resolve, reject) => {
      const payload = Buffer.from(JSON.stringify(body));
      const headers: Record<string, string | number> = {
        host: url.host,
        authorization: `Bearer ${descriptor.token}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'content-length': payload.length,
      };
      if (version !== undefined) headers['mcp-protocol-version'] = version;
      const req = request({ agent, host: url.hostname, port: url.port, path: url.pathname + url.search, method: 'POST', headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(payload);
    });
  const init = await post({
    jsonrpc: '2.0', id: (id += 1), method: 'initialize',
    params: { protocolVersion: MCP_PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 'glance-bench-floor', version: '0.1.0' } },
  });
  if (init.status !== 200) throw new Error(`the floor's initialize got HTTP ${init.status}`);
  const negotiated = (JSON.parse(init.body.toString('utf8')) as { result?: { protocolVersion?: string } }).result?.protocolVersion;
  const version = negotiated ?? MCP_PROTOCOL_VERSION;
  await post({ jsonrpc: '2.0', method: 'notifications/initialized' }, version);
  return {
    call: async () => {
      // The same body the SDK's client sends for callTool({ name: 'current', arguments: {} }).
      const res = await post({ method: 'tools/call', params: { name: 'current', arguments: {} }, jsonrpc: '2.0', id: (id += 1) }, version);
      if (res.status !== 200) throw new Error(`the floor's tools/call got HTTP ${res.status}`);
      return res.body;
    },
    list: async () => {
      const res = await post({ method: 'tools/list', params: {}, jsonrpc: '2.0', id: (id += 1) }, version);
      if (res.status !== 200) throw new Error(`the floor's tools/list got HTTP ${res.status}`);
      return res.body;
    },
    close: () => agent.destroy(),
  };
}
