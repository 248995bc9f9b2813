// The hotkey flow with injected services (no module mocks): front app first, the panel
// shown at once with "collecting", every outcome in words, late answers discarded.
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../app/log/logger.js';
import type { FrontApp, FrontAppResult } from '../../app/os/types.js';
import type { Collection } from '../../app/sources/types.js';
import { createController, type CollectFn, type PickResult } from '../../main/flow/controller.js';
import { createStateHub } from '../../main/flow/state-hub.js';
import { createHotkeyRegistrar } from '../../main/hotkey.js';
import { panelMirror } from '../helpers/press-views.js';
import { unreachableSource } from '../helpers/sources.js';
import { said } from '../helpers/said.js';
import { settingsProblemWords } from '../../renderer/src/words/notices.js';

const notes: FrontApp = { pid: 4242, bundleId: 'com.example.notes', name: 'Notes' };
const provider = { protocol: '0.2.0', bundleId: 'com.example.notes', name: 'Notes', version: '1', pid: 4242, instance: 'i1', endpoint: 'http://127.0.0.1:1/mcp' };

function setup(collect: CollectFn, front: FrontAppResult = { ok: true, app: notes }) {
  const hub = createStateHub();
  const events: string[] = [];
  panelMirror(hub, (state) => events.push(`${state.invocation?.phase}`));
  const controller = createController({
    os: { frontApp: async () => { events.push('front-app'); return front; } },
    collect, timeoutMs: () => 1500, ownPid: 99, hub, logger: silentLogger,
    showPanel: () => events.push('show'),
  });
  return { hub, controller, events };
}

/** A collect that resolves when told (the nth call), ignoring the abort signal like a slow provider. */
function deferred(): { collect: CollectFn; resolve(c: Collection, call?: number): void; signals: AbortSignal[] } {
  const resolvers: ((c: Collection) => void)[] = [];
  const signals: AbortSignal[] = [];
  return {
    collect: (_app, { signal }) => {
      signals.push(signal);
      return new Promise((r) => resolvers.push(r));
    },
    resolve: (c, call = resolvers.length - 1) => resolvers[call]?.(c),
    signals,
  };
}

