import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { PayloadCipher, Receipt } from '../../app/history/schema.js';

/** A receipt with plausible values; override what a test is about. */
export function receipt(over: Partial<Receipt> = {}): Receipt {
  return {
    id: '0123456789abcdef', at: new Date().toISOString(),
    app: { bundleId: 'org.example.Notes', name: 'Notes', pid: 4242 },
    backend: 'openai', model: 'llama3.2', endpoint: 'http://127.0.0.1:11434',
    sentIds: ['app', 'doc'], excludedIds: ['list'], withheld: [{ id: 'row-7', kind: 'GitHub token' }],
    bytes: 10, sha256: 'a'.repeat(64),
    ...over,
  };
}

/**
 * A real cipher for tests, standing in for Electron's safeStorage: AES-256-GCM with a key of
 * the test's own, so a kept payload is truly unreadable without it.
 */
export function testCipher(key: Buffer = randomBytes(32)): PayloadCipher & { calls: number } {
  const cipher = {
    calls: 0,
    encrypt: async (text: string) => {
      cipher.calls += 1;
      const iv = randomBytes(12);
      const c = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([c.update(text, 'utf8'), c.final()]);
      return Buffer.concat([iv, c.getAuthTag(), body]);
    },
    decrypt: async (data: Uint8Array) => {
      const bytes = Buffer.from(data);
      const d = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
      d.setAuthTag(bytes.subarray(12, 28));
      return Buffer.concat([d.update(bytes.subarray(28)), d.final()]).toString('utf8');
    },
  };
  return cipher;
}
