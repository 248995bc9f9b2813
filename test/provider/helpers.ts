// Shared by the provider tests: start compiled providers as child processes, read their
// descriptor as a host would, talk to them over MCP and raw HTTP, and check for token leaks.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { expect } from 'vitest';
import { DescriptorSchema, type Descriptor } from '../../app/protocol/descriptor.js';
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

/** One raw HTTP exchange, with full control of Host, Origin and Authorization. */
export function rawRequest(endpoint: string, options: { method?: string; path?: string; headers?: Record<string, string>; body?: string }): Promise<{ status: number; body: string }> {
  const url = new URL(endpoint);
  return new Promise((resolve, reject) => {
    const req = request({
      host: '127.0.0.1',
      port: Number(url.port),
      method: options.method ?? 'POST',
      path: options.path ?? url.pathname,
      headers: { Host: url.host, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...options.headers },
    }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end(options.body);
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