describe('the hotkey flow', () => {
  it('takes the front app before showing the panel, shows "collecting", then the tree', async () => {
    const root = { id: 'app', role: 'Application' as const, title: 'Notes' };
    const { controller, events } = setup(async () => ({ kind: 'collected', app: notes, provider, answer: { protocol: '0.2.0', instance: 'i1', root }, warnings: [], ignored: [], source: unreachableSource }));
    await controller.onHotkey();
    expect(events).toEqual(['front-app', 'collecting', 'show', 'collected']);
    expect(controller.current()?.view()).toMatchObject({ phase: 'collected', appName: 'Notes', root });
    expect(controller.invocation(1)?.collected()?.root).toBe(root);
    // The issuer of every id, for locating later through this provider and instance only.
    expect(controller.invocation(1)?.collected()?.issuer).toEqual({ pid: provider.pid, bundleId: provider.bundleId, instance: provider.instance });
  });

  it('names a provider that did not answer in time', async () => {
    const { controller } = setup(async () => ({ kind: 'no-answer', app: notes, provider, reason: 'Notes did not answer within 1.5 s', timedOut: true }));
    await controller.onHotkey();
    // The kind lets the panel offer the way forward (a longer time limit) without parsing words.
    expect(controller.current()?.view()).toMatchObject({ phase: 'failed', failure: 'timeout' });
    expect(said(controller.current()?.view())).toBe('Notes did not answer within 1.5 s.');
  });

  it('names an app without a provider, and an ignored provider', async () => {
    const first = setup(async () => ({ kind: 'no-provider', app: { pid: 7, name: 'Preview' }, reason: 'Preview does not share context with Glance (it has published no descriptor)' }));
    await first.controller.onHotkey();
    expect(said(first.controller.current()?.view())).toBe('Preview does not share context with Glance (it has published no descriptor).');
    // What would make it work, and what to try meanwhile, is the panel's card (test/renderer/problem.test.ts): main sends only the kind.
    expect(first.controller.current()?.view()?.details).toEqual([]);
    expect(first.controller.current()?.view()?.failure).toBe('no-provider');
    const second = setup(async () => ({ kind: 'ignored', app: notes, reasons: ['the provider for Notes was ignored: its port belongs to another process (a.json)'] }));
    await second.controller.onHotkey();
    expect(said(second.controller.current()?.view())).toBe('The provider for Notes was ignored: its port belongs to another process (a.json).');
    expect(second.controller.current()?.view()?.failure).toBe('ignored');
  });

  it('never asks Glance itself, and says so', async () => {
    let asked = false;
    const { controller, events } = setup(async () => { asked = true; return { kind: 'cancelled', app: notes }; }, { ok: true, app: { pid: 99, name: 'Glance' } });
    await controller.onHotkey();
    expect(asked).toBe(false);
    expect(said(controller.current()?.view())).toMatch(/Glance itself is in front/);
    expect(controller.current()?.view()?.failure).toBe('glance-in-front');
    expect(events).toContain('show');
  });

  it("keeps the press on screen when the hotkey comes while the panel has the keyboard, though the app beside it is in front (macOS's non-activating panel)", async () => {
    const hub = createStateHub();
    let collects = 0;
    let fronts = 0;
    let focused = false;
    let shown = 0;
    const controller = createController({
      os: { frontApp: async () => { fronts += 1; return { ok: true, app: notes }; } },
      collect: async () => { collects += 1; return { kind: 'cancelled', app: notes }; },
      timeoutMs: () => 1500, ownPid: 99, hub, logger: silentLogger,
      showPanel: () => (shown += 1),
      panelFocused: () => focused,
    });
    await controller.onHotkey();
    focused = true;
    await controller.onHotkey();
    expect({ fronts, collects, shown, press: controller.current()?.view()?.id }).toEqual({ fronts: 1, collects: 1, shown: 2, press: 1 });
    // Once the panel is put away, the next press asks the front app again.
    focused = false;
    await controller.onHotkey();
    expect({ fronts, collects }).toEqual({ fronts: 2, collects: 2 });
  });

  it('says when the OS cannot tell which app is in front', async () => {
    const { controller } = setup(async () => ({ kind: 'cancelled', app: notes }), { ok: false, reason: 'No window is in front. Pass --pid to name the app.', cause: 'no window is in front' });
    await controller.onHotkey();
    // Worded for the panel: the cause, and what to do here; the command line's --pid is not.
    expect(said(controller.current()?.view())).toBe('Glance cannot tell which app is in front (no window is in front). Bring the app you want to ask about to the front, then press the hotkey again.');
    // Nothing to ask again: the panel offers Sample Notes instead.
    expect(await controller.collectAgain(1)).toEqual({ started: false });
  });

  it('aborts when the user removes the app context, and discards the late answer', async () => {
    const slow = deferred();
    const { controller } = setup(slow.collect);
    const running = controller.onHotkey();
    await Promise.resolve();
    await Promise.resolve();
    expect((controller.invocation(1)?.cancel('removed') ?? { aborted: false })).toEqual({ aborted: true });
    expect(slow.signals[0]?.aborted).toBe(true);
    expect(controller.current()?.view()?.phase).toBe('cancelled');
    slow.resolve({ kind: 'collected', app: notes, provider, answer: { protocol: '0.2.0', instance: 'i1', root: { id: 'app', role: 'Application' } }, warnings: [], ignored: [], source: unreachableSource });
    await running;
    expect(controller.current()?.view()?.phase).toBe('cancelled');
    expect(controller.invocation(1)?.collected()).toBeUndefined();
    expect((controller.invocation(1)?.cancel('removed') ?? { aborted: false })).toEqual({ aborted: false });
  });

  it('a new hotkey press aborts the previous request and its answer is discarded', async () => {
    const slow = deferred();
    const { controller } = setup(slow.collect);
    const first = controller.onHotkey();
    await new Promise((r) => setTimeout(r, 0));
    const second = controller.onHotkey();
    await new Promise((r) => setTimeout(r, 0));
    expect(slow.signals[0]?.aborted).toBe(true);
    slow.resolve({ kind: 'no-answer', app: notes, provider, reason: 'late', timedOut: true }, 0);
    await first;
    expect(controller.current()?.view()).toMatchObject({ id: 2, phase: 'collecting' });
    slow.resolve({ kind: 'no-answer', app: notes, provider, reason: 'Notes did not answer within 1.5 s', timedOut: true }, 1);
    await second;
    expect(controller.current()?.view()).toMatchObject({ id: 2, phase: 'failed' });
  });
});

