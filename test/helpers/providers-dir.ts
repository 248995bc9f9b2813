import { mkdtemp, rm, chmod } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A fresh providers folder (mode 0700) for one test, and the environment that points at it.
 * The environment also names a GLANCE_HOME of the test's own (not created: Glance creates it
 * when it first writes), so no test reads the user's rules or adds to the user's history.
 */
export async function makeProvidersDir(): Promise<{ dir: string; home: string; env: NodeJS.ProcessEnv; cleanup: () => Promise<void> }> {
  const base = await mkdtemp(join(tmpdir(), 'glance-test-'));
  const dir = join(base, 'providers');
  const home = join(base, 'home');
  const { mkdir } = await import('node:fs/promises');
  await mkdir(dir, { mode: 0o700 });
  await chmod(dir, 0o700);
  const env = { ...process.env, APP_CONTEXT_PROVIDERS_DIR: dir, GLANCE_HOME: home };
  return { dir, home, env, cleanup: () => rm(base, { recursive: true, force: true }) };
}
