// Settings › Rules names an app from the descriptor of a provider published now, so a rule made
// with `glance rules` for an app never sent shows the app's name, not its bundle id alone. Over a
// real providers folder and the real OS services, as main/services.ts wires it: a raw provider
// running as the app org.example.Published (it logs every connection it gets), beside two
// descriptors that must name nothing: a stale one (its process is gone) and a lying one (its
// process is the raw provider, whose bundle id the OS says is another). The folder is read
// only when the Rules list is opened, and no provider is connected to for a name.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishedApps } from '../../app/discovery/find.js';
import { openGlanceHome } from '../../app/home/folder.js';
import { silentLogger } from '../../app/log/logger.js';
import { createOs } from '../../app/os/index.js';
import { createPrivacyService } from '../../app/privacy/service.js';
import { DEFAULT_SETTINGS } from '../../contract/settings.js';
import { createPrivacyPanel } from '../../main/flow/privacy-panel.js';
import { spawnAsApp } from '../helpers/bundle-id.js';
import { makeProvidersDir } from '../helpers/providers-dir.js';
import { spawnProcess, type Spawned } from '../helpers/spawn.js';

const APP = 'org.example.Published';
const os = createOs();
let base: string;
let dir: Awaited<ReturnType<typeof makeProvidersDir>>;
let raw: { process: Spawned; pid: number; port: number };

/** A descriptor file as a provider writes one, naming `bundleId` for `pid`. */
async function publish(bundleId: string, name: string, pid: number, port: number): Promise<void> {
  const descriptor = {
    protocol: '0.2.0', bundleId, name, version: '1.0.0', pid, instance: randomBytes(9).toString('base64url'),
    endpoint: `http://127.0.0.1:${port}/raw/mcp`, token: randomBytes(32).toString('base64url'),
  };
  await writeFile(join(dir.dir, `${bundleId}.${pid}.json`), JSON.stringify(descriptor), { mode: 0o600 });
}

/** Every connection the raw provider has had, after anything still in the pipe has arrived. */
async function connections(): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 150));
  return raw.process.output().split('\n').filter((line) => line.startsWith('raw provider connection')).length;
}

beforeAll(async () => {
  dir = await makeProvidersDir();
  base = await mkdtemp(join(tmpdir(), 'glance-rules-names-'));
  const spawned = spawnAsApp(APP, 'test/faults/fixtures/raw-provider.mjs', { ...dir.env, RAW_LOG_TARGETS: '1', RAW_BUNDLE_ID: APP });
  const ready = await spawned.waitFor(/raw provider ready \(pid (\d+), port (\d+), instance (\S+)\)/);
  raw = { process: spawned, pid: Number(ready[1]), port: Number(ready[2]) };
  // A process that has ended: its pid is free, so its descriptor is a stale file left by a crash.
  const gone = spawnProcess(process.execPath, ['-e', ''], dir.env);
  await gone.exited;
  await publish('org.example.Stale', 'Stale App', gone.pid, raw.port);
  await publish('org.example.Liar', 'Liar App', raw.pid, raw.port);
}, 30_000);
afterAll(async () => {
  await raw?.process.stop();
  await dir?.cleanup();
  await rm(base, { recursive: true, force: true });
});

describe('names for the Rules list from the providers published now', () => {
  it('names only a descriptor whose process is alive and whose bundle id the OS confirms, and asks no provider', async () => {
    const before = await connections();
    expect(await publishedApps({ os, env: dir.env })).toEqual([{ bundleId: APP, name: 'Raw Provider' }]);
    expect(await connections()).toBe(before);
  });

  it('reads the folder when the Rules list is opened, not before, and a rule made with `glance rules` shows the app\'s name', async () => {
    const home = (await openGlanceHome(join(base, 'home'))).path;
    const privacy = createPrivacyService({ home, settings: () => DEFAULT_SETTINGS });
    // As `glance rules set org.example.Published never` would: no receipt, no collection since start.
    await privacy.rules.set(APP, 'never');
    await privacy.rules.set('org.example.Liar', 'local');
    let looks = 0;
    const panel = createPrivacyPanel({
      privacy, historyDays: () => 30, logger: silentLogger, notify: () => undefined,
      published: () => {
        looks += 1;
        return publishedApps({ os, env: dir.env });
      },
    });
    const connected = await connections();
    expect(looks).toBe(0); // nothing on a timer, nothing at start

    const view = await panel.rules();
    expect(looks).toBe(1);
    expect(view.rules.map((r) => r.bundleId).sort()).toEqual(['org.example.Liar', APP]);
    // The published app is named; the liar and the stale file name nothing, so those keep their bundle id alone.
    expect(view.known).toEqual([{ bundleId: APP, name: 'Raw Provider' }]);

    // A change made in the list keeps the names found when it was opened, without reading the folder again.
    const changed = await panel.setRule(APP, 'local');
    expect(looks).toBe(1);
    expect(changed.known).toEqual([{ bundleId: APP, name: 'Raw Provider' }]);
    expect(await connections()).toBe(connected);
  });
});
