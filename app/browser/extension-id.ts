/**
 * The extension's id, computed as Chromium computes it from the public key in its manifest's
 * `key`: the first 32 hex digits of the SHA-256 of the key's DER bytes, each digit 0-f written
 * as a letter a-p. With a fixed key the id is the same wherever the folder is loaded, so the
 * host manifest's `allowed_origins` can name it before the user loads the extension.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

const ManifestKeySchema = z.object({ key: z.string().regex(/^[A-Za-z0-9+/]+={0,2}$/) });

/** The id for a base64 public key (the manifest's `key`). */
export function extensionIdFromKey(key: string): string {
  const digest = createHash('sha256').update(Buffer.from(key, 'base64')).digest('hex').slice(0, 32);
  return [...digest].map((digit) => String.fromCharCode(97 + Number.parseInt(digit, 16))).join('');
}

/** The id of the extension in `folder`, from its manifest.json. */
export function extensionIdOf(folder: string): string {
  const manifest = ManifestKeySchema.parse(JSON.parse(readFileSync(join(folder, 'manifest.json'), 'utf8')));
  return extensionIdFromKey(manifest.key);
}