describe('the hotkey registrar', () => {
  it('names the hotkey that failed and what to do', () => {
    const taken = new Set(['Control+Alt+Command+G']);
    const registrar = createHotkeyRegistrar({ register: (accelerator) => !taken.has(accelerator as string), unregister: () => undefined }, () => undefined);
    const problem = registrar.apply('Control+Alt+Command+G', false);
    expect(problem).toEqual({ kind: 'hotkey', hotkey: 'Control+Alt+Command+G', problem: 'taken' });
    expect(problem ? settingsProblemWords(problem) : '').toMatch(/could not use the hotkey Control\+Alt\+Command\+G.*Choose another one/);
    expect(registrar.apply('Control+Alt+Command+K', false)).toBeUndefined();
    expect(registrar.apply('Control+Alt+Command+G', true)).toBeUndefined(); // paused: nothing registered
  });
});

describe('collecting from an app the user picked (Try with Sample Notes)', () => {
  const sample: FrontApp = { pid: 5151, name: 'Sample Notes' };
  const root = { id: 'app', role: 'Application' as const, title: 'Sample Notes' };
  const collected = (app: FrontApp): Collection => ({ kind: 'collected', app, provider: { ...provider, name: app.name ?? 'unnamed', pid: app.pid }, answer: { protocol: '0.2.0', instance: 'i1', root }, warnings: [], ignored: [], source: unreachableSource });

  it('shows the app collecting at once, before it has started, then its tree; the front app is not asked', async () => {
    const { controller, events } = setup(async (app) => collected(app));
    let started: (value: { ok: true; app: FrontApp }) => void = () => undefined;
    const done = controller.collectFrom('Sample Notes', () => new Promise((resolve) => { started = resolve; }));
    expect(controller.current()?.view()).toMatchObject({ phase: 'collecting', appName: 'Sample Notes' });
    started({ ok: true, app: sample });
    await done;
    expect(events).toEqual(['collecting', 'show', 'collected']);
    expect(controller.invocation(1)?.collected()?.issuer.pid).toBe(5151);
  });

  it('says why when the app could not be started', async () => {
    const { controller } = setup(async (app) => collected(app));
    await controller.collectFrom('Sample Notes', async () => ({ ok: false, failure: { kind: 'quit' } }));
    expect(controller.current()?.view()).toMatchObject({ id: 1, phase: 'failed', appName: 'Sample Notes', failure: 'sample-failed' });
    expect(said(controller.current()?.view())).toBe('Sample Notes quit before it was ready. Try again; if it keeps quitting, reinstall Glance.');
  });

  it('is superseded by a hotkey pressed while the app starts: the later press wins', async () => {
    const { controller } = setup(async (app) => collected(app));
    let started: (value: { ok: true; app: FrontApp }) => void = () => undefined;
    const picked = controller.collectFrom('Sample Notes', () => new Promise((resolve) => { started = resolve; }));
    await controller.onHotkey();
    started({ ok: true, app: sample });
    await picked;
    expect(controller.current()?.view()).toMatchObject({ id: 2, phase: 'collected', appName: 'Notes' });
    expect(controller.invocation(1)?.collected()).toBeUndefined();
  });

  it('collects again from the same app as a new invocation (Cmd-R, Try again), only for the invocation shown', async () => {
    const asked: FrontApp[] = [];
    const { controller } = setup(async (app) => { asked.push(app); return collected(app); });
    await controller.onHotkey();
    // A stale panel cannot start one for an invocation it no longer shows.
    expect(await controller.collectAgain(7)).toEqual({ started: false });
    expect(await controller.collectAgain(1)).toEqual({ started: true });
    await expect.poll(() => controller.current()?.view()?.phase).toBe('collected');
    expect(controller.current()?.view()?.id).toBe(2);
    // The same front app, not whatever is in front now.
    expect(asked).toEqual([notes, notes]);
    expect(controller.invocation(2)?.collected()?.root).toBe(root);
  });

  it('collects again from Sample Notes by starting it again, and not while still collecting', async () => {
    const { controller } = setup(async (app) => collected(app));
    let picks = 0;
    let release: () => void = () => undefined;
    const pick = async (): Promise<PickResult> => {
      picks += 1;
      if (picks === 2) await new Promise<void>((resolve) => { release = resolve; });
      return { ok: true, app: sample };
    };
    await controller.collectFrom('Sample Notes', pick);
    expect(await controller.collectAgain(1)).toEqual({ started: true });
    expect(controller.current()?.view()).toMatchObject({ id: 2, phase: 'collecting', appName: 'Sample Notes' });
    expect(await controller.collectAgain(2)).toEqual({ started: false });
    release();
    await expect.poll(() => controller.current()?.view()?.phase).toBe('collected');
    expect(picks).toBe(2);
  });
});

