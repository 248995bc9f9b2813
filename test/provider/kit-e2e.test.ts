// The kit end to end, through the compiled Sample Notes in a child process: the published
// descriptor, MCP over a real loopback socket, the HTTP checks in order, and cleanup on
// every way a process can end.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { declaredProtocol, isValidId, parseEndpoint, readAnswer, TOKEN_PATTERN } from '@app-context/provider-kit/protocol';
import { makeProvidersDir } from '../helpers/providers-dir.js';
import { connect, expectNoToken, INITIALIZE, rawRequest, requireBuild, SAMPLE, socketExchange, startChild, waitGone, type ChildProvider } from './helpers.js';

let dir: Awaited<ReturnType<typeof makeProvidersDir>>;
let sample: ChildProvider | undefined;

beforeAll(requireBuild);
beforeEach(async () => {
  dir = await makeProvidersDir();
  sample = await startChild(SAMPLE, dir.env, dir.dir);
});
afterEach(async () => {
  if (sample) {
    await sample.proc.stop();
    expectNoToken(sample);
  }
  await dir.cleanup();
});

describe('the descriptor', () => {
  it('has the eight fields, a loopback endpoint, and modes 0700 / 0600, with no temp file left', () => {
    const d = (sample as ChildProvider).descriptor;
    expect(d.protocol).toBe('0.2.0');
    expect(d.pid).toBe(sample?.proc.pid);
    expect(d.name).toBe('Sample Notes');
    expect(d.bundleId).toBe(process.platform === 'linux' ? 'node' : d.bundleId);
    expect(isValidId(d.instance)).toBe(true);
    expect(d.token).toMatch(TOKEN_PATTERN);
    expect(d.token).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    const endpoint = parseEndpoint(d.endpoint);
    expect(endpoint).toMatchObject({ ok: true, path: '/context/mcp' });
    expect(statSync(dir.dir).mode & 0o777).toBe(0o700);
    expect(statSync(join(dir.dir, (sample as ChildProvider).file)).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir.dir)).toEqual([(sample as ChildProvider).file]);
    expect((sample as ChildProvider).file).toBe(`${d.bundleId}.${d.pid}.json`);
  });
});

describe('MCP', () => {
  it('declares the extension and answers current and location', async () => {
    const d = (sample as ChildProvider).descriptor;
    const client = await connect(d.endpoint, d.token);
    try {
      expect(declaredProtocol(client.getServerCapabilities())).toBe('0.2.0');
      const tools = await client.listTools();
      expect(tools.tools.map((t) => t.name).sort()).toEqual(['current', 'location']);
      expect(tools.tools.every((t) => t.outputSchema !== undefined)).toBe(true);
      const result = await client.callTool({ name: 'current', arguments: {} });
      expect(result.isError).toBeFalsy();
      const read = readAnswer(result.structuredContent);
      expect(read.ok && read.warnings).toEqual([]);
      expect(result.structuredContent).toMatchObject({ protocol: '0.2.0', instance: d.instance, root: { role: 'Application' } });
      const content = result.content as { type: string; text: string }[];
      expect(content).toHaveLength(1);
      expect(JSON.parse(content[0]?.text ?? '')).toEqual(result.structuredContent);
      const selectedId = findId(result.structuredContent, (e) => e['selected'] === true);
      const where = await client.callTool({ name: 'location', arguments: { id: selectedId } });
      expect(where.structuredContent).toMatchObject({ state: 'visible', edge: 'right' });
      expect(where.structuredContent).not.toHaveProperty('window');
      const never = await client.callTool({ name: 'location', arguments: { id: 'never-issued' } });
      expect(never.isError).toBe(true);
      expect((never.content as { text: string }[])[0]?.text).toMatch(/never issued/);
    } finally {
      await client.close();
    }
  });
});

