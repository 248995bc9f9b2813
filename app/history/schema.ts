import { z } from 'zod';

/**
 * A receipt: what one request that carried context to a model held (cli.md, "History"). It
 * names the app, the backend, the model server, the ids that went and those left out, and the
 * size and SHA-256 of the exact body sent. Never a token, an API key, or the context itself:
 * the payload is kept only when the user asks for it, encrypted, beside the receipt.
 */
export const ReceiptSchema = z.object({
  id: z.string().regex(/^[0-9a-f]{16}$/),
  at: z.iso.datetime(),
  app: z.object({ bundleId: z.string(), name: z.string(), pid: z.number().int().positive() }),
  backend: z.string().min(1),
  /** Null for the offline backend, which asks no model. */
  model: z.string().nullable(),
  /** The model server's origin, or `offline`. */
  endpoint: z.string().min(1),
  sentIds: z.array(z.string()),
  excludedIds: z.array(z.string()),
  withheld: z.array(z.object({ id: z.string(), kind: z.string() })),
  bytes: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type Receipt = z.infer<typeof ReceiptSchema>;

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
