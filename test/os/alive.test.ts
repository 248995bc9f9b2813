// isAlive on real processes: ourselves, a child that exited, and a real unreaped zombie.
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createOs, processExists } from '../../app/os/index.js';
import { isAliveLinux, parseProcStatState } from '../../app/os/alive.js';
import { killStarted, startAndRead, startZombieParent, waitFor } from './processes.js';

afterEach(killStarted);

const os = createOs();

describe('isAlive', () => {
  it('is true for our own process', async () => {
    expect(await os.isAlive(process.pid)).toBe(true);
  });

  it('is false for a child that has exited and been reaped', async () => {
    const child = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
    const pid = child.pid;
    await new Promise((resolve) => child.once('exit', resolve));
    expect(pid).toBeTypeOf('number');
    // Node reaps the child before "exit" fires, so the pid is free (reuse this fast is not a concern).
    expect(await os.isAlive(pid ?? 0)).toBe(false);
  });

  it.runIf(process.platform !== 'win32')('is false for a zombie, which kill(0) still reports as existing', async () => {
    const { parent, zombie } = await startZombieParent();
    expect(await os.isAlive(parent)).toBe(true);
    // The forked child exits at once; its parent sleeps without waiting for it.
    expect(await waitFor(async () => !(await os.isAlive(zombie)))).toBe(true);
    expect(processExists(zombie)).toBe(true);
  });

  it('is true for a running child', async () => {
    const { pid } = await startAndRead(process.execPath, ['-e', 'console.log("ready");setTimeout(()=>{},60000)']);
    expect(await os.isAlive(pid)).toBe(true);
  });

  it.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 31, Number.MAX_SAFE_INTEGER + 2])(
    'is false for the invalid pid %s (and never signals a process group)',
    async (pid) => {
      expect(await os.isAlive(pid)).toBe(false);
      expect(processExists(pid)).toBe(false);
    },
  );

  it('reads the state from the /proc it is given (a zombie there is not alive)', async () => {
    const root = await mkdtemp(join(tmpdir(), 'glance-proc-'));
    try {
      await mkdir(join(root, String(process.pid)));
      const stat = join(root, String(process.pid), 'stat');
      await writeFile(stat, `${process.pid} (odd) Z name) Z 1 2 3`);
      expect(await isAliveLinux(process.pid, root)).toBe(false);
      await writeFile(stat, `${process.pid} (odd) Z name) S 1 2 3`);
      expect(await isAliveLinux(process.pid, root)).toBe(true);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it('reads a stat line longer than its one read whole (the state comes from the line, not a cut)', async () => {
    const root = await mkdtemp(join(tmpdir(), 'glance-proc-'));
    try {
      await mkdir(join(root, String(process.pid)));
      const stat = join(root, String(process.pid), 'stat');
      // A command name whose ")" sits past the first 4 KiB: a cut line would have no state after it.
      const long = `${process.pid} (${'(x) Z '.repeat(800)}) `;
      expect(long.length).toBeGreaterThan(4096);
      await writeFile(stat, `${long}Z 1 2 3`);
      expect(await isAliveLinux(process.pid, root)).toBe(false);
      await writeFile(stat, `${long}S 1 2 3`);
      expect(await isAliveLinux(process.pid, root)).toBe(true);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});

describe('parseProcStatState', () => {
  it('reads the state after the last parenthesis, whatever the command name holds', () => {
    expect(parseProcStatState('812 (python3) S 1 812 812 0 -1')).toBe('S');
    expect(parseProcStatState('99 (a) b) Z 1 2 3')).toBe('Z');
    expect(parseProcStatState('7 (my (odd) name) ) R 1')).toBe('R');
    expect(parseProcStatState('7 (x)')).toBeUndefined();
    expect(parseProcStatState('garbage')).toBeUndefined();
  });
});
