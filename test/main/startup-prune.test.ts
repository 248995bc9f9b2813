// The app's pruning of old receipts at start (docs/privacy.md, "What is stored"), through the
// real composition: createMainServices over the fake Electron ports and a real data folder
// holding a history that the `glance` command could have written. Receipts older than the
// settings' days go as the app starts, without any hotkey or panel; younger ones stay.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createHistoryStore } from '../../app/history/store.js';
import { createMainServices } from '../../main/services.js';
import { receipt } from '../history/fixtures.js';
import { useServicesFolder } from './services-folder.js';
import { fakeShell } from './fake-ports.js';

const DAY = 86_400_000;
const folder = useServicesFolder('glance-prune-', { glanceHome: true });

/** The ids in history.jsonl, oldest first, as the file holds them. */
async function idsOnDisk(): Promise<string[]> {
  const text = await readFile(join(folder.dir(), 'history.jsonl'), 'utf8').catch(() => '');
  return text.split('\n').filter((line) => line.trim() !== '').map((line) => (JSON.parse(line) as { id: string }).id);
}

describe('the app prunes old receipts as it starts', () => {
  it('removes receipts older than the settings keep, keeps the younger ones, and needs no hotkey', async () => {
    await writeFile(join(folder.dir(), 'settings.json'), JSON.stringify({ historyDays: 7 }), { mode: 0o600 });
    const history = createHistoryStore({ home: folder.dir() });
    await history.append(receipt({ id: '00000000000000c1', at: new Date(Date.now() - 8 * DAY).toISOString() }));
    await history.append(receipt({ id: '00000000000000c2', at: new Date(Date.now() - 6 * DAY).toISOString() }));
    await history.append(receipt({ id: '00000000000000c3', at: new Date(Date.now() - DAY).toISOString() }));
    expect(await idsOnDisk()).toEqual(['00000000000000c1', '00000000000000c2', '00000000000000c3']);

    const shell = fakeShell(folder.dir());
    folder.keep(await createMainServices(shell.ports));
    await expect.poll(idsOnDisk).toEqual(['00000000000000c2', '00000000000000c3']);
    // Pruning is quiet: no notice, and the panel was not shown for it.
    expect(shell.panelVisible()).toBe(false);
  });

  it('with the default 30 days, a month-old receipt goes and a week-old one stays', async () => {
    const history = createHistoryStore({ home: folder.dir() });
    await history.append(receipt({ id: '00000000000000d1', at: new Date(Date.now() - 31 * DAY).toISOString() }));
    await history.append(receipt({ id: '00000000000000d2', at: new Date(Date.now() - 7 * DAY).toISOString() }));
    folder.keep(await createMainServices(fakeShell(folder.dir()).ports));
    await expect.poll(idsOnDisk).toEqual(['00000000000000d2']);
  });
});
