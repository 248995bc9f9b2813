import type { PayloadCipher } from '../app/host.js';
import type { SafeStorageLike } from './secrets.js';

/**
 * Why no payload can be kept on this system now, in a sentence for the user beside the setting
 * (undefined when one can). Linux's `basic_text` backend encrypts with a key anyone can read, and
 * a Keychain or keyring that is not available encrypts nothing: in both cases Glance keeps
 * receipts only, and never a payload in plain text.
 */
export async function payloadKeepingProblem(safeStorage: SafeStorageLike, platform: NodeJS.Platform = process.platform): Promise<string | undefined> {
  const store = platform === 'darwin' ? 'the Keychain' : 'a keyring';
  if (platform === 'linux' && safeStorage.getSelectedStorageBackend() === 'basic_text') {
    return 'Not available here: this system has no keyring to encrypt with, so Glance keeps receipts only, never a payload in plain text.';
  }
  if (!(await safeStorage.isAsyncEncryptionAvailable())) {
    return `Not available now: Glance cannot encrypt with ${store}, so it keeps receipts only, never a payload in plain text.`;
  }
  return undefined;
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
