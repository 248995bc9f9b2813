// Providers that misbehave below and at the MCP layer, each a real process on a real socket:
// stalls, a socket closed mid-answer, error statuses, non-JSON, an endless event stream, a
// gigantic body, a redirect, another instance. The host (collectContext, and the glance
// command for a few) must stay up, give up within its limit, name the fault, leak nothing
// and leave no socket or timer behind.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createOs } from '../../app/os/index.js';
import { collectContext } from '../../app/invocation/collect.js';
import { runGlance } from '../helpers/cli.js';
import { makeProvidersDir } from '../helpers/providers-dir.js';
import { descriptorOf, startTestProvider } from '../helpers/test-provider.js';
import { captureLogger, expectNoSecrets, expectNothingLeft, guardProcess, liveTimers, report, SECRET, startRaw, timed } from './helpers.js';

const os = createOs();
const LIMIT = 600;
let folder: Awaited<ReturnType<typeof makeProvidersDir>>;
const stops: (() => Promise<void>)[] = [];

guardProcess();
beforeAll(async () => { folder = await makeProvidersDir(); });
afterEach(async () => { await Promise.all(stops.splice(0).map((stop) => stop())); });
afterAll(async () => { await folder.cleanup(); });

interface Case {
  fault: string;
  knobs: Record<string, string>;
  /** The raw provider (fixtures) or the kit's configurable one. */
  via: 'raw' | 'kit';
  kind: 'no-answer' | 'refused';
  reason: RegExp;
  limit?: number;
}

const CASES: Case[] = [
  { fault: 'stall before the headers', via: 'raw', knobs: { RAW_FAULT: 'stall-headers' }, kind: 'no-answer', reason: /did not answer within 0\.6 s/ },
  { fault: 'stall before the headers of initialize', via: 'raw', knobs: { RAW_FAULT: 'stall-headers', RAW_SCOPE: 'all' }, kind: 'no-answer', reason: /did not answer within 0\.6 s/ },
  { fault: 'stall mid-body', via: 'raw', knobs: { RAW_FAULT: 'stall-body' }, kind: 'no-answer', reason: /did not answer within 0\.6 s/ },
  { fault: 'socket closed mid-answer', via: 'raw', knobs: { RAW_FAULT: 'close-mid' }, kind: 'no-answer', reason: /connection to Raw Provider broke before the answer was complete/ },
  { fault: 'HTTP 500', via: 'raw', knobs: { RAW_FAULT: 'status', RAW_STATUS: '500' }, kind: 'no-answer', reason: /answered with HTTP status 500/ },
  { fault: 'HTTP 401', via: 'raw', knobs: { RAW_FAULT: 'status', RAW_STATUS: '401' }, kind: 'no-answer', reason: /answered with HTTP status 401/ },
  { fault: 'HTTP 403', via: 'raw', knobs: { RAW_FAULT: 'status', RAW_STATUS: '403' }, kind: 'no-answer', reason: /answered with HTTP status 403/ },
  { fault: 'HTTP 500 to initialize', via: 'raw', knobs: { RAW_FAULT: 'status', RAW_STATUS: '500', RAW_SCOPE: 'all' }, kind: 'no-answer', reason: /answered with HTTP status 500/ },
  { fault: 'non-JSON body', via: 'raw', knobs: { RAW_FAULT: 'non-json' }, kind: 'refused', reason: /sent an answer that is not valid JSON-RPC\/MCP/ },
  { fault: 'gzip-compressed answer (whatever was asked)', via: 'raw', knobs: { RAW_FAULT: 'gzip' }, kind: 'refused', reason: /sent a compressed answer \(Content-Encoding: gzip\), which Glance does not decode/ },
  { fault: 'event stream that never ends', via: 'raw', knobs: { RAW_FAULT: 'sse-forever' }, kind: 'no-answer', reason: /did not answer within 0\.6 s/ },
  // One data line that never ends, in 1 KiB chunks: the reader once scanned its whole buffer
  // again on each chunk, and the chunks of one socket read came in one synchronous burst the
  // time limit's timer could not interrupt (35 s for a 0.6 s limit). The limit leaves a loaded
  // machine time to receive the 1 MiB that is refused (about 0.3 s unloaded).
  { fault: 'event stream with one line that never ends', via: 'raw', knobs: { RAW_FAULT: 'sse-endless-line' }, kind: 'refused', reason: /event larger than 1 MiB/, limit: 3000 },
  // node:http gives neither a response nor an error for a 101 (the exchange hung past its limit).
  { fault: '101 Switching Protocols', via: 'raw', knobs: { RAW_FAULT: 'switch-protocols' }, kind: 'no-answer', reason: /answered with HTTP status 101/ },
  { fault: '101 Switching Protocols without an Upgrade header', via: 'raw', knobs: { RAW_FAULT: 'switch-protocols', RAW_UPGRADE: '' }, kind: 'no-answer', reason: /answered with HTTP status 101/ },
  { fault: '101 Switching Protocols to initialize', via: 'raw', knobs: { RAW_FAULT: 'switch-protocols', RAW_SCOPE: 'all' }, kind: 'no-answer', reason: /answered with HTTP status 101/ },
  { fault: '64 MiB chunked body', via: 'raw', knobs: { RAW_FAULT: 'gigantic' }, kind: 'refused', reason: /larger than 8 MiB/, limit: 8000 },
  { fault: '64 MiB body with Content-Length', via: 'kit', knobs: { TP_OVERSIZED_MB: '64' }, kind: 'refused', reason: /larger than 8 MiB/, limit: 8000 },
  { fault: 'redirect to itself', via: 'kit', knobs: { TP_REDIRECT: '1', TP_SCOPE: 'all' }, kind: 'no-answer', reason: /redirect, which Glance never follows/ },
  { fault: 'answer from another instance', via: 'kit', knobs: { TP_ANSWER_INSTANCE: 'another-run' }, kind: 'refused', reason: /another instance than its descriptor/ },
  { fault: 'extension declaration missing', via: 'kit', knobs: { TP_EXTENSION: 'omit' }, kind: 'refused', reason: /not a provider/ },
];

