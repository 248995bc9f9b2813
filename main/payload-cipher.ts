import type { PayloadCipher } from '../app/host.js';
import type { EncryptionProblem, SettingsProblem } from '../contract/notices.js';
import type { SafeStorageLike } from './secrets.js';

/**
 * Why nothing can be encrypted on this system now (undefined when it can): Linux's `basic_text`
 * backend encrypts with a key anyone can read, and a Keychain or keyring that is not available
 * encrypts nothing. The API keys and the kept payloads both ask this.
 */
async function encryptionProblem(safeStorage: SafeStorageLike, platform: NodeJS.Platform = process.platform): Promise<EncryptionProblem | undefined> {
  const store = platform === 'darwin' ? 'keychain' : 'keyring';
  if (platform === 'linux' && safeStorage.getSelectedStorageBackend() === 'basic_text') return { problem: 'no-keyring', store };
  if (!(await safeStorage.isAsyncEncryptionAvailable())) return { problem: 'unavailable', store };
  return undefined;
}

/**
 * Why no payload can be kept on this system now, for the sentence beside the setting (undefined
 * when one can): in either case Glance keeps receipts only, and never a payload in plain text.
 */
export async function payloadKeepingProblem(safeStorage: SafeStorageLike, platform: NodeJS.Platform = process.platform): Promise<Extract<SettingsProblem, { kind: 'payload-keeping' }> | undefined> {
  const problem = await encryptionProblem(safeStorage, platform);
  return problem ? { kind: 'payload-keeping', ...problem } : undefined;
}

/**
 * "Keep what was sent" (app/history): each kept payload is encrypted with Electron's safeStorage,
 * the Keychain on macOS, as the API keys are (secrets.ts). On Linux the `basic_text` backend
 * protects nothing, so no payload is kept there: without a cipher the history keeps receipts only.
 */
export function safeStorageCipher(safeStorage: SafeStorageLike, platform: NodeJS.Platform = process.platform): PayloadCipher | undefined {
  if (platform === 'linux' && safeStorage.getSelectedStorageBackend() === 'basic_text') return undefined;
  const ready = async (): Promise<void> => {
    if (!(await safeStorage.isAsyncEncryptionAvailable())) {
      throw new Error('the Keychain is not available, so the payload cannot be kept; turn off "Keep what was sent" or try again');
    }
  };
  return {
    encrypt: async (text) => {
      await ready();
      return safeStorage.encryptStringAsync(text);
    },
    decrypt: async (data) => {
      await ready();
      return (await safeStorage.decryptStringAsync(Buffer.from(data))).result;
    },
  };
}
