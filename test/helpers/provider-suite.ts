import { afterAll, afterEach, beforeAll } from 'vitest';
import { makeProvidersDir } from './providers-dir.js';
import { startTestProvider, expectNoToken, type TestProvider } from './test-provider.js';

/** A suite's providers folder and the providers it started. */
export interface ProviderSuite {
  /** The providers folder (valid inside tests and hooks). */
  dir(): string;
  /** The environment that points a host or `glance` at that folder. */
  env(): NodeJS.ProcessEnv;
  /** Starts a configurable test provider with knobs; it is stopped after the test. */
  start(knobs?: Record<string, string>): Promise<TestProvider>;
  /** Further outputs (a CLI's stdout and stderr) checked for every provider's token after each test. */
  outputs: string[];
}

/**
 * Registers the hooks of a suite that runs real test providers in a fresh providers folder:
 * after each test every provider it started is stopped, and neither its own output nor any
 * collected output may contain its token; the folder is removed after the suite.
 */
export function useProviderSuite(): ProviderSuite {
  let folder: Awaited<ReturnType<typeof makeProvidersDir>> | undefined;
  const running: TestProvider[] = [];
  const outputs: string[] = [];
  const current = () => {
    if (!folder) throw new Error('the providers folder exists only inside tests and hooks');
    return folder;
  };
  beforeAll(async () => { folder = await makeProvidersDir(); });
  afterEach(async () => {
    for (const p of running.splice(0)) {
      await p.process.stop();
      expectNoToken(p.descriptor.token, p.process.output(), ...outputs);
    }
    outputs.length = 0;
  });
  afterAll(async () => { await folder?.cleanup(); });
  return {
    dir: () => current().dir,
    env: () => current().env,
    start: async (knobs = {}) => {
      const provider = await startTestProvider(current().dir, knobs);
      running.push(provider);
      return provider;
    },
    outputs,
  };
}
