// The hotkey flow (main/flow/controller.ts) in plain Node with the real collectContext against
// real providers; only the electron-facing pieces (showPanel, the front app) are injected.
// Twenty quick presses: one collection at a time, earlier ones cancelled, the last one shown,
// no socket or timer left. The user removing the context, and the panel closing, mid-collection.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FrontApp } from '../../app/os/types.js';
import { createOs } from '../../app/os/index.js';
import { collectContext } from '../../app/invocation/collect.js';
import { createHostCache, type HostCache } from '../../app/invocation/host-cache.js';
import type { Collection } from '../../app/sources/types.js';
import { createController, type CollectFn } from '../../main/flow/controller.js';
import { createStateHub } from '../../main/flow/state-hub.js';
import { makeProvidersDir } from '../helpers/providers-dir.js';
import { descriptorOf, startTestProvider, type TestProvider } from '../helpers/test-provider.js';
import { captureLogger, connectionsTo, expectNoSecrets, expectNothingLeft, guardProcess, liveTimers, report, SECRET, startRaw, timed, type RawProvider } from './helpers.js';
import { said } from '../helpers/said.js';

const os = createOs();
// Well above the slow provider's 300 ms, so a loaded CI machine does not turn the last,
// legitimate collection into a time-out; the stalling cases wait this long once.
const LIMIT = 2000;
let folder: Awaited<ReturnType<typeof makeProvidersDir>>;
let slow: TestProvider;
let stalling: RawProvider;
let stallingToken = '';

guardProcess();

beforeAll(async () => {
  folder = await makeProvidersDir();
  slow = await startTestProvider(folder.dir, { TP_DELAY_MS: '300', TP_NAME: 'Slow' });
  stalling = await startRaw(folder.dir, { RAW_FAULT: 'stall-headers' });
  stallingToken = (await descriptorOf(folder.dir, stalling.pid)).descriptor.token;
});
afterAll(async () => {
  await Promise.all([slow.process.stop(), stalling.process.stop()]);
  await folder.cleanup();
});

/** A controller over the real core, counting collections that run at once without being cancelled. */
function setup(app: FrontApp, cache?: HostCache) {
  const hub = createStateHub();
  const { logger, lines } = captureLogger();
  const signals: AbortSignal[] = [];
  const running = new Set<AbortSignal>();
  let maxLive = 0;
  let shown = 0;
  const collect: CollectFn = async (front, options) => {
    signals.push(options.signal);
    running.add(options.signal);
    maxLive = Math.max(maxLive, [...running].filter((s) => !s.aborted).length);
    try {
      return await collectContext(front, { os, env: folder.env, logger, ...(cache ? { cache } : {}) }, options);
    } finally {
      running.delete(options.signal);
    }
  };
  const controller = createController({
    os: { frontApp: async () => ({ ok: true, app }) },
    collect, timeoutMs: () => LIMIT, ownPid: process.pid, hub, logger,
    showPanel: () => { shown += 1; },
  });
  return { hub, controller, lines, signals, maxLive: () => maxLive, shown: () => shown };
}

/**
 * Twenty presses, each a moment after the previous one, as a person drumming on the keys. Gives
 * how long the last press took to its end: the twenty 15 ms moments are timers, and on a loaded
 * machine they alone took seconds, so the whole drumming is no measure of the last press.
 */
async function drum(onHotkey: () => Promise<void>): Promise<{ lastMs: number }> {
  const presses: Promise<void>[] = [];
  let last = 0;
  for (let i = 0; i < 20; i += 1) {
    last = performance.now();
    presses.push(onHotkey());
    await new Promise((resolve) => setTimeout(resolve, 15));
  }
  await Promise.all(presses);
  return { lastMs: performance.now() - last };
}

