// Whether an app's `local` rule blocks a send is decided once, in the core (app/rules/gate.ts,
// localRuleBlocks), and the invocation carries the decision: the panel only shows it. The press
// decides again when the backend changes (the settings) and when the rules change (rescreen),
// and the question it sends follows the same decision.
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../app/log/logger.js';
import type { FrontApp } from '../../app/os/types.js';
import { DEFAULT_SETTINGS, type Settings } from '../../contract/settings.js';
import type { AnswerState } from '../../contract/ipc.js';
import { createController } from '../../main/flow/controller.js';
import { createStateHub } from '../../main/flow/state-hub.js';
import { panelMirror } from '../helpers/press-views.js';
import { unreachableSource } from '../helpers/sources.js';

const notes: FrontApp = { pid: 4242, bundleId: 'com.example.notes', name: 'Notes' };
const provider = { protocol: '0.2.0', bundleId: 'com.example.notes', name: 'Notes', version: '1', pid: 4242, instance: 'i1', endpoint: 'http://127.0.0.1:1/mcp' };
const root = { id: 'app', role: 'Application' as const, title: 'Notes' };

/** A controller whose press collects Notes under `rule`, with the settings the test changes. */
function setup(rule: 'allow' | 'local') {
  let settings: Settings = { ...DEFAULT_SETTINGS, backend: 'offline' };
  const hub = createStateHub();
  const controller = createController({
    os: { frontApp: async () => ({ ok: true, app: notes }) },
    collect: async () => ({ kind: 'collected', app: notes, provider, answer: { protocol: '0.2.0', instance: 'i1', root }, warnings: [], ignored: [], source: unreachableSource, screening: { rule, excludedByRule: [], withheld: [] } }),
    timeoutMs: () => 1500, ownPid: 99, hub, logger: silentLogger, showPanel: () => undefined,
    agent: { settings: () => settings, apiKey: async () => undefined, overlay: { show: () => undefined, hide: () => undefined }, logger: silentLogger },
  });
  const choose = (change: Partial<Settings>): void => {
    settings = { ...settings, ...change };
    controller.settingsChanged();
  };
  return { hub, controller, choose, panel: panelMirror(hub) };
}

describe('the `local` rule, decided in the core and shown by the panel', () => {
  it('a model elsewhere blocks the send: the view says so at once and whenever the backend changes', async () => {
    const { controller, choose } = setup('local');
    choose({ backend: 'openai', baseURL: 'https://api.example.test/v1' });
    await controller.onHotkey();
    expect(controller.current()?.view()).toMatchObject({ phase: 'collected', localBlocks: true });
    choose({ backend: 'offline', baseURL: '' });
    expect(controller.current()?.view()?.localBlocks).toBe(false);
    choose({ backend: 'openai', baseURL: 'http://127.0.0.1:11434/v1' });
    expect(controller.current()?.view()?.localBlocks).toBe(false);
    choose({ backend: 'openai', baseURL: 'http://model.example.test:11434/v1' });
    expect(controller.current()?.view()?.localBlocks).toBe(true);
  });

  it('the question follows the same decision: the preview carries no context while it blocks', async () => {
    const { controller, choose } = setup('local');
    await controller.onHotkey();
    expect(controller.current()?.view()?.localBlocks).toBeUndefined();
    const preview = controller.invocation(1)?.preview({ invocation: 1, prompt: 'What?', removedIds: [] });
    expect(JSON.stringify(preview)).toContain('Where the user is');
    choose({ backend: 'anthropic' });
    expect(controller.current()?.view()?.localBlocks).toBe(true);
    const blocked = controller.invocation(1)?.preview({ invocation: 1, prompt: 'What?', removedIds: [] });
    expect(JSON.stringify(blocked)).toContain("the user's rule keeps this app's context on this machine");
    expect(JSON.stringify(blocked)).not.toContain('Where the user is');
  });

  it('a rule changed to `local` in the panel is decided again when the press screens itself', async () => {
    const { controller, choose } = setup('allow');
    choose({ backend: 'anthropic' });
    await controller.onHotkey();
    expect(controller.current()?.view()?.localBlocks).toBeUndefined();
    expect(controller.invocation(1)?.rescreen([{ bundleId: notes.bundleId as string, rule: 'local', exclusions: [] }])).toBe(true);
    expect(controller.current()?.view()).toMatchObject({ screening: { rule: 'local' }, localBlocks: true });
  });

  it('the answer is part of the press\'s own view, and the panel\'s copy made from the pushes ends there', async () => {
    const { controller, panel } = setup('allow');
    await controller.onHotkey();
    const press = controller.invocation(1);
    expect(await press?.send({ invocation: 1, prompt: 'What is this?', removedIds: [] })).toEqual({ ok: true });
    await expect.poll(() => press?.view().answer?.turns.at(-1)?.status).toBe('done');
    expect(panel().invocation?.answer).toEqual(press?.view().answer as AnswerState);
  });
});
