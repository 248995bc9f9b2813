import { afterAll, afterEach, beforeAll } from 'vitest';
import { makeProvidersDir } from './providers-dir.js';
import { spawnNode, type Spawned } from './spawn.js';
import { descriptorOf, expectNoToken } from './test-provider.js';
import type { Descriptor } from '@app-context/provider-kit/protocol';

/** An "app" process (provider/testing/helper-app.ts) and the helper it started. */
interface HelperApp {
  app: Spawned;
  appPid: number;
  helperPid: number;
  /** The helper's descriptor, once it published one (the configurable provider does). */
  descriptor?: Descriptor;
  file?: string;
}

/** A suite of apps with helpers in a fresh providers folder; every process is ended after each test. */
export interface HelperAppSuite {
  dir(): string;
  env(): NodeJS.ProcessEnv;
  /**
   * Starts an app whose helper is the configurable provider (or `node ARGS...`), with knobs for
   * both; waits for the helper's descriptor unless `args` replace the provider.
   */
  start(knobs?: Record<string, string>, args?: string[]): Promise<HelperApp>;
  /** Outputs (a CLI's) checked for every helper's token after each test. */
  outputs: string[];
}

/** Ends a process by its pid, if it still runs. */
export function endPid(pid: number, signal: NodeJS.Signals = 'SIGKILL'): void {
  try {
    process.kill(pid, signal);
  } catch {
    // already gone
  }
}

export function useHelperAppSuite(): HelperAppSuite {
  let folder: Awaited<ReturnType<typeof makeProvidersDir>> | undefined;
  const running: HelperApp[] = [];
  const outputs: string[] = [];
  const current = () => {
    if (!folder) throw new Error('the providers folder exists only inside tests and hooks');
    return folder;
  };
  beforeAll(async () => { folder = await makeProvidersDir(); });
  afterEach(async () => {
    for (const started of running.splice(0)) {
      // The helper may be detached from the app: it is ended by its own pid.
      endPid(started.helperPid, 'SIGTERM');
      await started.app.stop();
      if (started.descriptor) expectNoToken(started.descriptor.token, started.app.output(), ...outputs);
    }
    outputs.length = 0;
  });
  afterAll(async () => { await folder?.cleanup(); });
  return {
    dir: () => current().dir,
    env: () => current().env,
    start: async (knobs = {}, args = []) => {
      const app = spawnNode('dist/provider/testing/helper-app.js', args, { ...current().env, ...knobs });
      const started = await app.waitFor(/app (\d+) started helper (\d+)/);
      const entry: HelperApp = { app, appPid: Number(started[1]), helperPid: Number(started[2]) };
      running.push(entry);
      if (args.length > 0) return entry;
      await app.waitFor(/is providing context \(pid \d+, helper \d+, endpoint/);
      const { descriptor, file } = await descriptorOf(current().dir, entry.helperPid);
      return { ...entry, descriptor, file };
    },
    outputs,
  };
}
