// docs/protocol.md, "Questions a provider developer asks": each answer is read from the page (the
// line after its marker) and checked against what the code does: the kit's server, run here on a
// real loopback socket and asked over raw HTTP, and the host's own client talking to it.
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { request, type ServerResponse } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchCurrent } from '../../app/client/current.js';
import { fetchLocation } from '../../app/client/location.js';
import { MCP_PROTOCOL_VERSIONS } from '../../app/client/rpc.js';
import { createSessionPool } from '../../app/client/session-pool.js';
import { findProvider } from '../../app/discovery/find.js';
import { createOs } from '../../app/os/index.js';
import type { Element, RunningProvider } from '@app-context/provider-kit';
import { launchProvider, type Intercept } from '@app-context/provider-kit/testing';
import { runGlance } from '../helpers/cli.js';
import { makeProvidersDir } from '../helpers/providers-dir.js';

const PAGE = readFileSync('docs/protocol.md', 'utf8');

/** The answer under `<!-- answer: key -->`. */
function answer(key: string): string {
  const at = PAGE.indexOf(`<!-- answer: ${key} -->\n`);
  if (at < 0) throw new Error(`docs/protocol.md has no answer ${key}`);
  return PAGE.slice(at).split('\n')[1] ?? '';
}

let dir = '';
/** GLANCE_HOME of this file's own, for the commands run against the shared provider. */
let home = '';
let provider: RunningProvider;
let token = '';
/** What the server received: the method (and tool) and the headers of each message. */
const seen: { what: string; headers: Record<string, string | string[] | undefined> }[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'glance-protocol-answers-'));
  home = await mkdtemp(join(tmpdir(), 'glance-protocol-answers-home-'));
  const root: Element = { id: 'app', role: 'Application', title: 'Answers', children: [{ id: 'sel-1', role: 'Text', selected: true }, { id: 'win-1', role: 'Text', title: 'In a window' }] };
  provider = await launchProvider({
    name: 'Answers', version: '1.0.0', folder: dir,
    current: () => root,
    // sel-1 without a window (the field is optional), win-1 in window 7.
    location: (id) => (id === 'sel-1' ? { state: 'visible', rects: [{ x: 1, y: 2, w: 3, h: 4 }] } : id === 'win-1' ? { state: 'visible', rects: [{ x: 5, y: 6, w: 7, h: 8 }], window: 7 } : undefined),
  }, {
    descriptor: (d) => {
      token = d.token;
      return d;
    },
    intercept: (req, res, body) => {
      const message = body as { method?: string; params?: { name?: string } };
      seen.push({ what: message.method === 'tools/call' ? `tools/call ${message.params?.name}` : String(message.method), headers: { ...req.headers } });
      // A server may return a session id: the host must send it back.
      if (message.method === 'initialize') res.setHeader('Mcp-Session-Id', 'session-7');
      return false;
    },
  });
});

afterAll(async () => {
  await provider.stop();
  await rm(dir, { recursive: true, force: true });
  await rm(home, { recursive: true, force: true });
});

/**
 * A kit provider of one test's own, in a providers folder and GLANCE_HOME of its own, whose
 * answers `intercept` may replace; `calls` records each JSON-RPC method (and tool) it received.
 */
async function ownProvider(intercept: Intercept): Promise<{ running: RunningProvider; env: NodeJS.ProcessEnv; calls: string[]; cleanup: () => Promise<void> }> {
  const folder = await makeProvidersDir();
  const calls: string[] = [];
  const running = await launchProvider({ name: 'Own', version: '1.0.0', folder: folder.dir, current: () => ({ id: 'app', role: 'Application' }) }, {
    intercept: (req, res, body) => {
      const message = body as { method?: string; params?: { name?: string } };
      calls.push(message.method === 'tools/call' ? `tools/call ${message.params?.name}` : String(message.method));
      return intercept(req, res, body);
    },
  });
  return { running, env: folder.env, calls, cleanup: async () => { await running.stop(); await folder.cleanup(); } };
}

/** Answers one JSON-RPC message with `payload` (result or error) under HTTP `status`. */
function answerWith(res: ServerResponse, body: unknown, status: number, payload: Record<string, unknown>): true {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ jsonrpc: '2.0', id: (body as { id?: unknown }).id ?? null, ...payload }));
  return true;
}

