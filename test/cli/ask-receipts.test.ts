// The receipts `glance ask` leaves (docs/privacy.md, receipts): one per request that left Glance, a failed one
// saying it was attempted and what came back (the HTTP status, or why nothing did: never the
// body), one per offline answer (nothing left Glance, but the context was used), and
// `glance history` showing times in local time. A real provider, the real SDKs, real loopback
// servers: one answering 500, one port with nothing listening.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAsk } from '../../app/cli/ask.js';
import type { CliIo } from '../../app/cli/io.js';
import { createHistoryStore } from '../../app/history/store.js';
import { openGlanceHome } from '../../app/home/folder.js';
import { collectContext } from '../../app/invocation/collect.js';
import { createOs } from '../../app/os/index.js';
import { openaiStream, startFakeServer, type FakeServer } from '../agent/fake-model-server.js';
import { runGlance } from '../helpers/cli.js';
import { makeProvidersDir } from '../helpers/providers-dir.js';
import { startTestProvider, type TestProvider } from '../helpers/test-provider.js';
import { requireBuild } from '../provider/helpers.js';

const os = createOs();
let dir: Awaited<ReturnType<typeof makeProvidersDir>>;
let provider: TestProvider;
let env: NodeJS.ProcessEnv;
let model: FakeServer | undefined;
const ask = createAsk({ collect: collectContext });
const history = () => createHistoryStore({ home: dir.home });

beforeAll(async () => {
  requireBuild();
  dir = await makeProvidersDir();
  provider = await startTestProvider(dir.dir);
  env = { ...dir.env, OPENAI_API_KEY: 'sk-test-openai-key-not-real-0001' };
});
afterAll(async () => {
  await provider.process.stop();
  await dir.cleanup();
});
beforeEach(async () => {
  await openGlanceHome(dir.home);
  await history().clear();
  return async () => {
    await model?.close();
    model = undefined;
  };
});

function captureIo(): CliIo & { out: () => string } {
  let out = '';
  return { stdout: (t) => void (out += t), stderr: () => undefined, env, out: () => out };
}

/** Asks the openai backend at `baseURL`; returns the exit code. */
function askAt(baseURL: string): Promise<number> {
  return ask(['what is this?', '--pid', String(provider.pid), '--backend', 'openai', '--base-url', baseURL, '--json'], captureIo(), { os });
}

/** A loopback port with nothing listening: bound, then closed. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('a receipt per request that left Glance, with what came back', () => {
  it('an answered request records its status', async () => {
    model = await startFakeServer([{ sse: openaiStream(['Answered.']) }]);
    expect(await askAt(`${model.url}/v1`)).toBe(0);
    const { receipts } = await history().list();
    expect(receipts.map((r) => r.outcome)).toEqual([{ status: 200 }]);
    const shown = await runGlance(['history'], env);
    expect(shown.stdout).toMatch(/, on this machine: \d+ elements went with the question, /);
    expect(shown.stdout).not.toContain('attempted');
  });

  it('a server answering 500: each attempt (the SDK retries once) says it was attempted and HTTP 500 came back; never the body', async () => {
    const body = { error: { message: 'BODY-OF-THE-FAILURE' } };
    model = await startFakeServer([{ status: 500, json: body }, { status: 500, json: body }]);
    expect(await askAt(`${model.url}/v1`)).not.toBe(0);
    const { receipts } = await history().list();
    // One receipt per request the server received.
    expect(receipts).toHaveLength(model.received.length);
    expect(receipts.map((r) => r.outcome)).toEqual(receipts.map(() => ({ status: 500 })));
    const list = await runGlance(['history'], env);
    expect(list.stdout).toMatch(/: \d+ elements attempted, HTTP 500 came back, /);
    expect(list.stdout).not.toMatch(/elements went/);
    const show = await runGlance(['history', 'show', receipts[0]?.id as string], env);
    expect(show.stdout).toContain('  outcome   failed: attempted, HTTP 500 came back\n');
    expect(show.stdout).toMatch(/\n {2}attempted \d+ elements: /);
    expect(JSON.parse((await runGlance(['history', '--json'], env)).stdout)).toEqual(receipts.map((r) => expect.objectContaining({ id: r.id, outcome: { status: 500 } })));
    for (const text of [list.stdout, show.stdout, JSON.stringify(receipts)]) expect(text).not.toContain('BODY-OF-THE-FAILURE');
  });

  it('an unreachable server: not sent, no connection (never "N elements went")', async () => {
    const port = await closedPort();
    expect(await askAt(`http://127.0.0.1:${port}/v1`)).not.toBe(0);
    const { receipts } = await history().list();
    expect(receipts.length).toBeGreaterThan(0);
    for (const r of receipts) expect(r).toMatchObject({ endpoint: `http://127.0.0.1:${port}`, outcome: { failure: 'unreachable' } });
    const list = await runGlance(['history'], env);
    expect(list.stdout).toMatch(/: \d+ elements not sent: no connection to the server, /);
    expect(list.stdout).not.toMatch(/elements went|attempted/);
    const show = await runGlance(['history', 'show', receipts[0]?.id as string], env);
    expect(show.stdout).toContain('  outcome   not sent: no connection to the server\n');
    expect(show.stdout).toMatch(/\n {2}not sent {2}\d+ elements: /);
  });
});

describe('offline', () => {
  it('one receipt per answer: the highlight round trip is no request of its own; it says nothing left Glance', async () => {
    const io = captureIo();
    expect(await ask(['what is this?', '--pid', String(provider.pid), '--json'], io, { os })).toBe(0);
    const { receipts } = await history().list();
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toMatchObject({ backend: 'offline', endpoint: 'offline' });
    expect(receipts[0]?.outcome).toBeUndefined();
    const show = await runGlance(['history', 'show', receipts[0]?.id as string], env);
    expect(show.stdout).toContain('  outcome   answered on this machine: nothing left Glance\n');
  });
});

describe('times in local time', () => {
  it('`glance history` and `history show` print the receipt\'s time in the local zone, with its offset; --json keeps UTC', async () => {
    await history().append({
      id: '00000000000000b1', at: '2026-12-01T09:30:05.000Z', app: { bundleId: 'org.example.Notes', name: 'Notes', pid: 4242 },
      backend: 'openai', model: 'm', endpoint: 'http://127.0.0.1:11434', sentIds: ['a'], excludedIds: [], withheld: [], bytes: 10, sha256: 'a'.repeat(64),
    });
    const zoned = { ...env, TZ: 'Asia/Kolkata' };
    expect((await runGlance(['history'], zoned)).stdout).toMatch(/^2026-12-01 15:00:05 \+05:30 {2}Notes /);
    expect((await runGlance(['history', 'show', '00000000000000b1'], { ...env, TZ: 'America/New_York' })).stdout).toContain('  at        2026-12-01 04:30:05 -05:00\n');
    expect(JSON.parse((await runGlance(['history', '--json'], zoned)).stdout)).toEqual([expect.objectContaining({ at: '2026-12-01T09:30:05.000Z' })]);
  });
});
