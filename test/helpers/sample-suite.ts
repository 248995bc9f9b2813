import { afterAll, beforeAll } from 'vitest';
import { makeProvidersDir } from './providers-dir.js';
import { expectNoToken, requireBuild, SAMPLE, startChild, type ChildProvider } from '../provider/helpers.js';

/** The running Sample Notes of a suite, and the environment that points a host at its folder. */
export interface SampleSuite {
  sample(): ChildProvider;
  env(): NodeJS.ProcessEnv;
}

/**
 * Registers the hooks of a suite that talks to the real Sample Notes: a fresh providers folder
 * and the compiled sample started in it before the suite; after it, the sample stopped (nothing
 * it printed may hold its token) and the folder removed.
 */
export function useSampleNotes(): SampleSuite {
  let dir: Awaited<ReturnType<typeof makeProvidersDir>> | undefined;
  let sample: ChildProvider | undefined;
  beforeAll(async () => {
    requireBuild();
    dir = await makeProvidersDir();
    sample = await startChild(SAMPLE, dir.env, dir.dir);
  });
  afterAll(async () => {
    if (sample) {
      await sample.proc.stop();
      expectNoToken(sample);
    }
    await dir?.cleanup();
  });
  const running = (): { dir: NonNullable<typeof dir>; sample: ChildProvider } => {
    if (!dir || !sample) throw new Error('Sample Notes runs only inside tests and hooks');
    return { dir, sample };
  };
  return { sample: () => running().sample, env: () => running().dir.env };
}
