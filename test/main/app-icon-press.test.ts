// The app's icon on a press's view (main/flow/press.ts): looked for beside the collection and
// never waited for; an icon that comes first rides on the collected view, one that comes later
// is a patch, and a press a newer one replaced adds nothing. Injected services, no mocks.
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../app/log/logger.js';
import type { FrontApp } from '../../app/os/types.js';
import type { Collection } from '../../app/sources/types.js';
import { createController, type CollectFn } from '../../main/flow/controller.js';
import { createStateHub } from '../../main/flow/state-hub.js';
import { unreachableSource } from '../helpers/sources.js';

const notes: FrontApp = { pid: 4242, bundleId: 'com.example.notes', name: 'Notes' };
const provider = { protocol: '0.2.0', bundleId: 'com.example.notes', name: 'Notes', version: '1', pid: 4242, instance: 'i1', endpoint: 'http://127.0.0.1:1/mcp' };
const collected: Collection = { kind: 'collected', app: notes, provider, answer: { protocol: '0.2.0', instance: 'i1', root: { id: 'app', role: 'Application', title: 'Notes' } }, warnings: [], ignored: [], source: unreachableSource };
const ICON = 'data:image/png;base64,iVBORw0KGgo=';

/** Something that resolves when told, for the collection and the icon each. */
function later<T>(): { promise: Promise<T>; resolve(value: T): void } {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((r) => { resolve = r; });
  return { promise, resolve };
}

function setup(collect: CollectFn, appIcon: (app: FrontApp) => Promise<string | undefined>) {
  const hub = createStateHub();
  const asked: FrontApp[] = [];
  const controller = createController({
    os: { frontApp: async () => ({ ok: true, app: notes }) }, collect, timeoutMs: () => 1500, ownPid: 99, hub, logger: silentLogger, showPanel: () => undefined,
    appIcon: (app) => { asked.push(app); return appIcon(app); },
  });
  return { hub, controller, asked };
}

describe("the app's icon on a press", () => {
  it('found while collecting: the collecting view gains it, and the collected view keeps it', async () => {
    const collection = later<Collection>();
    const { controller, asked } = setup(() => collection.promise, async () => ICON);
    const pressed = controller.onHotkey();
    await expect.poll(() => controller.current()?.view()?.appIcon).toBe(ICON);
    expect(controller.current()?.view()?.phase).toBe('collecting');
    collection.resolve(collected);
    await pressed;
    expect(controller.current()?.view()).toMatchObject({ phase: 'collected', appIcon: ICON });
    expect(asked).toEqual([notes]);
  });

  it('found after the tree: a patch adds it; none found: the view has no icon (the panel draws the glyph)', async () => {
    const icon = later<string | undefined>();
    const { controller } = setup(async () => collected, () => icon.promise);
    await controller.onHotkey();
    expect(controller.current()?.view()).toMatchObject({ phase: 'collected' });
    expect(controller.current()?.view()?.appIcon).toBeUndefined();
    icon.resolve(ICON);
    await expect.poll(() => controller.current()?.view()?.appIcon).toBe(ICON);

    const none = setup(async () => collected, async () => undefined);
    await none.controller.onHotkey();
    expect(none.controller.current()?.view()?.phase).toBe('collected');
    expect(none.controller.current()?.view()).not.toHaveProperty('appIcon');
  });

  it('a press a newer one replaced adds its late icon to nothing', async () => {
    const icons = [later<string | undefined>(), later<string | undefined>()];
    let call = 0;
    const { hub, controller } = setup(async () => collected, () => (icons[call++] as ReturnType<typeof later<string | undefined>>).promise);
    // Every icon main pushes, by the press it names: none for the replaced press (the press guards it: the hub is a pipe).
    const pushed: number[] = [];
    hub.subscribe((push) => { if (push.patch?.appIcon !== undefined) pushed.push(push.patch.id); });
    await controller.onHotkey();
    await controller.onHotkey();
    expect(controller.current()?.view()?.id).toBe(2);
    icons[1]?.resolve(ICON);
    await expect.poll(() => controller.current()?.view()?.appIcon).toBe(ICON);
    icons[0]?.resolve('data:image/png;base64,AAAA');
    await new Promise((resolve) => setImmediate(resolve));
    expect(pushed).toEqual([2]);
    expect(controller.current()?.view()).toMatchObject({ id: 2, appIcon: ICON });
  });
});
