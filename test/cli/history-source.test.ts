// `glance history` and `history show` say when a receipt's context was read through
// Accessibility: a real history file in a GLANCE_HOME of the test's own, the real command.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../app/cli/main.js';
import { createHistoryStore } from '../../app/history/store.js';
import { receipt } from '../history/fixtures.js';

let home = '';
beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'glance-history-source-'));
  const history = createHistoryStore({ home });
  await history.append(receipt({ id: '00000000000000a1', app: { bundleId: 'python3.11', name: 'gtk-app.py', pid: 4242 }, source: 'accessibility' }));
  await history.append(receipt({ id: '00000000000000b2', source: 'provider' }));
  await history.append(receipt({ id: '00000000000000c3', answer: 'kept' }));
});
afterAll(() => rm(home, { recursive: true, force: true }));

async function glance(...args: string[]): Promise<string> {
  let stdout = '';
  const code = await main(args, { stdout: (t) => void (stdout += t), stderr: () => undefined, env: { GLANCE_HOME: home, APP_CONTEXT_PROVIDERS_DIR: join(home, 'providers') } });
  expect(code).toBe(0);
  return stdout;
}

describe('a receipt read through Accessibility, in `glance history`', () => {
  it('the list and `history show` say so; a provider’s receipt says nothing of the kind', async () => {
    const list = (await glance('history')).split('\n');
    expect(list.find((line) => line.includes('[00000000000000a1]'))).toContain('(python3.11, pid 4242, read through Accessibility) to');
    expect(list.find((line) => line.includes('[00000000000000b2]'))).not.toContain('Accessibility');
    expect(await glance('history', 'show', '00000000000000a1')).toContain('  read      through Accessibility: the app does not share context itself\n');
    expect(await glance('history', 'show', '00000000000000b2')).not.toContain('Accessibility');
  });
});

describe('a receipt whose answer the app kept', () => {
  it('says so, and where to read it: the command holds no key to decrypt it, and never prints the text', async () => {
    expect(await glance('history', 'show', '00000000000000c3')).toContain("  answer    kept, encrypted by the app: read it in the app's History (Settings, Privacy)\n");
    expect(await glance('history', 'show', '00000000000000b2')).not.toContain('answer ');
    expect(JSON.parse(await glance('history', 'show', '00000000000000c3', '--json'))).toMatchObject({ id: '00000000000000c3', answer: 'kept' });
  });
});
