export { ReceiptSchema, type Receipt, type RequestOutcome } from '../../contract/privacy.js';

/** How long receipts are kept: the settings own the numbers, so the panel can offer them too. */
export { DEFAULT_HISTORY_DAYS, MAX_HISTORY_DAYS, MIN_HISTORY_DAYS } from '../../contract/settings.js';

/**
 * Encrypts and decrypts a kept payload. The app passes Electron's safeStorage (the Keychain on
 * macOS); the command keeps no payloads, so it passes none.
 */
export interface PayloadCipher {
  encrypt(text: string): Promise<Uint8Array>;
  decrypt(data: Uint8Array): Promise<string>;
}
