// Focus goes back to the user's app whenever Glance dismisses its own panel:
// hiding a window does not deactivate the app on macOS, so Glance stayed frontmost and the next
// hotkey press found no front app with a window. The services call the app port's deactivate
// (app.hide() on macOS) for Esc and Close (the panel's closePanel), the tray icon's toggle, and
// the app menu's Close Panel (Cmd-W). The tray menu's "Open Glance" shows and never hides
// (test/main/tray-and-hotkey.test.ts). The real composition (createMainServices) over fake ports (fake-ports.ts).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMainServices, type MainServices } from '../../main/services.js';
import { fakeShell, type FakeShell } from './fake-ports.js';

let dataDir = '';
let shell: FakeShell;
let services: MainServices;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'glance-dismiss-'));
  shell = fakeShell(dataDir);
  services = await createMainServices(shell.ports);
});
afterEach(async () => {
  await services.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('dismissing the panel gives the focus back', () => {
  it('Esc and Close (closePanel) hide the panel and deactivate Glance', async () => {
    shell.tray().openPanel();
    expect(shell.panelVisible()).toBe(true);
    await services.handlers.closePanel(undefined);
    expect(shell.panelVisible()).toBe(false);
    expect(shell.deactivations()).toBe(1);
  });

  it('the tray icon toggles: showing does not deactivate, hiding does', () => {
    shell.tray().togglePanel();
    expect(shell.panelVisible()).toBe(true);
    expect(shell.deactivations()).toBe(0);
    shell.tray().togglePanel();
    expect(shell.panelVisible()).toBe(false);
    expect(shell.deactivations()).toBe(1);
  });

  it("the app menu's Close Panel (Cmd-W) dismisses the same way", () => {
    shell.tray().openPanel();
    services.menu.closePanel();
    expect(shell.panelVisible()).toBe(false);
    expect(shell.deactivations()).toBe(1);
  });
});

describe("the tray menu's Open Glance", () => {
  it('shows the panel, and leaves an open panel open', () => {
    shell.tray().openPanel();
    shell.tray().openPanel();
    expect(shell.panelVisible()).toBe(true);
    expect(shell.deactivations()).toBe(0);
  });
});
