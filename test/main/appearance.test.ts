// The system accent colour and the window's vibrancy reach the panel through the one contract
// (the Mac look): main reads systemPreferences' accent (RGBA hex) through its port,
// hands the page `#rrggbb` on `getAppearance`, and pushes it again when the system says the
// colour changed. The real composition (createMainServices) over fake ports (fake-ports.ts); the
// port over Electron's systemPreferences is tested in system-appearance.test.ts.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppearanceSchema } from '../../contract/appearance.js';
import { eventContract, invokeContract } from '../../contract/ipc.js';
import { createMainServices, type MainServices } from '../../main/services.js';
import { fakeAppearance, fakeShell, type FakeAppearance, type FakeShell } from './fake-ports.js';

let dataDir = '';
let shell: FakeShell;
let services: MainServices | undefined;
let look: FakeAppearance;
let logLines: string[];
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'glance-appearance-'));
  logLines = [];
});
afterEach(async () => {
  await services?.close();
  services = undefined;
  await rm(dataDir, { recursive: true, force: true });
});

async function start(initial: { vibrant?: boolean; accent?: string }): Promise<MainServices> {
  look = fakeAppearance(initial);
  shell = fakeShell(dataDir, { appearance: look, log: (level, message) => logLines.push(`${level}: ${message}`) });
  services = await createMainServices(shell.ports);
  return services;
}

describe("the panel's appearance", () => {
  it("gives the page the system's accent as #rrggbb and the window's vibrancy", async () => {
    const { handlers } = await start({ vibrant: true, accent: '0A84FFff' });
    const appearance = await handlers.getAppearance(undefined);
    expect(appearance).toEqual({ vibrant: true, accent: '#0a84ff' });
    // What goes over IPC is what the contract's schema accepts, both ways.
    expect(invokeContract.getAppearance.response.parse(appearance)).toEqual(appearance);
  });

  it('no accent where the system has none (Linux, a browser): the page keeps its own blue', async () => {
    const { handlers } = await start({});
    expect(await handlers.getAppearance(undefined)).toEqual({ vibrant: false, accent: null });
  });

  it('pushes a changed accent to the page once per real change, and stops following on quit', async () => {
    const { handlers } = await start({ accent: '007affff' });
    expect(look.listeners()).toBe(1);
    look.setAccent('28cd41ff');
    // Windows sends its event several times per change; macOS's notifications come for other colours too.
    look.setAccent('28cd41ff');
    look.setAccent('#28CD41');
    expect(shell.appearances).toEqual([{ vibrant: false, accent: '#28cd41' }]);
    for (const pushed of shell.appearances) expect(eventContract.appearance.payload.parse(pushed)).toEqual(pushed);
    expect(await handlers.getAppearance(undefined)).toEqual({ vibrant: false, accent: '#28cd41' });
    await services?.close();
    services = undefined;
    expect(look.listeners()).toBe(0);
  });

  it('a value that is not RGBA hex keeps the blue and is said once, without the value', async () => {
    const { handlers } = await start({ accent: 'rgb(1, 2, 3)' });
    expect(await handlers.getAppearance(undefined)).toEqual({ vibrant: false, accent: null });
    look.setAccent('not a colour either');
    expect(shell.appearances).toEqual([]);
    const said = logLines.filter((line) => line.includes('accent'));
    expect(said).toEqual(['warn: appearance: the system accent colour did not read as RGBA hex; the panel keeps its own blue']);
    expect(said.join('\n')).not.toMatch(/rgb\(|not a colour/);
    // A good value later is followed again.
    look.setAccent('ff9500ff');
    expect(shell.appearances).toEqual([{ vibrant: false, accent: '#ff9500' }]);
  });

  it("the contract refuses anything but #rrggbb and a boolean, so the page's palette gets only colours", () => {
    for (const accent of ['#0a84ffff', '0a84ff', '#0A84FF', 'red', 'var(--x)', '#0a84f']) expect(AppearanceSchema.safeParse({ vibrant: false, accent }).success, accent).toBe(false);
    expect(AppearanceSchema.safeParse({ vibrant: 'yes', accent: null }).success).toBe(false);
  });
});
