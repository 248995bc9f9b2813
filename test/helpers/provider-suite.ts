import { afterAll, afterEach, beforeAll } from 'vitest';
import { makeProvidersDir } from './providers-dir.js';
import { startTestProvider, expectNoToken, type TestProvider } from './test-provider.js';

/** What every suite in a fresh providers folder has (valid inside tests and hooks). */
export interface FolderSuite {
  /** The providers folder. */
  dir(): string;
  /** The environment that points a host or `glance` at that folder. */
  env(): NodeJS.ProcessEnv;
  /** Further outputs (a CLI's stdout and stderr) checked for every provider's token after each test. */
  outputs: string[];
}

/**
 * Registers the hooks of a suite of processes in a fresh providers folder: the folder is made
 * before the suite and removed after it, and after each test `end` is called on everything the
 * test started (`track`), with the outputs to check for its token.
 */
export function useProvidersFolder<T>(end: (started: T, outputs: readonly string[]) => Promise<void>): FolderSuite & { track(started: T): T } {
  let folder: Awaited<ReturnType<typeof makeProvidersDir>> | undefined;
  const running: T[] = [];
  const outputs: string[] = [];
  const current = () => {
    if (!folder) throw new Error('the providers folder exists only inside tests and hooks');
    return folder;
  };
  beforeAll(async () => { folder = await makeProvidersDir(); });
  afterEach(async () => {
    for (const started of running.splice(0)) await end(started, outputs);
    outputs.length = 0;
  });
  afterAll(async () => { await folder?.cleanup(); });
  return {
    dir: () => current().dir,
    env: () => current().env,
    outputs,
    track: (started) => {
      running.push(started);
      return started;
    },
  };
}

/** A suite's providers folder and the providers it started. */
export interface ProviderSuite extends FolderSuite {
  /** Starts a configurable test provider with knobs; it is stopped after the test. */
  start(knobs?: Record<string, string>): Promise<TestProvider>;
}

/**
 * A suite that runs real test providers in a fresh providers folder: after each test every
 * provider it started is stopped, and neither its own output nor any collected output may
 * contain its token; the folder is removed after the suite.
 */
export function useProviderSuite(): ProviderSuite {
  const { track, ...suite } = useProvidersFolder<TestProvider>(async (p, outputs) => {
    await p.process.stop();
    expectNoToken(p.descriptor.token, p.process.output(), ...outputs);
  });
  return { ...suite, start: async (knobs = {}) => track(await startTestProvider(suite.dir(), knobs)) };
}