/** Starts the provider for a case; returns its pid, port, token and everything it printed. */
async function start(c: Case): Promise<{ pid: number; port: number; token: string; output: () => string }> {
  if (c.via === 'raw') {
    const raw = await startRaw(folder.dir, c.knobs);
    stops.push(raw.process.stop);
    const { descriptor } = await descriptorOf(folder.dir, raw.pid);
    return { pid: raw.pid, port: raw.port, token: descriptor.token, output: raw.process.output };
  }
  const kit = await startTestProvider(folder.dir, { ...c.knobs, TP_NAME: 'Raw Provider' });
  stops.push(kit.process.stop);
  return { pid: kit.pid, port: Number(new URL(kit.endpoint).port), token: kit.descriptor.token, output: kit.process.output };
}

describe('a misbehaving provider, through collectContext', () => {
  for (const c of CASES) {
    it(`${c.fault}: ${c.kind}, in time, named, nothing leaked or left open`, async () => {
      const provider = await start(c);
      const { logger, lines } = captureLogger();
      const timers = liveTimers();
      const limit = c.limit ?? LIMIT;
      const { value, ms } = await timed(() => collectContext({ pid: provider.pid }, { os, env: folder.env, logger }, { timeoutMs: limit }));
      report('misbehaving provider', c.fault, value.kind === 'no-answer' || value.kind === 'refused' ? `${value.kind}: ${value.reason}` : value.kind, ms);
      expect(value).toMatchObject({ kind: c.kind, reason: expect.stringMatching(c.reason) });
      expect(ms).toBeLessThan(limit + 2000);
      await expectNothingLeft(provider.port, timers);
      expectNoSecrets([provider.token, SECRET], [JSON.stringify(value), ...lines, provider.output()]);
    });
  }
});

describe('a misbehaving provider, through the glance command', () => {
  const CLI: [string, number][] = [
    ['stall before the headers', 4], ['HTTP 500', 4], ['non-JSON body', 5], ['64 MiB chunked body', 5], ['socket closed mid-answer', 4],
    ['event stream with one line that never ends', 5], ['101 Switching Protocols', 4],
  ];
  for (const [fault, status] of CLI) {
    it(`${fault}: exit ${status}, one line on stderr naming it, no secret anywhere`, async () => {
      const c = CASES.find((x) => x.fault === fault) as Case;
      const provider = await start(c);
      const limit = c.limit ?? LIMIT;
      const { value: run, ms } = await timed(() => runGlance(['current', '--pid', String(provider.pid), '--timeout', String(limit), '--json'], folder.env));
      report('glance current', fault, `exit ${run.code}: ${run.stderr.trim()}`, ms);
      expect(run.code).toBe(status);
      expect(run.stderr).toMatch(c.reason);
      // The advice fits the fault: more time only helps a provider that was too slow.
      if (status === 4) expect(run.stderr).toMatch(fault.startsWith('stall') ? /raise --timeout/ : /glance check-provider --pid/);
      // With --json the failure is one error object on stdout too (docs/cli.md), with the same exit status.
      expect(JSON.parse(run.stdout)).toEqual({ error: { code: status, message: expect.stringMatching(c.reason) } });
      expect(ms).toBeLessThan(limit + 4000); // a node start on top of the limit
      expectNoSecrets([provider.token, SECRET], [run.stdout, run.stderr, provider.output()]);
    });
  }
});
