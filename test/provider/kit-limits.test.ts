// The kit's server drops slow clients and reads only its own path (docs/reliability.md, the second outside audit, 8), over
// raw sockets (node:net) against the compiled Sample Notes in a child process. A client that
// sends its head a byte at a time, one that sends nothing, and one that trickles its body are
// each closed within twice the kit's limit (5 s for the head, 10 s for the whole request); a
// request target that is not exactly the endpoint's path in origin form gets 404 before the
// token is read, with or without the token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeProvidersDir } from '../helpers/providers-dir.js';
import { expectNoToken, INITIALIZE, requireBuild, SAMPLE, socketExchange, startChild, trickle, type ChildProvider } from './helpers.js';

/** The kit's limits (provider/kit/src/http.ts). */
const HEAD_LIMIT_MS = 5_000;
const REQUEST_LIMIT_MS = 10_000;

let dir: Awaited<ReturnType<typeof makeProvidersDir>>;
let sample: ChildProvider;
let port: number;

beforeAll(async () => {
  requireBuild();
  dir = await makeProvidersDir();
  sample = await startChild(SAMPLE, dir.env, dir.dir);
  port = Number(new URL(sample.descriptor.endpoint).port);
}, 30_000);
afterAll(async () => {
  await sample?.proc.stop();
  if (sample) expectNoToken(sample);
  await dir?.cleanup();
});

const head = (target: string, headers: Record<string, string> = {}): string =>
  `POST ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\n${Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join('')}`;
const post = (target: string, headers: Record<string, string> = {}, body = INITIALIZE): string =>
  `${head(target, { ...headers, 'Content-Length': String(Buffer.byteLength(body)) })}\r\n${body}`;
const auth = (): Record<string, string> => ({ Authorization: `Bearer ${sample.descriptor.token}` });

describe('slow clients', () => {
  it('are closed within twice the limit: a head a byte at a time, a connection that sends nothing, a body a byte at a time', async () => {
    // All three at once: each is measured from its own connect.
    const [slowHead, silent, slowBody] = await Promise.all([
      trickle(port, { first: '', slowly: `${head('/context/mcp', auth())}X-Pad: ${'a'.repeat(64)}` }, 100, 4 * REQUEST_LIMIT_MS),
      trickle(port, { first: '', slowly: '' }, 1_000, 4 * REQUEST_LIMIT_MS),
      trickle(port, { first: `${head('/context/mcp', { ...auth(), 'Content-Length': '100000' })}\r\n`, slowly: 'x' }, 100, 4 * REQUEST_LIMIT_MS),
    ]);
    for (const [name, outcome, limit] of [['slow head', slowHead, HEAD_LIMIT_MS], ['silent', silent, HEAD_LIMIT_MS], ['slow body', slowBody, REQUEST_LIMIT_MS]] as const) {
      expect(outcome.closedAfterMs, `${name}: closed by the server`).toBeDefined();
      expect(outcome.closedAfterMs as number, name).toBeGreaterThanOrEqual(limit - 100);
      expect(outcome.closedAfterMs as number, name).toBeLessThanOrEqual(2 * limit);
      expect(outcome.text, name).toMatch(/^HTTP\/1\.1 408 /);
    }
  }, 60_000);
});

describe('the request target', () => {
  // Each names the endpoint once normalised, or is another form of it: each is another resource here.
  const targets = (): string[] => [
    '/context/./mcp', '/context/../context/mcp', '/context//mcp', '//context/mcp', '/context/mcp/', '/context/%6Dcp',
    '/Context/mcp', '/context/mcp?x=1', '/context/mcp#f', '/context/mcp%00', `http://127.0.0.1:${port}/context/mcp`, '*',
  ];

  it('is exactly the endpoint\'s path in origin form: anything else is 404 before the token is read', async () => {
    for (const target of targets()) {
      expect((await socketExchange(port, post(target))).status, `${target} without the token`).toBe(404);
      expect((await socketExchange(port, post(target, auth()))).status, `${target} with the token`).toBe(404);
    }
    // The endpoint itself: the token decides.
    expect((await socketExchange(port, post('/context/mcp'))).status).toBe(401);
    expect((await socketExchange(port, post('/context/mcp', auth()))).status).toBe(200);
  }, 60_000);

  it('is checked after Origin and Host, as docs/protocol.md orders them', async () => {
    expect((await socketExchange(port, post('/context/./mcp', { Origin: 'http://127.0.0.1' }))).status).toBe(403);
    const wrongHost = post('/context/./mcp').replace(`Host: 127.0.0.1:${port}`, 'Host: localhost');
    expect((await socketExchange(port, wrongHost)).status).toBe(421);
  }, 30_000);
});
