// Shared by the provider tests: start compiled providers as child processes, read their
// descriptor as a host would, talk to them over MCP and raw HTTP, and check for token leaks.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect as connectSocket } from 'node:net';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { expect } from 'vitest';
import { DescriptorSchema, type Descriptor } from '@app-context/provider-kit/protocol';
import { spawnNode, type Spawned } from '../helpers/spawn.js';

export const SAMPLE = 'dist/provider/sample/main.js';
export const CONFIGURABLE = 'dist/provider/testing/configurable.js';
export const READY = /is providing context \(pid (\d+), endpoint (http:\/\/127\.0\.0\.1:\d+\/\S*)\)\n/;

/** Fails with a clear message when the compiled providers are missing. */
export function requireBuild(): void {
  for (const file of [SAMPLE, CONFIGURABLE]) {
    if (!existsSync(file)) throw new Error(`${file} is missing: run npx tsc -p tsconfig.build.json (or GLANCE_TEST_BUILD=1)`);
  }
}

/** A started child provider with the descriptor it published. */
export interface ChildProvider {
  proc: Spawned;
  descriptor: Descriptor;
  file: string;
}

/** Starts a compiled provider and waits for its ready line and its descriptor. */
export async function startChild(script: string, env: NodeJS.ProcessEnv, folder: string): Promise<ChildProvider> {
  const proc = spawnNode(script, [], env);
  const ready = await proc.waitFor(READY);
  const file = descriptorFiles(folder).find((f) => f.endsWith(`.${proc.pid}.json`));
  if (file === undefined) throw new Error(`no descriptor for pid ${proc.pid} in ${folder}`);
  const descriptor = DescriptorSchema.parse(JSON.parse(readFileSync(join(folder, file), 'utf8')));
  expect(ready[1]).toBe(String(proc.pid));
  return { proc, descriptor, file };
}

/** The `*.json` files in the folder, as a host lists them. */
export function descriptorFiles(folder: string): string[] {
  return readdirSync(folder).filter((f) => f.endsWith('.json'));
}

/** Asserts that nothing the child printed contains the token. */
export function expectNoToken(child: ChildProvider): void {
  expect(child.proc.output()).not.toContain(child.descriptor.token);
}

/** An MCP client connected with the bearer token, as a host connects. */
export async function connect(endpoint: string, token: string): Promise<Client> {
  const client = new Client({ name: 'provider-tests', version: '0.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(endpoint), {
    requestInit: { headers: { Authorization: `Bearer ${token}` } },
  });
  await client.connect(transport);
  return client;
}

/**
 * One raw HTTP exchange, with full control of Host, Origin and Authorization. A response that
 * came stands even when the server then closes under the request's writes (EPIPE, ECONNRESET).
 */
export function rawRequest(endpoint: string, options: { method?: string; path?: string; headers?: Record<string, string>; body?: string }): Promise<{ status: number; body: string }> {
  const url = new URL(endpoint);
  return new Promise((resolve, reject) => {
    let status: number | undefined;
    let body = '';
    const req = request({
      host: '127.0.0.1',
      port: Number(url.port),
      method: options.method ?? 'POST',
      path: options.path ?? url.pathname,
      headers: { Host: url.host, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...options.headers },
    }, (res) => {
      status = res.statusCode ?? 0;
      res.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      res.on('end', () => resolve({ status: status ?? 0, body }));
      res.on('error', () => resolve({ status: status ?? 0, body }));
    });
    req.on('error', (error) => (status === undefined ? reject(error) : resolve({ status, body })));
    req.end(options.body);
  });
}

/** A response as a raw client read it. */
export interface RawResponse {
  status: number;
  /** Everything the server sent: the head and as much body as arrived. */
  text: string;
}

/** The status and, when the head is whole, the body's declared length, of what arrived so far. */
function parseHead(text: string): { status: number; headEnd: number; length: number | undefined } | undefined {
  const headEnd = text.indexOf('\r\n\r\n');
  const status = /^HTTP\/1\.[01] (\d{3})/.exec(text);
  if (headEnd < 0 || !status) return undefined;
  const length = /\r\ncontent-length: *(\d+)/i.exec(text.slice(0, headEnd));
  return { status: Number(status[1]), headEnd: headEnd + 4, length: length ? Number(length[1]) : undefined };
}

/**
 * One request over a raw socket (node:net), written byte for byte as given (any request target,
 * any head), answered when a whole response has arrived (or the server closed after a head).
 * A server may answer before it has read the whole request (413) and close: write errors after
 * a response (EPIPE, ECONNRESET) are then expected, and the response stands; without one, the
 * error fails the exchange.
 */
export function socketExchange(port: number, request: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connectSocket(port, '127.0.0.1');
    let text = '';
    let done = false;
    const finish = (error?: Error): void => {
      if (done) return;
      const head = parseHead(text);
      if (head === undefined && error) {
        done = true;
        socket.destroy();
        reject(error);
        return;
      }
      if (head === undefined) return;
      const whole = head.length === undefined || Buffer.byteLength(text.slice(head.headEnd)) >= head.length;
      if (!whole && !error && !socket.readableEnded) return;
      done = true;
      socket.destroy();
      resolve({ status: head.status, text });
    };
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('latin1');
      finish();
    });
    socket.on('end', () => finish(new Error(`the server closed without a response: ${JSON.stringify(text.slice(0, 80))}`)));
    socket.on('error', (error) => finish(error));
    socket.write(request);
  });
}

/**
 * Writes `first` at once, then one byte of `slowly` (over and over) every `everyMs`, until the
 * server closes the connection: what it answered, and how long after the connection opened it
 * closed. The server's time limits are what this measures; `capMs` only ends a test that would
 * otherwise hang (closedAfterMs is then undefined).
 */
export function trickle(port: number, bytes: { first: string; slowly: string }, everyMs: number, capMs: number): Promise<{ text: string; closedAfterMs: number | undefined }> {
  return new Promise((resolve) => {
    const socket = connectSocket(port, '127.0.0.1');
    const started = performance.now();
    let text = '';
    let sent = 0;
    let ended = false;
    const end = (closedAfterMs: number | undefined): void => {
      if (ended) return;
      ended = true;
      clearInterval(timer);
      clearTimeout(cap);
      socket.destroy();
      resolve({ text, closedAfterMs });
    };
    if (bytes.first !== '') socket.write(bytes.first);
    const timer = setInterval(() => {
      if (socket.writable) socket.write(bytes.slowly.charAt(sent % bytes.slowly.length));
      sent += 1;
    }, everyMs);
    const cap = setTimeout(() => end(undefined), capMs);
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    // The server's close shows as an end, or as a reset when a byte was in flight: either ends it.
    socket.on('close', () => end(Math.round(performance.now() - started)));
    socket.on('error', () => undefined);
  });
}

/** A valid initialize request body, for raw requests that should reach MCP. */
export const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0', id: 1, method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '0' } },
});

/** Resolves when the file no longer exists, or rejects after the time limit. */
export async function waitGone(path: string, timeoutMs = 5000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (existsSync(path)) {
    if (Date.now() > until) throw new Error(`${path} still exists`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
