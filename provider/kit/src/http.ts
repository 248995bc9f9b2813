// The declarations emitted from this file name Node's types: an app compiling against them needs
// @types/node whatever its tsconfig's `types` says (a fresh `tsc --init` lists none).
/// <reference types="node" preserve="true" />
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { ProviderLogger } from './logger.js';

/** A provider's requests are tiny (initialize, a tool call with an id): 1 MiB is plenty. */
const MAX_REQUEST_BYTES = 1024 * 1024;

/** A request's whole head (request line and headers) must arrive within this. */
const HEADERS_LIMIT_MS = 5_000;
/** The whole request, its body included. */
const REQUEST_LIMIT_MS = 10_000;
/**
 * How often Node looks for requests past those limits. Node 20 checks `headersTimeout` and
 * `requestTimeout` only on this interval, 30 s by default: a client sending one header byte at
 * a time kept a connection open about 27 s although `headersTimeout` was 5 s (measured here:
 * with 30 s the 408 came after 30 s, with 1 s after the limit plus at most a second). So a
 * connection that has not sent its whole head within the limit is closed within 6 s.
 */
const LIMITS_CHECKED_EVERY_MS = 1_000;

/** The provider's HTTP server: plain node:http, with its time limits enforced (above). */
export function createProviderServer(): Server {
  const server = createServer({ connectionsCheckingInterval: LIMITS_CHECKED_EVERY_MS });
  server.headersTimeout = HEADERS_LIMIT_MS;
  server.requestTimeout = REQUEST_LIMIT_MS;
  return server;
}

/**
 * A hook that sees each authorised POST with its parsed body before MCP does, and returns
 * true when it answered the request itself. Only the test provider uses it (redirects,
 * oversized and stalled answers); the kit passes none.
 */
export type Intercept = (req: IncomingMessage, res: ServerResponse, body: unknown) => boolean | Promise<boolean>;

/** What the handler checks requests against and how it makes an MCP server. */
export interface HandlerOptions {
  port: number;
  /** The endpoint's path, e.g. `/context/mcp`. */
  path: string;
  token: string;
  newServer: () => McpServer;
  logger: ProviderLogger;
  intercept?: Intercept;
}

const digest = (value: string): Buffer => createHash('sha256').update(value, 'utf8').digest();

/**
 * The HTTP handler of docs/protocol.md#the-servers-checks-in-order. Checks run in the order the wire fixes: Origin (403,
 * before anything else, because browsers send it for web pages), Host (421, against DNS
 * rebinding), the request target (404: exactly the endpoint's path in origin form, compared as
 * a string, before the token is read), the bearer token (401), GET and DELETE (405: stateless,
 * no stream, no session), any other method (405). Then a fresh stateless MCP server and
 * transport per request.
 */
export function createRequestHandler(options: HandlerOptions): (req: IncomingMessage, res: ServerResponse) => void {
  const expectedHost = `127.0.0.1:${options.port}`;
  // Both sides are hashed to a fixed length first, so the comparison's time and the
  // timingSafeEqual length check reveal nothing about the token's length.
  const expectedAuth = digest(`Bearer ${options.token}`);
  return (req, res) => {
    if (req.headers.origin !== undefined) return refuse(res, 403, 'requests with an Origin header are refused');
    if (req.headers.host !== expectedHost) return refuse(res, 421, 'wrong Host header');
    // The target as it came, not a URL made of it: `/context/./mcp`, `//context/mcp`, a
    // percent-encoded letter or an absolute-form `http://127.0.0.1:<port>/context/mcp` would
    // all name the endpoint once normalised, and each is another resource to this server.
    if (req.url !== options.path) return refuse(res, 404, 'not found');
    if (!timingSafeEqual(digest(req.headers.authorization ?? ''), expectedAuth)) {
      options.logger.debug('refused a request without the right bearer token (401)');
      res.setHeader('WWW-Authenticate', 'Bearer');
      return refuse(res, 401, 'missing or wrong bearer token');
    }
    if (req.method === 'GET' || req.method === 'DELETE') return refuse(res, 405, 'this server is stateless: POST only', { Allow: 'POST' });
    if (req.method !== 'POST') return refuse(res, 405, 'POST only', { Allow: 'POST' });
    void serveMcp(req, res, options);
  };
}

async function serveMcp(req: IncomingMessage, res: ServerResponse, options: HandlerOptions): Promise<void> {
  const body = await readBody(req, MAX_REQUEST_BYTES);
  // Answered at once; the rest of the body is then read and dropped, never kept, within the
  // request's time limit. Closing instead, with the body unread, makes the kernel reset the
  // connection while the client is still writing, and the client may lose the 413 to EPIPE.
  if (body === 'too-large') return refuse(res, 413, `request bodies are limited to ${MAX_REQUEST_BYTES} bytes`);
  if (body === 'aborted') return;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    return refuse(res, 400, 'the body is not JSON', {}, -32700);
  }
  // JSON-RPC 2.0 answers an empty batch with one Invalid Request error; the SDK would take it
  // for a batch of notifications and answer 202.
  if (Array.isArray(parsed) && parsed.length === 0) return refuse(res, 400, 'an empty batch is not a request', {}, -32600);
  try {
    if (options.intercept && (await options.intercept(req, res, parsed))) return;
    const server = options.newServer();
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, parsed);
  } catch (error) {
    // Only the error's class: its message could quote the request or the app's data.
    options.logger.error(`the MCP server failed on a request (${error instanceof Error ? error.name : 'unknown error'})`);
    if (!res.headersSent) refuse(res, 500, 'internal error', {}, -32603);
    else res.destroy();
  }
}

/**
 * The body, up to `limit` bytes; a larger one is refused without being kept: a declared
 * Content-Length over the limit before a byte is read (node:http then drains the body once
 * the response is sent), a chunked one at the first byte past it (the rest is drained here).
 */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer | 'too-large' | 'aborted'> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit) return Promise.resolve('too-large');
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        resolve('too-large');
        req.removeAllListeners('data');
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('aborted', () => resolve('aborted'));
    req.on('error', () => resolve('aborted'));
  });
}

/** A short JSON-RPC-shaped error, as the SDK's own examples answer refused requests. */
function refuse(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}, code = -32000): void {
  const text = JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null });
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text), ...headers });
  res.end(text);
}
