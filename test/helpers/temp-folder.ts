import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';

/**
 * A folder of the suite's own in the system's temp folder, made before the suite and removed
 * after it, so a test writes nowhere a user keeps files. Returns its path (inside tests and hooks).
 */
export function useTempFolder(prefix: string): () => string {
  let folder = '';
  beforeAll(async () => { folder = await mkdtemp(join(tmpdir(), prefix)); });
  afterAll(async () => {
    if (folder) await rm(folder, { recursive: true, force: true });
  });
  return () => {
    if (!folder) throw new Error('the temp folder exists only inside tests and hooks');
    return folder;
  };
}
