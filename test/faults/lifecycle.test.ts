// Providers whose life goes on between current and location: a restart in place (same pid,
// new instance), a quit and a new run, a crash that leaves the port to another process, and a
// location call that stalls. An id is located only through the provider and instance that
// issued it; otherwise it is gone, and nobody is asked.
import { createServer, type Server } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createOs } from '../../app/os/index.js';
import { collectContext } from '../../app/invocation/collect.js';
import { locateRef } from '../../app/invocation/locate.js';
import type { ElementRef } from '../../app/invocation/types.js';
import { runGlance } from '../helpers/cli.js';
import { makeProvidersDir } from '../helpers/providers-dir.js';
import { captureLogger, expectNoSecrets, expectNothingLeft, guardProcess, liveTimers, report, SECRET, startRaw, timed, type RawProvider } from './helpers.js';

const os = createOs();
let folder: Awaited<ReturnType<typeof makeProvidersDir>>;
const started: RawProvider[] = [];

guardProcess();
beforeAll(async () => { folder = await makeProvidersDir(); });
afterEach(async () => { await Promise.all(started.splice(0).map((p) => p.process.stop())); });
afterAll(async () => { await folder.cleanup(); });

async function raw(knobs: Record<string, string> = {}): Promise<RawProvider> {
  const p = await startRaw(folder.dir, knobs);
  started.push(p);
  return p;
}

/** Collects from the provider and returns the reference to its selection, as the host keeps it. */
async function collectRef(p: RawProvider): Promise<ElementRef> {
  const collection = await collectContext({ pid: p.pid, bundleId: 'node' }, { os, env: folder.env });
  if (collection.kind !== 'collected') throw new Error(`not collected: ${collection.kind}`);
  return { pid: p.pid, bundleId: 'node', instance: collection.answer.instance, id: 'sel-1' };
}

describe('between current and location', () => {
  it('a restart in place (same pid, new instance): gone, and nobody is asked', async () => {
    const p = await raw();
    const ref = await collectRef(p);
    expect(await locateRef(ref, { os, env: folder.env })).toMatchObject({ ok: true, asked: true, location: { state: 'visible' } });
    p.process.child.kill('SIGUSR2');
    await p.process.waitFor(/raw provider restarted/);
    const { value, ms } = await timed(() => locateRef(ref, { os, env: folder.env }));
    report('lifecycle', 'restart in place between current and location', `${value.ok ? `${value.location.state}, asked ${value.asked}` : value.reason}`, ms);
    expect(value).toMatchObject({ ok: true, asked: false, location: { state: 'gone', rects: [] } });
    const cli = await runGlance(['location', 'sel-1', '--pid', String(p.pid), '--instance', ref.instance, '--json'], folder.env);
    expect(cli.code).toBe(0);
    expect(JSON.parse(cli.stdout)).toEqual({ state: 'gone', rects: [] });
  });

  it('a quit and a new run: the old ids are gone without asking the new run', async () => {
    const first = await raw();
    const ref = await collectRef(first);
    await first.process.stop();
    await raw();
    const { value, ms } = await timed(() => locateRef(ref, { os, env: folder.env }));
    report('lifecycle', 'quit and a new run between current and location', value.ok ? `${value.location.state}, asked ${value.asked}` : value.reason, ms);
    expect(value).toMatchObject({ ok: true, asked: false, location: { state: 'gone' } });
  });

  describe('a crash that leaves the port to another process', () => {
    let squatter: Server | undefined;
    let hits = 0;
    afterEach(async () => { await new Promise<void>((resolve) => (squatter ? squatter.close(() => resolve()) : resolve())); });

    it('the stale descriptor is ignored, the new owner of the port gets no request and no token', async () => {
      const p = await raw();
      const ref = await collectRef(p);
      p.process.child.kill('SIGKILL'); // no cleanup: the descriptor stays behind
      await p.process.exited;
      squatter = createServer((_req, res) => { hits += 1; res.end(); });
      await new Promise<void>((resolve) => squatter?.listen(p.port, '127.0.0.1', resolve));
      const located = await timed(() => locateRef(ref, { os, env: folder.env }));
      const { logger, lines } = captureLogger();
      const collected = await timed(() => collectContext({ pid: p.pid, bundleId: 'node' }, { os, env: folder.env, logger }));
      report('lifecycle', 'crash, port taken by another process', `location ${located.value.ok ? located.value.location.state : located.value.reason}; current: ${collected.value.kind}`, located.ms + collected.ms);
      expect(located.value).toMatchObject({ ok: true, asked: false, location: { state: 'gone' } });
      expect(collected.value).toMatchObject({ kind: 'ignored', reasons: [expect.stringMatching(/no longer running: a stale file left by a crash/)] });
      expect(hits).toBe(0);
      expectNoSecrets([SECRET], [...lines, JSON.stringify(collected.value)]);
    });
  });
});

describe('location itself misbehaving', () => {
  it('a location call that stalls: no placement, in time, named, nothing left', async () => {
    const p = await raw({ RAW_FAULT: 'stall-headers' });
    const ref: ElementRef = { pid: p.pid, bundleId: 'node', instance: p.instance, id: 'sel-1' };
    const timers = liveTimers();
    const { value, ms } = await timed(() => locateRef(ref, { os, env: folder.env }, { timeoutMs: 600 }));
    report('lifecycle', 'location stalls', value.ok ? value.location.state : `${value.kind}: ${value.reason}`, ms);
    expect(value).toMatchObject({ ok: false, kind: 'no-answer', reason: expect.stringMatching(/did not answer within 0\.6 s/) });
    expect(ms).toBeLessThan(2600);
    await expectNothingLeft(p.port, timers);
  });

  it('an id never issued: an error for that id, without the provider\'s own text', async () => {
    const p = await raw();
    const { value, ms } = await timed(() => locateRef({ pid: p.pid, bundleId: 'node', instance: p.instance, id: 'never-issued' }, { os, env: folder.env }));
    report('lifecycle', 'location for an id never issued', value.ok ? value.location.state : `${value.kind}: ${value.reason}`, ms);
    expect(value).toMatchObject({ ok: false, kind: 'error', reason: expect.stringMatching(/answered with an error for never-issued/) });
    expectNoSecrets([SECRET], [JSON.stringify(value)]);
  });
});
