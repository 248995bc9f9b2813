// The press and an app without a provider (docs/accessibility.md): the card's consent reaches the core as
// `granted` for that press alone, a read again happens only from an accessibility card, and the
// outcomes are the panel's kinds. The collect function is the test's (the real one runs in
// test/e2e/accessibility.test.ts against a real GTK app).
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../app/log/logger.js';
import type { Collection } from '../../app/host.js';
import type { FrontApp } from '../../app/os/types.js';
import { createController, type CollectFn, type Controller } from '../../main/flow/controller.js';
import { createStateHub } from '../../main/flow/state-hub.js';

const preview: FrontApp = { pid: 4242, name: 'Preview' };
const consent: Collection = { kind: 'no-consent', app: preview, bundleId: 'com.apple.Preview', key: { kind: 'app', bundleId: 'com.apple.Preview' }, consent: 'ask', reason: 'Preview does not share context with Glance, and reading it through Accessibility needs your consent' };

function setup(outcomes: (granted: boolean) => Collection) {
  const hub = createStateHub();
  const grants: boolean[] = [];
  const collect: CollectFn = async (_app, { granted = false }) => {
    grants.push(granted);
    return outcomes(granted);
  };
  const controller = createController({ os: { frontApp: async () => ({ ok: true, app: preview }) }, collect, timeoutMs: () => 1500, ownPid: 99, hub, logger: silentLogger, showPanel: () => undefined });
  return { hub, controller, grants };
}

/** Until the press on screen has finished collecting again. */
async function settled(controller: Pick<Controller, 'current'>): Promise<void> {
  await expect.poll(() => controller.current()?.view()?.phase).not.toBe('collecting');
}

describe('a press of an app without a provider', () => {
  it("marks an Electron app's consent card once it is known, and no other card", async () => {
    const hub = createStateHub();
    const asked: number[] = [];
    let outcome: Collection = consent;
    const controller = createController({
      os: { frontApp: async () => ({ ok: true, app: preview }) }, collect: async () => outcome, timeoutMs: () => 1500, ownPid: 99, hub, logger: silentLogger, showPanel: () => undefined,
      electronApp: async (app) => { asked.push(app.pid); return true; },
    });
    await controller.onHotkey();
    await expect.poll(() => controller.current()?.view()?.electronApp).toBe(true);
    expect(controller.current()?.view()).toMatchObject({ failure: 'accessibility-consent', electronApp: true });
    expect(asked).toEqual([4242]);
    // The permission card (consent given, no permission) is not asked about.
    outcome = { kind: 'unreadable', app: preview, code: 'no-permission', reason: 'no permission', timedOut: false };
    await controller.onHotkey();
    await settled(controller);
    expect(controller.current()?.view()).toMatchObject({ failure: 'accessibility-permission' });
    expect(controller.current()?.view()?.electronApp).toBeUndefined();
    expect(asked).toEqual([4242]);
  });

  it('asks first (no grant), then reads with the grant for this press only; the card names its identity for Always and Never', async () => {
    const { controller, grants } = setup((granted) => (granted ? { kind: 'unreadable', app: preview, code: 'no-permission', reason: 'no permission', timedOut: false } : consent));
    await controller.onHotkey();
    expect(controller.current()?.view()).toMatchObject({ failure: 'accessibility-consent', appName: 'Preview', consentKey: { kind: 'app', bundleId: 'com.apple.Preview' } });
    const press = controller.invocation(1);
    expect(press?.consentAsked()).toEqual({ key: { kind: 'app', bundleId: 'com.apple.Preview' }, appName: 'Preview' });
    expect(press?.readAgain(true)).toBe(true);
    // Same press, collecting again at once.
    expect(controller.current()?.view()).toMatchObject({ id: 1, phase: 'collecting' });
    await settled(controller);
    expect(grants).toEqual([false, true]);
    expect(controller.current()?.view()).toMatchObject({ id: 1, failure: 'accessibility-permission' });
    // The permission card reads again too, but names no identity to store a consent for.
    expect(press?.consentAsked()).toBeUndefined();
    // The next press starts without the grant: "this time" was that press's.
    await controller.onHotkey();
    expect(grants).toEqual([false, true, false]);
  });

  it('reads again only from an accessibility card, never while collecting, and a `never` is its own kind', async () => {
    const { controller } = setup(() => ({ ...consent, consent: 'never', reason: 'your choice for com.apple.Preview is never to read it through Accessibility' }));
    await controller.onHotkey();
    expect(controller.current()?.view()).toMatchObject({ failure: 'accessibility-never' });
    const press = controller.invocation(1);
    expect(press?.consentAsked()).toEqual({ key: { kind: 'app', bundleId: 'com.apple.Preview' }, appName: 'Preview' });
    expect(press?.readAgain(false)).toBe(true);
    expect(press?.readAgain(false)).toBe(false);
    await settled(controller);

    // An app the system cannot name has nothing to consent to: the card of an app without a provider.
    const unnamed = setup(() => ({ kind: 'unreadable', app: preview, code: 'no-identity', reason: 'the system does not say which app Preview is', timedOut: false }));
    await unnamed.controller.onHotkey();

    // Glance's own `never` for a password manager reaches the card as that, not as the user's choice.
    const keychain = setup(() => ({ ...consent, bundleId: 'com.apple.keychainaccess', key: { kind: 'app', bundleId: 'com.apple.keychainaccess' }, consent: 'never', passwordManager: true, reason: "Glance doesn't read password managers such as com.apple.keychainaccess through Accessibility" }));
    await keychain.controller.onHotkey();
    expect(keychain.controller.current()?.view()).toMatchObject({ failure: 'accessibility-never', passwordManager: true, consentKey: { kind: 'app', bundleId: 'com.apple.keychainaccess' } });
    expect(controller.current()?.view()?.passwordManager).toBeUndefined();
    expect(unnamed.controller.current()?.view()).toMatchObject({ failure: 'no-provider' });

    const other = setup(() => ({ kind: 'no-provider', app: preview, reason: 'process 4242 is not running' }));
    await other.controller.onHotkey();
    expect(other.controller.current()?.view()).toMatchObject({ failure: 'no-provider' });
    expect(other.controller.invocation(1)?.readAgain(true)).toBe(false);
    expect(other.controller.invocation(1)?.consentAsked()).toBeUndefined();
  });
});