/** One raw POST (or another method) to the endpoint. */
function raw(method: string, body: string | Buffer, withToken = true, version = '2025-11-25'): Promise<{ status: number; text: string }> {
  const url = new URL(provider.endpoint);
  return new Promise((resolve, reject) => {
    const req = request({
      host: '127.0.0.1', port: url.port, path: url.pathname, method,
      headers: {
        host: url.host, 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': version,
        ...(withToken ? { authorization: `Bearer ${token}` } : {}),
      },
    }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => void (text += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}
const rpc = (method: string, params?: unknown, id: number | undefined = 1) => JSON.stringify({ jsonrpc: '2.0', ...(id !== undefined ? { id } : {}), method, ...(params !== undefined ? { params } : {}) });

describe('docs/protocol.md answers what a provider developer asked, as the code behaves', () => {
  it('versions: what the host asks for and accepts, what the kit answers to one it does not know', async () => {
    expect(answer('versions')).toContain(`Glance asks for \`${MCP_PROTOCOL_VERSIONS[0]}\``);
    expect(answer('versions')).toContain(`accepts ${MCP_PROTOCOL_VERSIONS.slice(0, -1).map((v) => `\`${v}\``).join(', ')} and \`${MCP_PROTOCOL_VERSIONS.at(-1)}\``);
    const old = await raw('POST', rpc('initialize', { protocolVersion: '2023-01-01', capabilities: {}, clientInfo: { name: 't', version: '1' } }));
    expect(answer('versions')).toContain('the kit answers `2025-11-25` to a version it does not know');
    expect(JSON.parse(old.text)).toMatchObject({ result: { protocolVersion: '2025-11-25' } });
    // "answer the one asked for when you speak it": the kit echoes an older revision it speaks.
    expect(answer('versions')).toContain('answer the one asked for when you speak it');
    const older = await raw('POST', rpc('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } }));
    expect(JSON.parse(older.text)).toMatchObject({ result: { protocolVersion: '2025-06-18' } });
  });

  it('versions: a host that cannot speak the provider\'s revision gives up and calls no tool', async () => {
    const own = await ownProvider((_req, res, body) => {
      const message = body as { method?: string };
      if (message.method !== 'initialize') return false;
      return answerWith(res, body, 200, { result: { protocolVersion: '2023-01-01', capabilities: { tools: {} }, serverInfo: { name: 'Own', version: '1.0.0' } } });
    });
    try {
      const ran = await runGlance(['current', '--pid', String(process.pid)], own.env);
      expect(answer('versions')).toContain('a host that cannot speak yours gives up (Glance\'s `current` exits 5, "answered initialize with an MCP revision Glance does not speak", and calls no tool)');
      expect(ran.code).toBe(5);
      expect(ran.stderr).toContain('answered initialize with an MCP revision Glance does not speak');
      // The provider's own text stays out of the message.
      expect(ran.stderr).not.toContain('2023-01-01');
      expect(own.calls).toEqual(['initialize']);
    } finally {
      await own.cleanup();
    }
  });

  it('headers, the session id, and several calls after one initialize', async () => {
    seen.length = 0;
    const os = createOs();
    const found = await findProvider({ pid: process.pid }, { os, env: { ...process.env, APP_CONTEXT_PROVIDERS_DIR: dir } });
    if (found.kind !== 'usable') throw new Error(`the provider is ${found.kind}`);
    const sessions = createSessionPool();
    try {
      expect((await fetchCurrent(found.provider, { sessions })).ok).toBe(true);
      expect((await fetchLocation(found.provider, 'sel-1', { sessions })).ok).toBe(true);
    } finally {
      await sessions.close();
    }
    expect(seen.map((s) => s.what)).toEqual(['initialize', 'notifications/initialized', 'tools/list', 'tools/call current', 'tools/call location']);
    expect(answer('several-calls')).toContain('`tools/list` once per provider run, then `current`, and `location`');
    for (const s of seen) expect(s.headers).toMatchObject({ 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: expect.stringMatching(/^Bearer /) });
    expect(seen[0]?.headers['mcp-protocol-version']).toBe(undefined);
    for (const s of seen.slice(1)) expect(s.headers).toMatchObject({ 'mcp-protocol-version': '2025-11-25', 'mcp-session-id': 'session-7' });
    expect(answer('headers')).toContain('every request after `initialize` also carries `Mcp-Protocol-Version`');
    expect(answer('headers')).toContain('Glance then sends it back on the later requests of that session');
  });

  it('other methods, 413, malformed JSON, batches, unknown methods, ping and unknown tools', async () => {
    for (const method of ['PUT', 'PATCH']) {
      expect((await raw(method, '{}')).status).toBe(405);
      expect((await raw(method, '{}', false)).status).toBe(401);
    }
    expect(answer('methods')).toContain('`PUT`, `PATCH` and every method but `POST` get **405**, after the token check (without the token, **401**)');
    const big = Buffer.alloc(1024 * 1024 + 1, 0x20);
    expect((await raw('POST', big, false)).status).toBe(401);
    expect((await raw('POST', big)).status).toBe(413);
    expect(answer('too-large')).toContain('gets **413** after every check of the table above');
    const malformed = await raw('POST', '{not json');
    expect(malformed.status).toBe(400);
    expect(JSON.parse(malformed.text)).toMatchObject({ error: { code: -32700 }, id: null });
    expect(answer('malformed')).toContain('HTTP **400** with the JSON-RPC error `-32700` and `id: null`');
    const batch = await raw('POST', `[${rpc('ping', undefined, 1)},${rpc('ping', undefined, 2)}]`);
    expect(JSON.parse(batch.text)).toEqual([expect.objectContaining({ id: 1, result: {} }), expect.objectContaining({ id: 2, result: {} })]);
    expect(JSON.parse((await raw('POST', `[${rpc('ping')}]`)).text)).toMatchObject({ id: 1, result: {} });
    expect(answer('batch')).toContain('the kit answers a JSON array of responses (a batch of one gets the one response)');
    const empty = await raw('POST', '[]');
    expect(empty.status).toBe(400);
    expect(JSON.parse(empty.text)).toMatchObject({ error: { code: -32600 }, id: null });
    expect(answer('batch')).toContain('an empty batch `[]` gets HTTP **400** with the JSON-RPC error `-32600` (Invalid Request)');
    const unknown = await raw('POST', rpc('foo/bar'));
    expect(unknown.status).toBe(200);
    expect(JSON.parse(unknown.text)).toMatchObject({ error: { code: -32601 } });
    expect(JSON.parse((await raw('POST', rpc('ping'))).text)).toMatchObject({ result: {} });
    expect(answer('unknown-method')).toContain('`-32601` (Method not found) with HTTP **200**');
    // The same page's 400 for malformed JSON is the one exception the line names.
    expect(answer('unknown-method')).toContain('a JSON-RPC error about a request that was read is HTTP 200; only a body that is not JSON gets **400**');
    const tool = await raw('POST', rpc('tools/call', { name: 'nope', arguments: {} }));
    expect(JSON.parse(tool.text)).toMatchObject({ result: { isError: true } });
    expect(answer('unknown-tool')).toContain('gets a tool error (`isError: true`), not a JSON-RPC error');
  });

  it('unknown-method: the host reads a JSON-RPC error under a status other than 200 as a failed exchange', async () => {
    const own = await ownProvider((_req, res, body) => {
      const message = body as { method?: string };
      if (message.method !== 'tools/call') return false;
      return answerWith(res, body, 500, { error: { code: -32603, message: 'Internal error' } });
    });
    try {
      const ran = await runGlance(['current', '--pid', String(process.pid)], own.env);
      expect(answer('unknown-method')).toContain('a JSON-RPC error sent with HTTP 500 makes `glance current` exit 4, "answered with HTTP status 500"');
      expect(ran.code).toBe(4);
      expect(ran.stderr).toContain('answered with HTTP status 500');
      expect(own.calls).toContain('tools/call current');
    } finally {
      await own.cleanup();
    }
  });

  it('the tools/list result', async () => {
    const listed = JSON.parse((await raw('POST', rpc('tools/list'))).text) as { result: { tools: { name: string; annotations: unknown; inputSchema: { properties: Record<string, { type: string }> } }[] } };
    expect(listed.result.tools.map((t) => t.name)).toEqual(['current', 'location']);
    for (const t of listed.result.tools) expect(t.annotations).toEqual({ readOnlyHint: true, openWorldHint: false });
    expect(listed.result.tools[1]?.inputSchema.properties['id']?.type).toBe('string');
    expect(answer('tools-list')).toContain('`annotations: { "readOnlyHint": true, "openWorldHint": false }`');
  });

  /**
   * Two requests on one socket (keep-alive): the first with `first` as extra headers, the second,
   * with the token, written only once the first answer is in, so a server that closed after the
   * refusal is seen (written together, Node answers a pipelined request even after a close).
   */
  function twoOnOneSocket(first: string): Promise<string> {
    const url = new URL(provider.endpoint);
    const body = '{"jsonrpc":"2.0","id":1,"method":"ping"}';
    const head = (extra: string) => `POST ${url.pathname} HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\n${extra}Content-Length: ${body.length}\r\n\r\n${body}`;
    return new Promise<string>((resolve, reject) => {
      const socket = connect(Number(url.port), '127.0.0.1');
      let text = '';
      socket.on('data', (c: Buffer) => {
        text += c.toString();
        // Each answer ends with its JSON body: after the first, the next request; after both, done.
        const answers = (text.match(/HTTP\/1\.1 /g) ?? []).length;
        if (!text.endsWith('}')) return;
        if (answers === 1) socket.write(head(`Authorization: Bearer ${token}\r\n`));
        if (answers === 2) socket.end();
      });
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
      socket.write(head(first));
    });
  }

  it('a 401 sent before the body is read keeps the connection for the next request', async () => {
    expect(await twoOnOneSocket('')).toMatch(/^HTTP\/1\.1 401[\s\S]*HTTP\/1\.1 200[\s\S]*"result":\{\}/);
    expect(answer('auth-close')).toContain('keeps the connection open for the next request');
  });

  it('a 403 (an Origin header, refused before the body is read) keeps the connection for the next request', async () => {
    // The token is there too: the Origin check alone refuses it.
    expect(await twoOnOneSocket(`Origin: http://example.com\r\nAuthorization: Bearer ${token}\r\n`)).toMatch(/^HTTP\/1\.1 403[\s\S]*HTTP\/1\.1 200[\s\S]*"result":\{\}/);
    expect(answer('auth-close')).toContain('(401 without the token, 403 for a request with an `Origin` header)');
    expect(answer('auth-close')).toContain('keeps the connection open for the next request');
  });

  it.runIf(process.platform === 'linux')('Linux: instance, and the listener found without lsof', async () => {
    expect(provider.instance).toMatch(/^[A-Za-z0-9_-]{12}$/);
    expect(answer('linux')).toContain('9 random bytes as 12 base64url characters');
    expect(answer('linux')).toContain('`lsof` is not needed (Glance reads `/proc/net/tcp`');
    expect(answer('linux')).toContain('`window` is optional and Glance only shows it (`glance location` prints `in window N`');
    expect(answer('linux')).toContain('a location without `window` is accepted and printed without it');
    // The real command against the kit: current issues the ids, then location for each.
    const env = { ...process.env, APP_CONTEXT_PROVIDERS_DIR: dir, GLANCE_HOME: home };
    expect((await runGlance(['current', '--pid', String(process.pid)], env)).code).toBe(0);
    const place = (id: string) => runGlance(['location', '--pid', String(process.pid), '--instance', provider.instance, '--', id], env);
    const inWindow = await place('win-1');
    expect(inWindow).toMatchObject({ code: 0, stdout: expect.stringContaining('in window 7') });
    const noWindow = await place('sel-1');
    expect(noWindow.code).toBe(0);
    expect(noWindow.stdout).toMatch(/^visible: 1 rect: /);
    expect(noWindow.stdout).not.toContain('window');
    // No lsof at all: the listener is still found, from /proc.
    const listeners = await createOs({ lsofPath: join(dir, 'no-such-lsof') }).listeners(Number(new URL(provider.endpoint).port));
    expect(listeners).toMatchObject({ ok: true, sockets: [expect.objectContaining({ pid: process.pid })] });
  });
});
