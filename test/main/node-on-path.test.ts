// The Node a checkout's browser launcher names: found on the PATH Glance started with, as an
// absolute path, since the browser starts the launcher with a PATH of its own.
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { nodeOnPath } from '../../main/flow/node-on-path.js';

const base = await mkdtemp(join(tmpdir(), 'glance-node-path-'));
afterAll(() => rm(base, { recursive: true, force: true }));

describe('nodeOnPath', () => {
  it('is the first executable node on PATH, skipping relative folders and files that cannot run', async () => {
    const [notRunnable, runnable, later] = ['a', 'b', 'c'].map((name) => join(base, name));
    for (const folder of [notRunnable, runnable, later]) await mkdir(folder ?? '');
    await writeFile(join(notRunnable ?? '', 'node'), '', { mode: 0o644 });
    for (const folder of [runnable, later]) {
      await writeFile(join(folder ?? '', 'node'), '#!/bin/sh\n');
      await chmod(join(folder ?? '', 'node'), 0o755);
    }
    expect(nodeOnPath({ PATH: ['relative', notRunnable, runnable, later].join(':') })).toBe(join(runnable ?? '', 'node'));
    expect(nodeOnPath({ PATH: join(base, 'nowhere') })).toBeUndefined();
    expect(nodeOnPath({})).toBeUndefined();
  });
});
