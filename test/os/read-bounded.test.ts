// The bounded reader (kit platform, read-bounded.ts) on real special files: a device, procfs
// files (their size says 0, so the buffer grows as they are read: a real process's environment), a link, an empty file, a
// file past the cap; both forms, sync and async, must agree.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBounded, readBoundedSync, type BoundedRead, type BoundedReadOptions } from '@app-context/provider-kit/platform';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'glance-read-bounded-'));
  await writeFile(join(dir, 'small.txt'), 'small');
  await writeFile(join(dir, 'empty.txt'), '');
  await symlink(join(dir, 'small.txt'), join(dir, 'link.txt'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Both forms' answer, which must be the same. */
async function both(path: string, options: BoundedReadOptions): Promise<BoundedRead> {
  const sync = readBoundedSync(path, options);
  expect(await readBounded(path, options)).toEqual(sync);
  return sync;
}

describe.runIf(process.platform === 'linux')('the bounded reader', () => {
  it('reads a regular file whole, and a link only when links are followed', async () => {
    expect(await both(join(dir, 'small.txt'), { maxBytes: 5 })).toEqual({ ok: true, bytes: Buffer.from('small') });
    expect(await both(join(dir, 'small.txt'), { maxBytes: 4 })).toEqual({ ok: false, refusal: 'too-large' });
    expect(await both(join(dir, 'link.txt'), { maxBytes: 64 })).toMatchObject({ ok: false, refusal: 'link' });
    expect(await both(join(dir, 'link.txt'), { maxBytes: 64, followLinks: true })).toEqual({ ok: true, bytes: Buffer.from('small') });
    expect(await both(join(dir, 'missing.txt'), { maxBytes: 64 })).toMatchObject({ ok: false, refusal: 'missing' });
  });

  it('refuses a device and, when asked, an empty file or a procfs file (their size says 0)', async () => {
    expect(await both('/dev/zero', { maxBytes: 64, followLinks: true })).toEqual({ ok: false, refusal: 'not-a-file' });
    expect(await both(join(dir, 'empty.txt'), { maxBytes: 64 })).toEqual({ ok: true, bytes: Buffer.alloc(0) });
    expect(await both(join(dir, 'empty.txt'), { maxBytes: 64, refuseEmpty: true })).toEqual({ ok: false, refusal: 'empty' });
    expect(await both('/proc/self/mounts', { maxBytes: 1024 * 1024, refuseEmpty: true })).toEqual({ ok: false, refusal: 'empty' });
  });

  it('reads a procfs file past its first page to its end, and stops one byte past the cap', async () => {
    // A process of our own with a 30 KB environment (seven pages): /proc/PID/environ says size 0 and holds it all.
    const env = { A: 'a'.repeat(10_000), B: 'b'.repeat(10_000), C: 'c'.repeat(10_000) };
    const child = spawn('sleep', ['60'], { env, stdio: 'ignore' });
    try {
      const path = `/proc/${child.pid}/environ`;
      // Spawned is not yet exec'd: the environment is sleep's once it holds all three.
      await expect.poll(() => readFileSync(path, 'latin1').includes('C=c')).toBe(true);
      const read = await both(path, { maxBytes: 1024 * 1024 });
      expect(read.ok && read.bytes.toString('latin1')).toBe(`A=${env.A}\0B=${env.B}\0C=${env.C}\0`);
      expect(await both(path, { maxBytes: 15_000 })).toEqual({ ok: false, refusal: 'too-large' });
    } finally {
      child.kill('SIGKILL');
    }
  });
});
