// Two real processes change the same rules file and history at the same moment, as the app and
// `glance` may: every rule, every exclusion and every receipt of both must be there after.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHistoryStore } from '../../app/history/store.js';
import { openGlanceHome } from '../../app/home/folder.js';
import { createRulesStore } from '../../app/rules/store.js';
import { requireBuild } from '../provider/helpers.js';
import { spawnNode } from '../helpers/spawn.js';

let home: string;
beforeEach(async () => {
  requireBuild();
  home = join(await mkdtemp(join(tmpdir(), 'glance-home-')), 'home');
  await openGlanceHome(home);
});
afterEach(async () => rm(join(home, '..'), { recursive: true, force: true }));

describe('two processes writing to the data folder at once', () => {
  it('loses no rule, no exclusion and no receipt', async () => {
    const count = 60;
    const writers = ['a', 'b'].map((name) => spawnNode('test/home/fixtures/writer.mjs', [home, name, String(count)], process.env));
    await Promise.all(writers.map((w) => w.waitFor(/ready/)));
    await writeFile(join(home, 'go'), '');
    await Promise.all(writers.map((w) => w.waitFor(/done/, 60_000)));
    expect(await Promise.all(writers.map((w) => w.exited))).toEqual([{ code: 0, signal: null }, { code: 0, signal: null }]);

    const state = await createRulesStore(home).load();
    if (!state.ok) throw new Error(state.notice);
    expect(state.rules).toHaveLength(2 * count + 1);
    const shared = state.rules.find((r) => r.bundleId === 'org.example.Shared');
    expect(shared?.exclusions).toHaveLength(2 * count);
    const { receipts, notices } = await createHistoryStore({ home }).list();
    expect(notices).toEqual([]);
    expect(new Set(receipts.map((r) => r.id)).size).toBe(2 * count);
  }, 90_000);
});
