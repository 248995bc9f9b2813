// The hotkey pressed while Glance's own panel is in front, and the front app unknown, as the
// panel words them. The real controller over the real core: a real provider
// process collected first, then the OS service's real front-app reading (readFrontApp) with a
// source that names Glance's own pid, as get-windows does when the panel has the focus.
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../app/log/logger.js';
import { collectContext } from '../../app/invocation/collect.js';
import { createOs, type FrontAppSource } from '../../app/os/index.js';
import { createController } from '../../main/flow/controller.js';
import { createStateHub } from '../../main/flow/state-hub.js';
import { pressLife } from '../helpers/press-views.js';
import { useProviderSuite } from '../helpers/provider-suite.js';
import { said } from '../helpers/said.js';

const suite = useProviderSuite();

/** A controller whose front app comes from `source` through the real OS service (Glance is this process). */
function setup(source: FrontAppSource, platform: NodeJS.Platform = 'linux') {
  const os = createOs();
  const hub = createStateHub();
  let shown = 0;
  const controller = createController({
    os: createOs({ frontAppSource: source, ownPid: process.pid }, platform),
    collect: (app, options) => collectContext(app, { os, env: suite.env(), logger: silentLogger }, options),
    timeoutMs: () => 5000,
    ownPid: process.pid,
    showPanel: () => (shown += 1),
    hub,
    logger: silentLogger,
  });
  const events = pressLife(hub);
  return { controller, hub, events, shown: () => shown };
}

describe('a hotkey press while the panel is in front', () => {
  it('keeps the collected context: no new invocation, the conversation stays, the panel is shown', async () => {
    const provider = await suite.start();
    let front = provider.pid;
    const { controller, events, shown } = setup(async () => ({ owner: { processId: front, name: 'Notes' } }));
    await controller.onHotkey();
    expect(controller.current()?.view()).toMatchObject({ id: 1, phase: 'collected' });
    const context = controller.invocation(1)?.collected();
    expect(context).toBeDefined();

    // The panel has the focus now: the OS names Glance's own process.
    front = process.pid;
    await controller.onHotkey();
    expect(controller.current()?.view()).toMatchObject({ id: 1, phase: 'collected' });
    expect(controller.invocation(1)?.collected()).toBe(context);
    expect((controller.invocation(1) !== undefined)).toBe(true);
    // No new press: the conversation is not disposed of, nothing failed.
    expect(events()).toEqual(['started 1', 'collected 1']);
    expect(shown()).toBe(2);
  });

  it('with nothing collected yet, says to switch to the app, without --pid', async () => {
    const { controller } = setup(async () => ({ owner: { processId: process.pid, name: 'Glance' } }));
    await controller.onHotkey();
    expect(said(controller.current()?.view())).toBe('Glance itself is in front. Switch to the app you want to ask about, then press the hotkey.');
  });
});

describe('the front app unknown, worded for the panel', () => {
  it('names what the OS said and says to bring the app to the front, never "pass --pid"', async () => {
    const { controller, events } = setup(async () => null);
    await controller.onHotkey();
    const message = said(controller.current()?.view()) ?? '';
    expect(message).toBe('Glance cannot tell which app is in front (no app with a window is active). Bring the app you want to ask about to the front, then press the hotkey again.');
    expect(events().at(-1)).toBe('failed 1');
  });

  it('a source that throws, and a platform without front-app support: the same wording, no --pid', async () => {
    const thrown = setup(async () => {
      throw new Error('Failed to parse process ID');
    });
    await thrown.controller.onHotkey();
    expect(said(thrown.controller.current()?.view())).toMatch(/^Glance cannot tell which app is in front \(Failed to parse process ID\)\. Bring the app/);
    const unsupported = setup(async () => null, 'win32');
    await unsupported.controller.onHotkey();
    expect(said(unsupported.controller.current()?.view())).not.toMatch(/--pid/);
    expect(said(unsupported.controller.current()?.view())).toMatch(/not supported on win32\)\. Bring the app/);
  });
});
