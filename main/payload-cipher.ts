import type { PayloadCipher } from '../app/history/schema.js';
import type { SafeStorageLike } from './secrets.js';

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
