// The host's MCP client against misbehaving real providers: time limits, redirects, oversized
// bodies, another instance, no extension declaration, and locations.
import { writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchCurrent } from '../../app/client/current.js';
import { fetchLocation } from '../../app/client/location.js';
import { findProvider } from '../../app/discovery/find.js';
import type { VerifiedProvider } from '../../app/discovery/types.js';
import { createOs } from '../../app/os/index.js';
import { useProviderSuite } from '../helpers/provider-suite.js';

const os = createOs();
const suite = useProviderSuite();

async function verified(knobs: Record<string, string> = {}): Promise<VerifiedProvider> {
  const p = await suite.start(knobs);
  const found = await findProvider({ pid: p.pid }, { os, env: suite.env() });
  if (found.kind !== 'usable') throw new Error(`provider not usable: ${JSON.stringify(found.kind)}`);
  return found.provider;
}

describe('current', () => {
  it('reads a good answer', async () => {
    const provider = await verified();
    const outcome = await fetchCurrent(provider);
    expect(outcome.ok).toBe(true);
    if (outcome.ok) {
      expect(outcome.answer.instance).toBe(provider.descriptor.instance);
      expect(outcome.answer.root.children?.[0]?.id).toBe('win-1');
      expect(outcome.warnings).toEqual([]);
    }
  });

  it('gives up on a provider that never answers, within the time limit, and names it', async () => {
    const provider = await verified({ TP_STALL: '1', TP_NAME: 'Stalling Notes' });
    const started = Date.now();
    const outcome = await fetchCurrent(provider, { timeoutMs: 300 });
    expect(Date.now() - started).toBeLessThan(3000);
    expect(outcome).toMatchObject({ ok: false, kind: 'no-answer', reason: 'Stalling Notes did not answer within 0.3 s' });
  });

  it('gives up on a provider that stalls during initialisation too', async () => {
    const provider = await verified({ TP_STALL: '1', TP_SCOPE: 'all' });
    const outcome = await fetchCurrent(provider, { timeoutMs: 250 });
    expect(outcome).toMatchObject({ ok: false, kind: 'no-answer' });
  });

  it('stops at once when the caller aborts', async () => {
    const provider = await verified({ TP_STALL: '1' });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const outcome = await fetchCurrent(provider, { timeoutMs: 10_000, signal: controller.signal });
    expect(outcome).toMatchObject({ ok: false, kind: 'aborted' });
  });

  describe('a redirect', () => {
    let target: Server;
    let hits = 0;
    beforeAll(async () => {
      target = createServer((_req, res) => { hits += 1; res.end('{}'); });
      await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    });
    afterAll(() => new Promise<void>((resolve) => target.close(() => resolve())));

    it('is never followed, not even to the same origin', async () => {
      const address = target.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const elsewhere = await verified({ TP_REDIRECT: `http://127.0.0.1:${port}/steal`, TP_SCOPE: 'all' });
      expect(await fetchCurrent(elsewhere)).toMatchObject({ ok: false, kind: 'no-answer', reason: expect.stringMatching(/redirect/) });
      const self = await verified({ TP_REDIRECT: '1', TP_SCOPE: 'all' });
      expect(await fetchCurrent(self)).toMatchObject({ ok: false, kind: 'no-answer', reason: expect.stringMatching(/redirect/) });
      expect(hits).toBe(0);
    });
  });

  it('cuts off a 64 MiB answer at 8 MiB without buffering it', async () => {
    const provider = await verified({ TP_OVERSIZED_MB: '64' });
    const before = process.memoryUsage().rss;
    const outcome = await fetchCurrent(provider, { timeoutMs: 10_000 });
    expect(outcome).toMatchObject({ ok: false, kind: 'refused', reason: expect.stringMatching(/larger than 8 MiB/) });
    // Far less than the 64 MiB sent: the body was cut while it streamed in.
    expect(process.memoryUsage().rss - before).toBeLessThan(48 * 1024 * 1024);
  });

  it('refuses an answer from another instance, or with another protocol', async () => {
    const restarted = await verified({ TP_ANSWER_INSTANCE: 'someone-else' });
    expect(await fetchCurrent(restarted)).toMatchObject({ ok: false, kind: 'refused', reason: expect.stringMatching(/another instance/) });
    const other = await verified({ TP_ANSWER_PROTOCOL: '0.2.1' });
    expect(await fetchCurrent(other)).toMatchObject({ ok: false, kind: 'refused', reason: expect.stringMatching(/another protocol/) });
  });

  it('refuses a server without the extension declaration, or declaring another protocol', async () => {
    const bare = await verified({ TP_EXTENSION: 'omit' });
    expect(await fetchCurrent(bare)).toMatchObject({ ok: false, kind: 'refused', reason: expect.stringMatching(/not a provider/) });
    const other = await verified({ TP_EXTENSION: '0.2.9' });
    expect(await fetchCurrent(other)).toMatchObject({ ok: false, kind: 'refused', reason: expect.stringMatching(/another protocol/) });
  });

  it('reads a faulty tree tolerantly, with warnings that quote nothing', async () => {
    const tree = join(suite.dir(), '..', 'faulty.json');
    await writeFile(tree, JSON.stringify({
      id: 'app', role: 'Application',
      children: [{ id: 'a', role: 'Sprocket', title: 'SECRET-TITLE' }, { id: 'a', role: 'Row' }, { role: 'Row' }],
    }));
    const outcome = await fetchCurrent(await verified({ TP_TREE_FILE: tree }));
    expect(outcome.ok).toBe(true);
    if (outcome.ok) {
      expect(outcome.answer.root.children?.map((c) => [c.id, c.role])).toEqual([['a', 'Group']]);
      expect(outcome.warnings).toHaveLength(3);
      expect(outcome.warnings.join('\n')).not.toContain('SECRET');
    }
  });
});

describe('location', () => {
  it('answers visible, offscreen and gone, and an error for an id never issued', async () => {
    const locations = join(suite.dir(), '..', 'locations.json');
    await writeFile(locations, JSON.stringify({
      'sel-1': { state: 'visible', rects: [{ x: -1200, y: 40, w: 300, h: 18 }, { x: -1200, y: 58, w: 120, h: 18 }], window: 7, edge: 'bottom' },
      'doc-1': { state: 'offscreen', rects: [] },
      'win-1': { state: 'gone', rects: [] },
    }));
    const provider = await verified({ TP_LOCATION_FILE: locations });
    expect(await fetchLocation(provider, 'sel-1')).toMatchObject({ ok: true, location: { state: 'visible', window: 7, edge: 'bottom', rects: [{ x: -1200 }, { y: 58 }] } });
    expect(await fetchLocation(provider, 'doc-1')).toMatchObject({ ok: true, location: { state: 'offscreen', rects: [] } });
    expect(await fetchLocation(provider, 'win-1')).toMatchObject({ ok: true, location: { state: 'gone', rects: [] } });
    expect(await fetchLocation(provider, 'never-issued')).toMatchObject({ ok: false, kind: 'error' });
  });

  it('says when a provider does not offer location', async () => {
    const provider = await verified({ TP_NO_LOCATION: '1' });
    expect(await fetchLocation(provider, 'sel-1')).toMatchObject({ ok: false, kind: 'not-offered' });
  });
});