describe('the hotkey pressed twenty times quickly', () => {
  it('against a slow provider: one live collection at a time, the last one is shown, nothing left', async () => {
    const flow = setup({ pid: slow.pid, name: 'Slow' });
    const timers = liveTimers();
    const { value: { lastMs }, ms } = await timed(() => drum(flow.controller.onHotkey));
    const invocation = flow.controller.current()?.view();
    report('concurrency', '20 presses, provider answering after 300 ms', `last: #${invocation?.id} ${invocation?.phase}; max live collections ${flow.maxLive()}`, ms);
    expect(flow.maxLive()).toBe(1);
    expect(invocation).toMatchObject({ id: 20, phase: 'collected' });
    expect(flow.controller.invocation(20)?.collected()).toBeDefined();
    for (let id = 1; id < 20; id += 1) expect(flow.controller.invocation(id)?.collected()).toBeUndefined();
    expect(flow.signals.slice(0, 19).every((s) => s.aborted)).toBe(true);
    expect(flow.shown()).toBe(20);
    // The last press ends within its own limit, not after the earlier ones' (20 of them would be 40 s).
    expect(lastMs).toBeLessThan(LIMIT + 4000);
    expect(flow.lines.filter((l) => /late answer was discarded/.test(l)).length).toBe(19);
    await expectNothingLeft(Number(new URL(slow.endpoint).port), timers);
    expectNoSecrets([slow.descriptor.token], [...flow.lines, slow.process.output()]);
  });

  it('with the host cache, as the app runs it: cancelled ones leave nothing, the last keeps its one verified connection until quit', async () => {
    const cache = createHostCache();
    const flow = setup({ pid: slow.pid, name: 'Slow' }, cache);
    const timers = liveTimers();
    const port = Number(new URL(slow.endpoint).port);
    await drum(flow.controller.onHotkey);
    expect(flow.maxLive()).toBe(1);
    expect(flow.controller.current()?.view()).toMatchObject({ id: 20, phase: 'collected' });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(connectionsTo(port), 'the kept connection of #20').toBe(1);
    expect(cache.sessions.size).toBe(1);
    await cache.close();
    await expectNothingLeft(port, timers);
    expectNoSecrets([slow.descriptor.token], [...flow.lines, slow.process.output()]);
  });

  it('against a provider that never answers: the last one fails in time and says so, nothing left', async () => {
    const flow = setup({ pid: stalling.pid, name: 'Raw' });
    const timers = liveTimers();
    const { value: { lastMs }, ms } = await timed(() => drum(flow.controller.onHotkey));
    const invocation = flow.controller.current()?.view();
    report('concurrency', '20 presses, provider never answering', `last: #${invocation?.id} ${invocation?.phase}: ${said(invocation) ?? ''}`, ms);
    expect(flow.maxLive()).toBe(1);
    expect(invocation).toMatchObject({ id: 20, phase: 'failed' });
    expect(said(invocation)).toMatch(/did not answer within 2 s/);
    // The last press ends within its own limit, not after the earlier ones' (20 of them would be 40 s).
    expect(lastMs).toBeLessThan(LIMIT + 4000);
    await expectNothingLeft(stalling.port, timers);
    expectNoSecrets([stallingToken, SECRET], [...flow.lines, JSON.stringify(flow.controller.current()?.view()), stalling.process.output()]);
  });
});

describe('mid-collection', () => {
  it('the user removes the app context: the request is aborted at once and its socket closed', async () => {
    const flow = setup({ pid: stalling.pid, name: 'Raw' });
    const timers = liveTimers();
    const pressed = flow.controller.onHotkey();
    // Wait until the request is on the wire, so the abort has a socket to tear down.
    while (connectionsTo(stalling.port) === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const { value: removal, ms } = await timed(async () => {
      const result = (flow.controller.invocation(1)?.cancel('removed') ?? { aborted: false });
      await pressed;
      return result;
    });
    report('concurrency', 'context removed mid-collection (provider never answering)', `aborted: ${removal.aborted}; ${flow.controller.current()?.view()?.phase}`, ms);
    expect(removal).toEqual({ aborted: true });
    expect(flow.controller.current()?.view()?.phase).toBe('cancelled');
    expect(flow.controller.invocation(1)?.collected()).toBeUndefined();
    expect(ms).toBeLessThan(500);
    await expectNothingLeft(stalling.port, timers);
  });

  it('the panel closes (hides): the collection is aborted at once, and nothing is left', async () => {
    // main/index.ts wires the panel's hide event to controller.panelClosed().
    const flow = setup({ pid: stalling.pid, name: 'Raw' });
    const timers = liveTimers();
    const pressed = flow.controller.onHotkey();
    while (connectionsTo(stalling.port) === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const { value: closed, ms } = await timed(async () => {
      const result = flow.controller.panelClosed();
      await pressed;
      return result;
    });
    const outcome: Collection['kind'] | undefined = flow.controller.current()?.view()?.phase as Collection['kind'] | undefined;
    report('concurrency', 'panel closed mid-collection (provider never answering)', `aborted: ${closed.aborted}; ${outcome ?? 'none'}`, ms);
    expect(closed).toEqual({ aborted: true });
    expect(flow.controller.current()?.view()).toMatchObject({ phase: 'cancelled' });
    expect(said(flow.controller.current()?.view())).toMatch(/You closed the panel while Glance was collecting from Raw/);
    expect(flow.controller.invocation(1)?.collected()).toBeUndefined();
    expect(ms).toBeLessThan(500);
    await expectNothingLeft(stalling.port, timers);
    // Closing an idle panel changes nothing.
    expect(flow.controller.panelClosed()).toEqual({ aborted: false });
  });
});
