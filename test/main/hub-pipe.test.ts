// The hub is a pipe (main/flow/state-hub.ts): it keeps no copy of the panel's state. The
// panel's one fetch is composed from the owners (main/flow/panel-state.ts): the invocation on
// screen gives its own view, the answer included, the notices their store, the hotkey the
// settings; and what the panel keeps from the pushes ends where those owners are.
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../app/log/logger.js';
import type { FrontApp } from '../../app/os/types.js';
import type { PanelPush } from '../../contract/panel-push.js';
import { createController } from '../../main/flow/controller.js';
import { createNotices } from '../../main/flow/notices.js';
import { composePanelState } from '../../main/flow/panel-state.js';
import { createStateHub } from '../../main/flow/state-hub.js';
import { panelMirror } from '../helpers/press-views.js';
import { unreachableSource } from '../helpers/sources.js';

const notes: FrontApp = { pid: 4242, bundleId: 'com.example.notes', name: 'Notes' };
const provider = { protocol: '0.2.0', bundleId: 'com.example.notes', name: 'Notes', version: '1', pid: 4242, instance: 'i1', endpoint: 'http://127.0.0.1:1/mcp' };
const root = { id: 'app', role: 'Application' as const, title: 'Notes', children: [{ id: 'c1', role: 'Row' as const, subrole: 'comment', title: 'one' }] };
const ICON = 'data:image/png;base64,AA==';

function setup() {
  const hub = createStateHub();
  const pushes: PanelPush[] = [];
  hub.subscribe((push) => pushes.push(push));
  const mirror = panelMirror(hub);
  const notices = createNotices(hub, [{ kind: 'settings-damaged', damage: { why: 'not-json' }, asidePath: '~/settings.json.damaged' }]);
  const controller = createController({
    os: { frontApp: async () => ({ ok: true, app: notes }) },
    collect: async () => ({ kind: 'collected', app: notes, provider, answer: { protocol: '0.2.0', instance: 'i1', root }, warnings: [], ignored: [], source: unreachableSource, screening: { rule: 'allow', excludedByRule: [], withheld: [] } }),
    timeoutMs: () => 1500, ownPid: 99, hub, logger: silentLogger, showPanel: () => undefined,
    appIcon: async () => ICON,
  });
  const state = composePanelState({ hub, invocation: () => controller.current()?.view(), notices, settings: () => ({ hotkey: 'Control+Alt+Command+G', paused: false }) });
  return { hub, pushes, mirror, notices, controller, state };
}

describe('the hub between main and the panel', () => {
  it('is a pipe: it can push and be listened to, and has nothing to read back', () => {
    expect(Object.keys(createStateHub()).sort()).toEqual(['push', 'subscribe']);
  });

  it("answers the panel's fetch with the invocation's own view after its patches, and the pushes bring the panel there", async () => {
    const { pushes, mirror, controller, state } = setup();
    await controller.onHotkey();
    await expect.poll(() => controller.current()?.view().appIcon).toBe(ICON);
    // A patch of the invocation on screen: the rules changed, its context is screened again.
    expect(controller.current()?.rescreen([{ bundleId: notes.bundleId ?? '', rule: 'local', exclusions: [{ role: 'Row', subrole: 'comment' }] }])).toBe(true);
    const own = controller.current()?.view();
    expect(own).toMatchObject({ id: 1, phase: 'collected', appIcon: ICON, screening: { rule: 'local', excludedByRule: [{ id: 'c1' }] } });
    // The very object the invocation holds, not a copy kept beside it.
    expect(state().invocation).toBe(own);
    expect(pushes.filter((push) => push.patch !== undefined).map((push) => push.patch?.id)).toEqual([1, 1]);
    const { notices, hotkey, paused } = state();
    expect(mirror()).toEqual({ ...state(), notices: [], hotkey: '', paused: false });
    expect({ notices, hotkey, paused }).toEqual({ notices: [{ kind: 'settings-damaged', damage: { why: 'not-json' }, asidePath: '~/settings.json.damaged' }], hotkey: 'Control+Alt+Command+G', paused: false });
  });

  it('a newer press replaces the view the fetch answers with, and the older one pushes nothing more', async () => {
    const { pushes, controller, state } = setup();
    await controller.onHotkey();
    const first = controller.current();
    await controller.onHotkey();
    const before = pushes.length;
    expect(first?.rescreen([])).toBe(false);
    expect(pushes.length).toBe(before);
    expect(state().invocation).toMatchObject({ id: 2 });
  });

  it('keeps the notices with their one owner: added and dismissed, each change pushed whole', () => {
    const { pushes, notices, state } = setup();
    notices.add([{ kind: 'hotkey', problem: 'taken', hotkey: 'Control+Alt+Command+G' }]);
    expect(state().notices.map((notice) => notice.kind)).toEqual(['settings-damaged', 'hotkey']);
    notices.add([]);
    notices.dismiss();
    expect(state().notices).toEqual([]);
    expect(pushes).toEqual([{ notices: [{ kind: 'settings-damaged', damage: { why: 'not-json' }, asidePath: '~/settings.json.damaged' }, { kind: 'hotkey', problem: 'taken', hotkey: 'Control+Alt+Command+G' }] }, { notices: [] }]);
  });

  it("follows the panel's view name as the pushes set it", async () => {
    const { hub, controller, state } = setup();
    hub.push({ view: 'settings' });
    expect(state().view).toBe('settings');
    await controller.onHotkey();
    expect(state().view).toBe('review');
  });
});
