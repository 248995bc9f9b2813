// API keys with safeStorage (main/secrets.ts), real files in a temporary data folder, and only
// the four safeStorage methods the store uses, faked (`satisfies` Electron's own type).
import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SecretRegistry, silentLogger, type Logger } from '../../app/log/logger.js';
import { DEFAULT_SETTINGS } from '../../contract/settings.js';
import { createSettingsStore } from '../../app/settings/store.js';
import { createSecretStore, KEYS_FILE, type SafeStorageLike } from '../../main/secrets.js';
import { keyProblemWords, UNREADABLE_KEYS_WORDS } from '../../renderer/src/words/notices.js';
import { releaseFifos, within } from '../helpers/within.js';

/** Main says why keys cannot be kept as a kind; the panel words it (renderer/src/words/notices.ts). */
const UNREADABLE_KEYS = { problem: 'unreadable' } as const;
const said = (problem: Parameters<typeof keyProblemWords>[0] | undefined): string | undefined => (problem ? keyProblemWords(problem) : undefined);

const KEY = 'sk-ant-api03-very-secret-0123456789';

/** A safeStorage that XORs (so the blob is not the plain text) and reports the given backend. */
function fakeSafeStorage(backend: ReturnType<SafeStorageLike['getSelectedStorageBackend']> = 'gnome_libsecret', available = true) {
  const xor = (data: Buffer): Buffer => Buffer.from(data.map((b) => b ^ 0x5a));
  return {
    isAsyncEncryptionAvailable: async () => available,
    encryptStringAsync: async (text: string) => xor(Buffer.from(text)),
    decryptStringAsync: async (blob: Buffer) => ({ result: xor(blob).toString(), shouldReEncrypt: false }),
    getSelectedStorageBackend: () => backend,
  } satisfies SafeStorageLike;
}