describe('HTTP checks, in the order of docs/protocol.md, "The server\'s checks, in order"', () => {
  const auth = (): Record<string, string> => ({ Authorization: `Bearer ${(sample as ChildProvider).descriptor.token}` });
  const endpoint = (): string => (sample as ChildProvider).descriptor.endpoint;

  it('refuses an Origin header with 403, even with the right token and before the Host check', async () => {
    expect((await rawRequest(endpoint(), { headers: { ...auth(), Origin: 'http://127.0.0.1' }, body: INITIALIZE })).status).toBe(403);
    expect((await rawRequest(endpoint(), { headers: { Origin: 'null', Host: 'evil.example' }, body: INITIALIZE })).status).toBe(403);
  });
  it('refuses another Host with 421 before the token', async () => {
    expect((await rawRequest(endpoint(), { headers: { ...auth(), Host: 'localhost:1' }, body: INITIALIZE })).status).toBe(421);
    expect((await rawRequest(endpoint(), { headers: { Host: 'localhost' }, body: INITIALIZE })).status).toBe(421);
  });
  it('refuses a missing or wrong token with 401', async () => {
    const token = (sample as ChildProvider).descriptor.token;
    expect((await rawRequest(endpoint(), { body: INITIALIZE })).status).toBe(401);
    expect((await rawRequest(endpoint(), { headers: { Authorization: `Bearer ${token}x` }, body: INITIALIZE })).status).toBe(401);
    expect((await rawRequest(endpoint(), { headers: { Authorization: token }, body: INITIALIZE })).status).toBe(401);
  });
  it('answers another path with 404 before the token, GET and DELETE with 405, and a good request with 200', async () => {
    expect((await rawRequest(endpoint(), { path: '/mcp', body: INITIALIZE })).status).toBe(404);
    expect((await rawRequest(endpoint(), { path: '/mcp', headers: auth(), body: INITIALIZE })).status).toBe(404);
    expect((await rawRequest(endpoint(), { method: 'GET', headers: auth() })).status).toBe(405);
    expect((await rawRequest(endpoint(), { method: 'DELETE', headers: auth() })).status).toBe(405);
    const ok = await rawRequest(endpoint(), { headers: auth(), body: INITIALIZE });
    expect(ok.status).toBe(200);
    expect(JSON.parse(ok.body)).toMatchObject({ result: { capabilities: { extensions: { 'io.appcontext/context': { protocol: '0.2.0' } } } } });
  });
  it('refuses a body over the limit with 413, answered before the body is read, and drains the rest', async () => {
    // A raw client (node:net) that reads the answer while it writes: the 413 comes before the
    // 2 MiB are sent. The server drains the rest rather than closing under the client's writes
    // (closing made this test fail on EPIPE), and the client would stand by a response it got
    // even so.
    const { port, pathname } = new URL(endpoint());
    const big = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', params: { pad: 'x'.repeat(2 * 1024 * 1024) } });
    const headers = `Host: 127.0.0.1:${port}\r\nAuthorization: ${auth()['Authorization'] as string}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\n`;
    const declared = await socketExchange(Number(port), `POST ${pathname} HTTP/1.1\r\n${headers}Content-Length: ${big.length}\r\n\r\n${big}`);
    expect(declared.status).toBe(413);
    const chunk = (text: string): string => `${text.length.toString(16)}\r\n${text}\r\n`;
    const chunked = await socketExchange(Number(port), `POST ${pathname} HTTP/1.1\r\n${headers}Transfer-Encoding: chunked\r\n\r\n${chunk(big.slice(0, 1_500_000))}${chunk(big.slice(1_500_000))}0\r\n\r\n`);
    expect(chunked.status).toBe(413);
    expect((await rawRequest(endpoint(), { headers: auth(), body: big })).status).toBe(413);
  });
});

describe('the descriptor goes away', () => {
  for (const [how, end] of [
    ['on stop()', (s: ChildProvider) => s.proc.child.stdin?.write('quit\n')],
    ['on a normal exit', (s: ChildProvider) => s.proc.child.stdin?.write('exit\n')],
    ['on SIGINT', (s: ChildProvider) => s.proc.child.kill('SIGINT')],
    ['on SIGTERM', (s: ChildProvider) => s.proc.child.kill('SIGTERM')],
  ] as const) {
    it(how, async () => {
      const s = sample as ChildProvider;
      end(s);
      const exit = await s.proc.exited;
      await waitGone(join(dir.dir, s.file));
      expect(readdirSync(dir.dir)).toEqual([]);
      // The signal still ends the process as it would have without the kit.
      if (how === 'on SIGINT') expect(exit.signal).toBe('SIGINT');
      else if (how === 'on SIGTERM') expect(exit.signal).toBe('SIGTERM');
      else expect(exit.code).toBe(0);
    });
  }
});

/** The id of the first element (depth-first) that matches. */
function findId(answer: unknown, test: (e: Record<string, unknown>) => boolean): string {
  const stack = [(answer as { root: Record<string, unknown> }).root];
  while (stack.length > 0) {
    const e = stack.pop() as Record<string, unknown>;
    if (test(e)) return e['id'] as string;
    stack.push(...((e['children'] as Record<string, unknown>[] | undefined) ?? []));
  }
  throw new Error('no such element');
}
