// One press is one object (docs/architecture.md, "One press, in one straight line"): the controller opens a press for each hotkey and disposes
// of the one before; each press's life shows in the one view it publishes (started, then
// collected, failed or cancelled), and a superseded press says nothing more. The real
// controller over the real core and real provider processes.
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../app/log/logger.js';
import { collectContext } from '../../app/invocation/collect.js';
import { createOs } from '../../app/os/index.js';
import type { FrontAppResult } from '../../app/os/types.js';
import { createController } from '../../main/flow/controller.js';
import { createStateHub } from '../../main/flow/state-hub.js';
import { pressLife } from '../helpers/press-views.js';
import { useProviderSuite } from '../helpers/provider-suite.js';
import { said } from '../helpers/said.js';

const suite = useProviderSuite();

/** A controller over the real core, with the front app the test names, recording its events. */
function setup(front: () => FrontAppResult) {
  const os = createOs();
  const hub = createStateHub();
  const controller = createController({
    os: { frontApp: async () => front() },
    collect: (app, options) => collectContext(app, { os, env: suite.env(), logger: silentLogger }, options),
    timeoutMs: () => 5000,
    ownPid: process.pid,
    showPanel: () => undefined,
    hub,
    logger: silentLogger,
  });
  const kinds = pressLife(hub);
  return { controller, hub, kinds };
}

describe('invocation events', () => {
  it('a press that collects: started, then collected with the context the agent may send', async () => {
    const p = await suite.start();
    const { controller, kinds } = setup(() => ({ ok: true, app: { pid: p.pid, name: 'Notes' } }));
    await controller.onHotkey();
    expect(kinds()).toEqual(['started 1', 'collected 1']);
    const collected = controller.invocation(1)?.collected();
    expect(collected?.root).toEqual(controller.current()?.view()?.root);
    expect(collected?.issuer).toEqual({ pid: p.pid, bundleId: p.descriptor.bundleId, instance: p.descriptor.instance });
    // Where the context came from, as the panel's view says it, and the one way its ids are located again.
    expect(controller.current()?.view()?.source).toBe('provider');
    expect(collected?.source.kind).toBe('provider');
    expect((controller.invocation(1) !== undefined)).toBe(true);
  });

  it('a press on an app without a provider, and one where the front app is unknown: started, then failed', async () => {
    let front: FrontAppResult = { ok: true, app: { pid: process.pid + 100_000, name: 'Preview' } };
    const { controller, kinds } = setup(() => front);
    await controller.onHotkey();
    front = { ok: false, reason: 'No window is in front. Pass --pid to name the app.', cause: 'no window is in front' };
    await controller.onHotkey();
    expect(kinds()).toEqual(['started 1', 'failed 1', 'started 2', 'failed 2']);
    expect(said(controller.current()?.view())).toBe('Glance cannot tell which app is in front (no window is in front). Bring the app you want to ask about to the front, then press the hotkey again.');
    expect((controller.invocation(1) !== undefined)).toBe(false);
    expect((controller.invocation(2) !== undefined)).toBe(true);
  });

  it('removing the context of a slow provider: cancelled, and its late answer says nothing more', async () => {
    const p = await suite.start({ TP_DELAY_MS: '800' });
    const { controller, kinds } = setup(() => ({ ok: true, app: { pid: p.pid, name: 'Slow' } }));
    const running = controller.onHotkey();
    await expect.poll(() => controller.current()?.view()?.phase).toBe('collecting');
    expect((controller.invocation(1)?.cancel('removed') ?? { aborted: false })).toEqual({ aborted: true });
    await running;
    expect(kinds()).toEqual(['started 1', 'cancelled 1']);
  });

  it('closing the panel: cancelled by the close while collecting; nothing more afterwards', async () => {
    const p = await suite.start({ TP_DELAY_MS: '800' });
    const { controller, kinds } = setup(() => ({ ok: true, app: { pid: p.pid, name: 'Slow' } }));
    const running = controller.onHotkey();
    await expect.poll(() => controller.current()?.view()?.phase).toBe('collecting');
    expect(controller.panelClosed()).toEqual({ aborted: true });
    await running;
    expect(kinds()).toEqual(['started 1', 'cancelled 1']);
    expect(said(controller.current()?.view())).toMatch(/^You closed the panel while Glance was collecting from Slow\./);
    expect(controller.panelClosed()).toEqual({ aborted: false });
    expect(kinds()).toEqual(['started 1', 'cancelled 1']);
  });

  it('a newer press supersedes a slow one: its late answer is not reported as collected', async () => {
    const slow = await suite.start({ TP_DELAY_MS: '800' });
    const fast = await suite.start();
    let front: FrontAppResult = { ok: true, app: { pid: slow.pid, name: 'Slow' } };
    const { controller, kinds } = setup(() => front);
    const first = controller.onHotkey();
    await new Promise((resolve) => setTimeout(resolve, 50));
    front = { ok: true, app: { pid: fast.pid, name: 'Fast' } };
    await Promise.all([first, controller.onHotkey()]);
    expect(kinds()).toEqual(['started 1', 'started 2', 'collected 2']);
  });
});
