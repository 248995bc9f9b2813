// "Keep what was sent" where nothing can be encrypted (docs/privacy.md, "What is stored"), through
// the real composition: createMainServices over the fake Electron ports, with only safeStorage's
// answers changed (the narrow port), on a real data folder. Without a Keychain or keyring to
// encrypt with, the switch cannot be turned on: the change is refused with the reason beside the
// setting (no "Saved"), settings.json keeps it off, and no payload is ever written.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMainServices, type MainServices } from '../../main/services.js';
import { useServicesFolder } from './services-folder.js';
import { fakeShell, xorSafeStorage } from './fake-ports.js';
import { settingsProblemWords } from '../../renderer/src/words/notices.js';

const folder = useServicesFolder('glance-keep-', { glanceHome: true });

async function start(platform: NodeJS.Platform, safeStorage = xorSafeStorage()): Promise<MainServices> {
  const shell = fakeShell(folder.dir(), { safeStorage });
  const services = await createMainServices({ ...shell.ports, platform });
  folder.keep(services);
  return services;
}

const savedKeep = async (): Promise<unknown> => (JSON.parse(await readFile(join(folder.dir(), 'settings.json'), 'utf8')) as { keepPayloads?: unknown }).keepPayloads;

describe('"Keep what was sent" without a way to encrypt', () => {
  it.each([
    ['Linux with the basic_text backend (no keyring)', 'linux', xorSafeStorage({ getSelectedStorageBackend: () => 'basic_text' }), 'no keyring to encrypt with'],
    ['a Mac whose Keychain is not available', 'darwin', xorSafeStorage({ isAsyncEncryptionAvailable: async () => false }), 'cannot encrypt with the Keychain'],
  ] as const)('%s: says so, refuses to turn it on, and keeps nothing', async (_name, platform, safeStorage, words) => {
    const services = await start(platform, safeStorage);
    const keeping = await services.handlers.payloadKeeping(undefined);
    expect(keeping).toEqual({ available: false, problem: { kind: 'payload-keeping', problem: expect.any(String), store: expect.any(String) } });
    // Main sends the kind; the sentence beside the setting is the panel's (renderer/src/words/notices.ts).
    const reason = keeping.problem ? settingsProblemWords(keeping.problem) : '';
    expect(reason).toContain(words);
    expect(reason).toContain('never a payload in plain text');

    const result = await services.handlers.saveSettings({ keepPayloads: true });
    expect(result.problems).toEqual([keeping.problem]);
    expect(result.settings.keepPayloads).toBe(false);
    await expect(services.handlers.getSettings(undefined)).resolves.toMatchObject({ keepPayloads: false });
    expect(await savedKeep()).toBe(false);
    expect(await readdir(folder.dir())).not.toContain('payloads');
  });

  it('with the Keychain available, it turns on and says nothing against it', async () => {
    const services = await start('darwin');
    expect(await services.handlers.payloadKeeping(undefined)).toEqual({ available: true });
    const result = await services.handlers.saveSettings({ keepPayloads: true });
    expect(result).toMatchObject({ problems: [], settings: { keepPayloads: true } });
    expect(await savedKeep()).toBe(true);
  });
});
