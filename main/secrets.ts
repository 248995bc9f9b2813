import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SafeStorage } from 'electron';
import { KEYED_BACKENDS, type KeyedBackendId } from '../contract/backends.js';
import { MODEL_API_KEY, readOptionalBytes, UnreadableFileError, type Logger, type SecretRegistry } from '../app/host.js';
import type { KeyProblem, KeyStatus } from '../contract/ipc.js';

/**
 * API keys, kept with Electron's safeStorage (the Keychain on macOS): one encrypted blob in the
 * app's data folder, never in settings.json, never logged, never sent to a renderer (the panel
 * learns only which keys are stored). On Linux the `basic_text` backend encrypts with a key
 * written in Chromium's source, which protects nothing: keys are refused there.
 */

/** The blob's name in the data folder. */
export const KEYS_FILE = 'api-keys.bin';

/** The parts of safeStorage used here (the async API: the sync one is deprecated in Electron 45). */
export type SafeStorageLike = Pick<SafeStorage, 'isAsyncEncryptionAvailable' | 'encryptStringAsync' | 'decryptStringAsync' | 'getSelectedStorageBackend'>;

/** The key store. */
export interface SecretStore {
  status(): Promise<KeyStatus>;
  /** The key for a backend, for main's own use only. */
  get(backend: KeyedBackendId): Promise<string | undefined>;
  set(backend: KeyedBackendId, key: string): Promise<{ status: KeyStatus; problem?: KeyProblem }>;
  clear(backend: KeyedBackendId): Promise<KeyStatus>;
}

/** What the store needs. */
export interface SecretStoreDeps {
  safeStorage: SafeStorageLike;
  /** The app's data folder (app.getPath('userData')). */
  folder: string;
  platform?: NodeJS.Platform;
  /** Every key read or stored is registered here, so the redacting logger blanks it. */
  redact: SecretRegistry;
  logger: Logger;
}

type Keys = Partial<Record<KeyedBackendId, string>>;

/**
 * The stored keys exist but cannot be read (the Keychain refused, or its item changed). Nothing
 * is written then: a save would replace the file with the new key alone and lose the other
 * backend's, so the file stays as it is until it can be read again. The panel says what to do.
 */
const UNREADABLE_KEYS: KeyProblem = { problem: 'unreadable' };

/** A store over the data folder. */
export function createSecretStore(deps: SecretStoreDeps): SecretStore {
  const path = join(deps.folder, KEYS_FILE);
  const platform = deps.platform ?? process.platform;

  const store = platform === 'darwin' ? 'keychain' : 'keyring';
  /** Why keys cannot be kept here, or undefined when they can (the panel words it). */
  const unavailable = async (): Promise<KeyProblem | undefined> => {
    // Asked only on Linux: the method is Linux-only, and macOS always uses the Keychain.
    if (platform === 'linux' && deps.safeStorage.getSelectedStorageBackend() === 'basic_text') return { problem: 'no-keyring', store };
    if (!(await deps.safeStorage.isAsyncEncryptionAvailable())) return { problem: 'unavailable', store };
    return undefined;
  };

  /** The stored keys, or undefined when a file is there but cannot be read (never written over then). */
  const read = async (): Promise<Keys | undefined> => {
    let blob: Buffer | undefined;
    try {
      // Bounded and never blocking (app/home/files.ts): a FIFO or a link to a procfs file in its place is refused, not waited on.
      blob = await readOptionalBytes(path);
    } catch (error) {
      if (!(error instanceof UnreadableFileError) || error.refusal === 'unreadable') throw error;
      deps.logger.warn(`secrets: the stored API keys file is not one to read (${error.code}); the file is left as it is`);
      return undefined;
    }
    if (blob === undefined) return {};
    try {
      const { result, shouldReEncrypt } = await deps.safeStorage.decryptStringAsync(blob);
      const parsed = JSON.parse(result) as Record<string, unknown>;
      const keys: Keys = {};
      for (const backend of KEYED_BACKENDS) {
        const key = parsed[backend];
        if (typeof key === 'string' && key !== '') {
          deps.redact.add(key, MODEL_API_KEY);
          keys[backend] = key;
        }
      }
      if (shouldReEncrypt) await write(keys);
      return keys;
    } catch {
      // Never the error's text: it could carry part of what was decrypted.
      deps.logger.warn('secrets: the stored API keys could not be read (the Keychain refused, or its item changed); the file is left as it is');
      return undefined;
    }
  };

  const write = async (keys: Keys): Promise<void> => {
    await mkdir(deps.folder, { recursive: true, mode: 0o700 });
    if (Object.keys(keys).length === 0) {
      await rm(path, { force: true });
      return;
    }
    const blob = await deps.safeStorage.encryptStringAsync(JSON.stringify(keys));
    const temporary = join(deps.folder, `.api-keys.${randomBytes(6).toString('hex')}.tmp`);
    try {
      await writeFile(temporary, blob, { mode: 0o600, flush: true });
      await rename(temporary, path);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  };

  const statusOf = (problem: KeyProblem | undefined, keys: Keys): KeyStatus => {
    const stored = Object.fromEntries(KEYED_BACKENDS.map((backend) => [backend, keys[backend] !== undefined])) as KeyStatus['stored'];
    return problem ? { available: false, problem, stored } : { available: true, stored };
  };
  const status = async (): Promise<KeyStatus> => {
    const reason = await unavailable();
    if (reason) return statusOf(reason, {});
    const keys = await read();
    return keys === undefined ? statusOf(UNREADABLE_KEYS, {}) : statusOf(undefined, keys);
  };

  return {
    status,
    async get(backend) {
      if (await unavailable()) return undefined;
      return (await read())?.[backend];
    },
    async set(backend, key) {
      const reason = await unavailable();
      if (reason) return { status: statusOf(reason, {}), problem: reason };
      const keys = await read();
      if (keys === undefined) return { status: statusOf(UNREADABLE_KEYS, {}), problem: UNREADABLE_KEYS };
      deps.redact.add(key, MODEL_API_KEY);
      await write({ ...keys, [backend]: key });
      deps.logger.info(`secrets: an API key for ${backend} was stored`);
      return { status: await status() };
    },
    async clear(backend) {
      const reason = await unavailable();
      if (reason) return statusOf(reason, {});
      const keys = await read();
      if (keys === undefined) return statusOf(UNREADABLE_KEYS, {});
      const { [backend]: _removed, ...rest } = keys;
      await write(rest);
      deps.logger.info(`secrets: the API key for ${backend} was removed`);
      return status();
    },
  };
}
