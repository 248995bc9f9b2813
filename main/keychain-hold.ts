import type { SafeStorageLike } from './secrets.js';

/**
 * safeStorage whose Keychain operations keep the panel shown while they run, so Keychain's prompt does not hide it.
 * macOS may ask the user to allow Glance access to its Keychain item: that dialog takes the
 * focus, and the panel, which hides on blur, would go away with the collection and the request
 * that caused it. `holdOpen` is the panel's (PanelPort.holdOpen); each operation releases it
 * when done, however it ended.
 */
export function holdPanelDuringKeychain(safeStorage: SafeStorageLike, holdOpen: () => () => void): SafeStorageLike {
  const held = async <T>(operation: () => Promise<T>): Promise<T> => {
    const release = holdOpen();
    try {
      return await operation();
    } finally {
      release();
    }
  };
  // Each method named, not spread: Electron's safeStorage keeps its methods off the object itself.
  return {
    isAsyncEncryptionAvailable: () => held(() => safeStorage.isAsyncEncryptionAvailable()),
    encryptStringAsync: (text) => held(() => safeStorage.encryptStringAsync(text)),
    decryptStringAsync: (blob) => held(() => safeStorage.decryptStringAsync(blob)),
    getSelectedStorageBackend: () => safeStorage.getSelectedStorageBackend(),
  };
}
