import { useProvidersFolder, type FolderSuite } from './provider-suite.js';
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
export interface HelperAppSuite extends FolderSuite {
  /**
   * Starts an app whose helper is the configurable provider (or `node ARGS...`), with knobs for
   * both; waits for the helper's descriptor unless `args` replace the provider.
   */
  start(knobs?: Record<string, string>, args?: string[]): Promise<HelperApp>;
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
  const { track, ...suite } = useProvidersFolder<HelperApp>(async (started, outputs) => {
    // The helper may be detached from the app: it is ended by its own pid.
    endPid(started.helperPid, 'SIGTERM');
    await started.app.stop();
    if (started.descriptor) expectNoToken(started.descriptor.token, started.app.output(), ...outputs);
  });
  return {
    ...suite,
    start: async (knobs = {}, args = []) => {
      const app = spawnNode('dist/provider/testing/helper-app.js', args, { ...suite.env(), ...knobs });
      const started = await app.waitFor(/app (\d+) started helper (\d+)/);
      const entry = track({ app, appPid: Number(started[1]), helperPid: Number(started[2]) });
      if (args.length > 0) return entry;
      await app.waitFor(/is providing context \(pid \d+, helper \d+, endpoint/);
      // Onto the tracked entry: after the test, its token is looked for in every output.
      return Object.assign(entry, await descriptorOf(suite.dir(), entry.helperPid));
    },
  };
}
