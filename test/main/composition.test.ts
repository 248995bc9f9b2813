// One composition for the main process (docs/architecture.md, "One composition"): main/index.ts and the e2e harness
// both build the services with createMainServices (main/services.ts), and nothing else wires
// them. Structurally, only that file imports the factories; behaviourally, the e2e harness's
// flow has what the app has: the host cache (a second press asks the OS nothing) and the
// placement beside the selection, both seen through the harness's test ports.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOs } from '../../app/os/index.js';
import type { OsServices } from '../../app/os/types.js';
import { createTestMain, type TestMain } from '../e2e/harness/test-main.js';
import { ROOT } from '../e2e/harness/build.js';
import { useProviderSuite } from '../helpers/provider-suite.js';

/** Every factory the composition calls: one place may import them outside the unit tests. */
const FACTORIES = [
  'createAppearance', 'createController', 'createHandlers', 'createHostCache', 'createHotkeyRegistrar',
  'createNotices', 'createOverlayService', 'createSampleNotes', 'createSecretStore',
  'createSettingsService', 'createSettingsStore', 'createStateHub', 'composePanelState',
];
/** What one press is made of, made per press by its one owner, never composed beside it (docs/architecture.md, "One press, in one straight line"). */
const PER_PRESS: Record<string, string> = { createInvocation: 'main/flow/controller.ts', createAgentService: 'main/flow/invocation.ts' };

async function sources(folder: string): Promise<string[]> {
  const entries = await readdir(join(ROOT, folder), { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile() && /\.tsx?$/.test(e.name)).map((e) => relative(ROOT, join(e.parentPath, e.name)));
}

/** The names a file imports (values and types alike), from its import statements. */
function importedNames(text: string): string[] {
  return [...text.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from/g)].flatMap((m) => (m[1] ?? '').split(',').map((n) => n.replace(/^\s*type\s+/, '').trim().split(/\s+as\s+/)[0] ?? '')).filter(Boolean);
}

describe('one composition', () => {
  it('only main/services.ts imports the factories; the app and the e2e harness both call it', async () => {
    const files = [...(await sources('main')), ...(await sources('test/e2e'))];
    const importers = new Map<string, string[]>();
    for (const file of files) {
      const names = importedNames(await readFile(join(ROOT, file), 'utf8'));
      for (const name of names) importers.set(name, [...(importers.get(name) ?? []), file]);
    }
    for (const factory of FACTORIES) expect(importers.get(factory), factory).toEqual(['main/services.ts']);
    for (const [factory, owner] of Object.entries(PER_PRESS)) expect(importers.get(factory), factory).toEqual([owner]);
    expect(importers.get('createMainServices')?.sort()).toEqual(['main/index.ts', 'test/e2e/harness/test-main.ts']);
  });
});

describe('the e2e harness runs the app composition', () => {
  const suite = useProviderSuite();
  let dataDir = '';
  const mains: TestMain[] = [];
  beforeAll(async () => { dataDir = await mkdtemp(join(tmpdir(), 'glance-data-')); });
  afterAll(async () => {
    await Promise.all(mains.map((m) => m.close()));
    await rm(dataDir, { recursive: true, force: true });
  });

  /** The real OS services, counting the questions of step 5 (who listens, who took the connection). */
  function countingOs(): { os: OsServices; asked: () => number } {
    const real = createOs();
    let asked = 0;
    return {
      os: { ...real, listeners: (port) => { asked += 1; return real.listeners(port); }, connection: (port, client) => { asked += 1; return real.connection(port, client); } },
      asked: () => asked,
    };
  }

  async function press(main: TestMain, pid: number, expected: number): Promise<void> {
    main.pressHotkey({ pid, name: 'Test Notes' });
    await expect.poll(() => main.panelState().invocation, { timeout: 10_000 }).toMatchObject({ id: expected, phase: 'collected' });
  }

  it('keeps the verified connection between presses, and places the panel beside the selection', async () => {
    const provider = await suite.start();
    const { os, asked } = countingOs();
    const main = await createTestMain({ os, env: suite.env(), dataDir });
    mains.push(main);
    await press(main, provider.pid, 1);
    // The provider's selection (sel-1) is visible: the panel goes beside it, through the window port.
    await expect.poll(() => main.placements.length, { timeout: 10_000 }).toBe(1);
    expect(main.placements[0]).toMatchObject({ state: 'visible' });
    const checks = asked();
    expect(checks).toBeGreaterThanOrEqual(1);
    await press(main, provider.pid, 2);
    await expect.poll(() => main.placements.length, { timeout: 10_000 }).toBe(2);
    // The host cache: the second press and its location went over the kept, checked connection.
    expect(asked()).toBe(checks);
  });

  it('gives the tray the same actions: Settings opens the settings view in the panel', async () => {
    const main = await createTestMain({ os: createOs(), env: suite.env(), dataDir });
    mains.push(main);
    main.tray().openSettings();
    expect(main.panelState().view).toBe('settings');
    expect(main.panelVisible()).toBe(true);
  });
});
