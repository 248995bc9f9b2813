// "Keep what was sent" encrypts with safeStorage (main/payload-cipher.ts): only the four
// safeStorage methods it uses are faked (`satisfies` Electron's own type); the history store
// and its files are real.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHistoryStore } from '../../app/history/store.js';
import { safeStorageCipher } from '../../main/payload-cipher.js';
import type { SafeStorageLike } from '../../main/secrets.js';
import { receipt } from '../history/fixtures.js';

function fakeSafeStorage(backend: ReturnType<SafeStorageLike['getSelectedStorageBackend']>, available = true) {
  const xor = (data: Buffer): Buffer => Buffer.from(data.map((b) => b ^ 0x5a));
  return {
    isAsyncEncryptionAvailable: async () => available,
    encryptStringAsync: async (text: string) => xor(Buffer.from(text)),
    decryptStringAsync: async (blob: Buffer) => ({ result: xor(blob).toString(), shouldReEncrypt: false }),
    getSelectedStorageBackend: () => backend,
  } satisfies SafeStorageLike;
}

let home: string;
beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), 'glance-cipher-'));
});
afterEach(async () => rm(home, { recursive: true, force: true }));

describe('the payload cipher', () => {
  it('keeps a payload through safeStorage and reads it back', async () => {
    const history = createHistoryStore({ home, cipher: safeStorageCipher(fakeSafeStorage('gnome_libsecret'), 'linux') });
    await history.append(receipt(), '{"question":"where is the heron?"}');
    expect(await readFile(join(home, 'payloads', `${receipt().id}.bin`), 'utf8')).not.toContain('heron');
    expect(await history.payload(receipt().id)).toBe('{"question":"where is the heron?"}');
  });

  it('is none on Linux without a keyring: Electron would keep it readable by anyone with the file', () => {
    expect(safeStorageCipher(fakeSafeStorage('basic_text'), 'linux')).toBeUndefined();
    expect(safeStorageCipher(fakeSafeStorage('basic_text'), 'darwin')).toBeDefined();
  });

  it('refuses, saying why, when the Keychain is not available', async () => {
    const cipher = safeStorageCipher(fakeSafeStorage('gnome_libsecret', false), 'linux');
    await expect(cipher?.encrypt('x')).rejects.toThrow(/Keychain is not available/);
  });
});