describe('the controller and the panel\'s state: the hub is a pipe only', () => {
  const root = { id: 'app', role: 'Application' as const, title: 'Notes' };
  const screening = { rule: 'allow' as const, excludedByRule: [], withheld: [] };
  // The rules file as the privacy panel reads it: this app's rule is now `local`.
  const rules = [{ bundleId: provider.bundleId, rule: 'local' as const, exclusions: [] }];

  it('only writes to it: collectAgain and rescreen decide on what the controller keeps itself', async () => {
    // The pipe keeps nothing to read back: writing is all the controller can do with it.
    const hub = createStateHub();
    const slow = deferred();
    const controller = createController({
      os: { frontApp: async () => ({ ok: true, app: notes }) },
      collect: slow.collect, timeoutMs: () => 1500, ownPid: 99, hub, logger: silentLogger, showPanel: () => undefined,
    });
    const pressed = controller.onHotkey();
    await expect.poll(() => slow.signals.length).toBe(1);
    // Still collecting: neither collects again nor screens.
    expect(await controller.collectAgain(1)).toEqual({ started: false });
    expect((controller.invocation(1)?.rescreen(rules) ?? false)).toBe(false);
    slow.resolve({ kind: 'collected', app: notes, provider, answer: { protocol: '0.2.0', instance: 'i1', root }, warnings: [], ignored: [], source: unreachableSource, screening });
    await pressed;
    // Shown and collected: the screening is added to the view the controller published.
    expect((controller.invocation(1)?.rescreen(rules) ?? false)).toBe(true);
    expect(controller.current()?.view()).toMatchObject({ id: 1, phase: 'collected', root, screening: { rule: 'local', excludedByRule: [], withheld: [] } });
    expect(await controller.collectAgain(1)).toEqual({ started: true });
    expect(controller.current()?.view()).toMatchObject({ id: 2, phase: 'collecting' });
    // The first invocation is no longer shown: nothing is done for it.
    expect((controller.invocation(1)?.rescreen(rules) ?? false)).toBe(false);
    expect(await controller.collectAgain(1)).toEqual({ started: false });
  });
});