let folder: string;
let lines: string[];
const logger: Logger = { debug: (m) => lines.push(m), info: (m) => lines.push(m), warn: (m) => lines.push(m), error: (m) => lines.push(m) };
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'glance-secrets-'));
  lines = [];
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('the API key store', () => {
  it('stores a key encrypted in its own file, never in settings.json, and says only that it is stored', async () => {
    const redact = new SecretRegistry();
    const store = createSecretStore({ safeStorage: fakeSafeStorage(), folder, platform: 'linux', redact, logger });
    const settings = createSettingsStore(folder);
    await settings.save(DEFAULT_SETTINGS);
    const result = await store.set('anthropic', KEY);
    expect(result).toEqual({ status: { available: true, stored: { anthropic: true, openai: false } } });
    // What goes back to the panel has no key in it.
    expect(JSON.stringify(result)).not.toContain(KEY);
    expect(JSON.stringify(await store.status())).not.toContain(KEY);
    expect(await store.get('anthropic')).toBe(KEY);
    const blob = await readFile(join(folder, KEYS_FILE));
    expect(blob.toString('latin1')).not.toContain(KEY);
    expect((await stat(join(folder, KEYS_FILE))).mode & 0o777).toBe(0o600);
    expect(await readFile(settings.path, 'utf8')).not.toContain(KEY);
    expect((await readdir(folder)).sort()).toEqual([KEYS_FILE, 'settings.json']);
    // Never logged, and blanked should it ever reach a log line.
    expect(lines.join('\n')).not.toContain(KEY);
    expect(redact.redact(`oops ${KEY}`)).toBe('oops [redacted]');
  });

  it('refuses Linux basic_text, which would keep keys readable: nothing is written', async () => {
    const store = createSecretStore({ safeStorage: fakeSafeStorage('basic_text'), folder, platform: 'linux', redact: new SecretRegistry(), logger: silentLogger });
    const result = await store.set('openai', KEY);
    expect(result.problem).toEqual({ problem: 'no-keyring', store: 'keyring' });
    expect(said(result.problem)).toMatch(/No system keyring was found/);
    expect(result.status).toMatchObject({ available: false, stored: { anthropic: false, openai: false } });
    expect(await readdir(folder)).toEqual([]);
    expect(await store.get('openai')).toBeUndefined();
  });

  it('says when the Keychain is not available', async () => {
    const store = createSecretStore({ safeStorage: fakeSafeStorage('unknown', false), folder, platform: 'darwin', redact: new SecretRegistry(), logger: silentLogger });
    const status = await store.status();
    expect(status).toMatchObject({ available: false, problem: { problem: 'unavailable', store: 'keychain' } });
    expect(said(status.problem)).toMatch(/Keychain is not available/);
  });

  it('clears one key and keeps the other; the file goes with the last key', async () => {
    const store = createSecretStore({ safeStorage: fakeSafeStorage(), folder, platform: 'darwin', redact: new SecretRegistry(), logger: silentLogger });
    await store.set('anthropic', KEY);
    await store.set('openai', 'sk-openai-0123456789');
    expect(await store.clear('anthropic')).toEqual({ available: true, stored: { anthropic: false, openai: true } });
    expect(await store.get('openai')).toBe('sk-openai-0123456789');
    await store.clear('openai');
    expect(await readdir(folder)).toEqual([]);
  });

  it('never writes after a failed read: the other key survives a save, and the user is told', async () => {
    const good = createSecretStore({ safeStorage: fakeSafeStorage(), folder, platform: 'darwin', redact: new SecretRegistry(), logger: silentLogger });
    await good.set('openai', KEY);
    const before = await readFile(join(folder, KEYS_FILE));
    // The Keychain refuses (the user chose Deny, or the item changed): decrypting fails.
    const refused = createSecretStore({
      safeStorage: { ...fakeSafeStorage(), decryptStringAsync: async () => { throw new Error('Keychain refused'); } },
      folder, platform: 'darwin', redact: new SecretRegistry(), logger,
    });
    const result = await refused.set('anthropic', 'sk-ant-api03-another-key-0123456789');
    expect(result.problem).toEqual(UNREADABLE_KEYS);
    expect(said(result.problem)).toBe(UNREADABLE_KEYS_WORDS);
    expect(UNREADABLE_KEYS_WORDS).toMatch(/^Glance could not read the API keys it stored .*remove api-keys\.bin from Glance’s data folder/);
    expect(result.status).toEqual({ available: false, problem: UNREADABLE_KEYS, stored: { anthropic: false, openai: false } });
    expect(await refused.clear('openai')).toMatchObject({ available: false, problem: UNREADABLE_KEYS });
    expect(await refused.status()).toMatchObject({ available: false, problem: UNREADABLE_KEYS });
    // The file is as it was, byte for byte, and the key in it still reads once the Keychain allows it.
    expect(await readFile(join(folder, KEYS_FILE))).toEqual(before);
    expect(await good.get('openai')).toBe(KEY);
    expect(await readdir(folder)).toEqual([KEYS_FILE]);
  });

  it('says the keys cannot be read, at once, when a FIFO lies where the file should be (a plain read would wait on it for good)', async () => {
    const fifo = join(folder, KEYS_FILE);
    execFileSync('mkfifo', ['-m', '600', fifo]);
    const status = await within(createSecretStore({ safeStorage: fakeSafeStorage(), folder, platform: 'darwin', redact: new SecretRegistry(), logger }).status(), 5000);
    releaseFifos([fifo]);
    expect(status).toEqual({ available: false, problem: UNREADABLE_KEYS, stored: { anthropic: false, openai: false } });
    expect(lines.join('\n')).toContain('not one to read (not a regular file)');
  });

  it('reads a damaged blob as no keys, without quoting it', async () => {
    const store = createSecretStore({ safeStorage: { ...fakeSafeStorage(), decryptStringAsync: async () => { throw new Error(`bad ${KEY}`); } }, folder, platform: 'darwin', redact: new SecretRegistry(), logger });
    await createSecretStore({ safeStorage: fakeSafeStorage(), folder, platform: 'darwin', redact: new SecretRegistry(), logger: silentLogger }).set('openai', KEY);
    expect(await store.get('openai')).toBeUndefined();
    expect(lines.join('\n')).toMatch(/could not be read/);
    expect(lines.join('\n')).not.toContain(KEY);
  });
});
