/**
 * "Try with Sample Notes": the bundled sample provider, started when the user asks for it, so
 * a first run shows what Glance does before any app of theirs speaks the protocol. Sample
 * Notes is a process without a window, so it can never be the front app; the user picks it
 * from the menu or the empty panel instead, and Glance collects from it exactly as it does
 * from a front app (discovery, every check of docs/protocol.md, "The host's checks, in order",
 * `current`).
 *
 * Why it did not start goes to the panel as a kind (renderer/src/words/ says it).
 * No electron here: main/index.ts launches it as a utility process, the tests as `node`.
 */
import { readdir } from 'node:fs/promises';
import { providersFolder, type Logger } from '../../app/host.js';
import type { PickResult } from './invocation-types.js';

/** The name the panel shows while it starts. */
export const SAMPLE_NOTES = 'Sample Notes';

/** A started sample process: its pid, and how to end it. */
export interface SampleChild {
  readonly pid: number;
  /** Resolves when the process has ended, for whatever reason. */
  readonly exited: Promise<void>;
  /** Asks it to quit (SIGTERM): the kit removes its descriptor on the way out. */
  kill(): void;
}

/** What starting the sample needs. */
export interface SampleNotesDeps {
  /** Starts the sample's process; rejects when it cannot be started at all. */
  launch(): Promise<SampleChild>;
  /** The environment the host reads the providers folder from (the child inherits the same). */
  env?: NodeJS.ProcessEnv;
  logger: Logger;
  /** How long the sample may take to publish its descriptor (default 10 s: a cold start on a busy Mac). */
  readyWithinMs?: number;
}

/** The sample provider's life inside Glance. */
export interface SampleNotes {
  /** Starts it unless it runs already, and waits until it has published its descriptor. */
  start(): Promise<PickResult>;
  /** Ends it (on quit); resolves when it has exited. */
  stop(): Promise<void>;
}

const POLL_MS = 50;
const STOP_WAIT_MS = 3000;

/** The sample provider, not started yet. */
export function createSampleNotes(deps: SampleNotesDeps): SampleNotes {
  let running: { child: SampleChild; ended: boolean } | undefined;
  let starting: Promise<PickResult> | undefined;
  const folder = (): string => providersFolder(deps.env ?? process.env);
  const pick = (pid: number): PickResult => ({ ok: true, app: { pid, name: SAMPLE_NOTES } });

  const published = async (pid: number): Promise<boolean> => {
    try {
      return (await readdir(folder())).some((name) => name.endsWith(`.${pid}.json`));
    } catch {
      return false; // the folder appears when the sample publishes
    }
  };

  const launchAndWait = async (): Promise<PickResult> => {
    let child: SampleChild;
    try {
      child = await deps.launch();
    } catch (error) {
      deps.logger.error(`${SAMPLE_NOTES} could not be started: ${error instanceof Error ? error.message : 'unknown error'}`);
      return { ok: false, failure: { kind: 'not-started' } };
    }
    const state = { child, ended: false };
    running = state;
    void child.exited.then(() => {
      state.ended = true;
      if (running === state) running = undefined;
    });
    const withinMs = deps.readyWithinMs ?? 10_000;
    const deadline = Date.now() + withinMs;
    while (Date.now() < deadline) {
      if (state.ended) return { ok: false, failure: { kind: 'quit' } };
      if (await published(child.pid)) {
        deps.logger.info(`${SAMPLE_NOTES} is running (pid ${child.pid})`);
        return pick(child.pid);
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    child.kill();
    return { ok: false, failure: { kind: 'slow', withinMs } };
  };

  return {
    async start() {
      if (starting) return starting;
      const current = running;
      if (current && !current.ended && (await published(current.child.pid))) return pick(current.child.pid);
      // A sample that lost its descriptor is of no use: end it before starting a fresh one.
      if (current && !current.ended) current.child.kill();
      starting = launchAndWait().finally(() => {
        starting = undefined;
      });
      return starting;
    },
    async stop() {
      const current = running;
      if (!current || current.ended) return;
      current.child.kill();
      await Promise.race([current.child.exited, new Promise((resolve) => setTimeout(resolve, STOP_WAIT_MS).unref())]);
    },
  };
}
