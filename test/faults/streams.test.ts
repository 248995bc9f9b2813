// Finding 2 of the outside audit: a provider that answers tools/call as an event stream and
// keeps the stream open after the JSON-RPC result left one more socket per press in a
// long-running host (8 presses, 8 sockets, until cache.close()). Now the request ends when its
// response has arrived, a connection that carried an event stream is never kept, and after
// any exchange at most the one idle socket of a clean JSON exchange remains (docs/protocol.md,
// "Hardening", "Streams").
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createOs } from '../../app/os/index.js';
import { collectContext } from '../../app/invocation/collect.js';
import { createHostCache, type HostCache } from '../../app/invocation/host-cache.js';
import { makeProvidersDir } from '../helpers/providers-dir.js';
import { connectionsTo, guardProcess, liveTimers, report, startRaw, timed, type RawProvider } from './helpers.js';

const os = createOs();
const LIMIT = 3000;
const PRESSES = 8;
let folder: Awaited<ReturnType<typeof makeProvidersDir>>;
const started: RawProvider[] = [];
const caches: HostCache[] = [];

guardProcess();
beforeAll(async () => { folder = await makeProvidersDir(); });
afterEach(async () => {
  for (const cache of caches.splice(0)) await cache.close();
  await Promise.all(started.splice(0).map((p) => p.process.stop()));
});
afterAll(async () => { await folder.cleanup(); });

async function raw(fault: string): Promise<RawProvider> {
  const p = await startRaw(folder.dir, { RAW_FAULT: fault });
  started.push(p);
  return p;
}

/** A moment for a socket that is closing to finish closing (and for one reopened to show). */
const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 100));

describe('an answer sent as an event stream', () => {
  for (const fault of ['sse-open', 'sse-end']) {
    it(`${fault}: eight presses with the host cache are each collected at once and leave no connection`, async () => {
      const p = await raw(fault);
      const cache = createHostCache();
      caches.push(cache);
      const timers = liveTimers();
      const counts: number[] = [];
      let slowest = 0;
      for (let press = 0; press < PRESSES; press += 1) {
        const { value, ms } = await timed(() => collectContext({ pid: p.pid, bundleId: 'node' }, { os, env: folder.env, cache }, { timeoutMs: LIMIT }));
        expect(value.kind).toBe('collected');
        slowest = Math.max(slowest, ms);
        await settle();
        counts.push(connectionsTo(p.port));
      }
      report('event stream', `${fault}, ${PRESSES} presses with the host cache`, `connections after each press: ${counts.join(' ')}`, slowest);
      // The stream's connection is ended with the response and never kept, so none remains.
      expect(counts).toEqual(Array.from({ length: PRESSES }, () => 0));
      // Each press ended with its response, not with the time limit.
      expect(slowest).toBeLessThan(LIMIT / 2);
      expect(liveTimers()).toBeLessThanOrEqual(timers);
    });
  }

  it('sse-open without the cache (one exchange per invocation): nothing left either', async () => {
    const p = await raw('sse-open');
    const { value } = await timed(() => collectContext({ pid: p.pid, bundleId: 'node' }, { os, env: folder.env }, { timeoutMs: LIMIT }));
    expect(value.kind).toBe('collected');
    await settle();
    expect(connectionsTo(p.port)).toBe(0);
  });

  it('for comparison, a clean JSON answer keeps exactly its one idle socket, however many presses', async () => {
    const p = await raw('ok');
    const cache = createHostCache();
    caches.push(cache);
    for (let press = 0; press < 3; press += 1) {
      expect((await collectContext({ pid: p.pid, bundleId: 'node' }, { os, env: folder.env, cache }, { timeoutMs: LIMIT })).kind).toBe('collected');
      await settle();
      expect(connectionsTo(p.port)).toBe(1);
    }
    await cache.close();
    await settle();
    expect(connectionsTo(p.port)).toBe(0);
  });
});
