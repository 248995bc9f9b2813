// "Try with Sample Notes" in plain Node: the launcher starts the real compiled sample as a
// child process, waits for its descriptor, and the core collects from it through every check.
import { readdir } from 'node:fs/promises';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../app/log/logger.js';
import { createOs } from '../../app/os/index.js';
import { collectContext } from '../../app/invocation/collect.js';
import { createSampleNotes, type SampleChild, type SampleNotes } from '../../main/flow/sample-notes.js';
import { makeProvidersDir } from '../helpers/providers-dir.js';
import { launchNodeChild } from '../helpers/spawn.js';
import { failedInvocation } from '../../main/flow/describe.js';
import type { PickResult } from '../../main/flow/invocation-types.js';
import { said } from '../helpers/said.js';

/** What the panel says about a start, as it says it on the card (main sends the kind). */
const startWords = (result: PickResult): string => (result.ok ? 'started' : said(failedInvocation(1, 'Sample Notes', 'sample-failed', { sampleFailure: result.failure })) ?? '');

let folder: Awaited<ReturnType<typeof makeProvidersDir>>;
const started: SampleNotes[] = [];
beforeAll(async () => {
  folder = await makeProvidersDir();
  return () => folder.cleanup();
});
afterEach(async () => {
  for (const sample of started.splice(0)) await sample.stop();
});

/** Runs `node` with the given arguments as the sample's process, counting launches. */
function nodeLauncher(args: string[]): { launch: () => Promise<SampleChild>; launches: () => number; last: () => SampleChild | undefined } {
  let launches = 0;
  let last: SampleChild | undefined;
  return {
    launch: async () => {
      launches += 1;
      last = await launchNodeChild(args, folder.env);
      return last;
    },
    launches: () => launches,
    last: () => last,
  };
}

function sampleNotes(launch: () => Promise<SampleChild>, readyWithinMs?: number): SampleNotes {
  const sample = createSampleNotes({ launch, env: folder.env, logger: silentLogger, ...(readyWithinMs ? { readyWithinMs } : {}) });
  started.push(sample);
  return sample;
}

describe('Sample Notes started from Glance', () => {
  it('starts once, publishes, and is collected through every check; stop removes its descriptor', async () => {
    const launcher = nodeLauncher(['dist/provider/sample/main.js']);
    const sample = sampleNotes(launcher.launch);
    const [first, second] = await Promise.all([sample.start(), sample.start()]);
    expect(first).toEqual(second);
    if (!first.ok) throw new Error(startWords(first));
    expect(first.app.name).toBe('Sample Notes');
    expect(launcher.launches()).toBe(1);
    const collection = await collectContext(first.app, { os: createOs(), env: folder.env });
    expect(collection.kind).toBe('collected');
    expect(collection.kind === 'collected' && collection.provider.name).toBe('Sample Notes');
    // Running already: the same process again, no second launch.
    expect(await sample.start()).toEqual(first);
    expect(launcher.launches()).toBe(1);
    await sample.stop();
    await launcher.last()?.exited;
    expect((await readdir(folder.dir)).filter((name) => name.endsWith(`.${first.app.pid}.json`))).toEqual([]);
    // Stopped: the next try starts a new one.
    const again = await sample.start();
    expect(again.ok && again.app.pid).not.toBe(first.app.pid);
    expect(launcher.launches()).toBe(2);
  });

  it('says so when it quits before it is ready', async () => {
    const sample = sampleNotes(nodeLauncher(['-e', 'process.exit(3)']).launch);
    expect(startWords(await sample.start())).toBe('Sample Notes quit before it was ready. Try again; if it keeps quitting, reinstall Glance.');
  });

  it('gives up on one that never publishes, ends it, and says so', async () => {
    const launcher = nodeLauncher(['-e', 'setInterval(() => undefined, 1000)']);
    const sample = sampleNotes(launcher.launch, 600);
    expect(startWords(await sample.start())).toBe('Sample Notes did not start within 1 s. Try again in a moment.');
    await launcher.last()?.exited; // killed, or this test would time out
  });

  it('says so when it cannot be started at all', async () => {
    const sample = sampleNotes(() => Promise.reject(new Error('ENOENT: no such file')));
    expect(startWords(await sample.start())).toBe('Sample Notes could not be started. Reinstalling Glance may help.');
  });
});
