import { mkdtemp, rm, chmod } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A fresh providers folder (mode 0700) for one test, and the environment that points at it. */
export async function makeProvidersDir(): Promise<{ dir: string; env: NodeJS.ProcessEnv; cleanup: () => Promise<void> }> {
  const base = await mkdtemp(join(tmpdir(), 'glance-test-'));
  const dir = join(base, 'providers');
  const { mkdir } = await import('node:fs/promises');
  await mkdir(dir, { mode: 0o700 });
  await chmod(dir, 0o700);
  const env = { ...process.env, APP_CONTEXT_PROVIDERS_DIR: dir };
  return { dir, env, cleanup: () => rm(base, { recursive: true, force: true }) };
}
