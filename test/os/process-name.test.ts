// Names for messages, from a real python3 child: /proc/PID/comm on Linux, ps-list elsewhere
// (ps-list runs here too, so both paths are exercised on real processes).
import { afterEach, describe, expect, it } from 'vitest';
import { createDarwinOs, createOs } from '../../app/os/index.js';
import { linuxProcessName, processNameFromList, psListLister } from '../../app/os/process-name.js';
import { killStarted, startAndRead } from './processes.js';

afterEach(killStarted);

const startPython = () => startAndRead('python3', ['-c', 'import time; print("ready", flush=True); time.sleep(60)']);

describe('processName', () => {
  it.runIf(process.platform === 'linux')('reads /proc/PID/comm on Linux', async () => {
    const { pid } = await startPython();
    expect(await createOs().processName(pid)).toMatch(/^python3/);
  });

  it('asks ps-list (macOS path), which lists real processes here too', async () => {
    const { pid } = await startPython();
    expect(await createDarwinOs({ toolTimeoutMs: 5000 }).processName(pid)).toMatch(/^python3/);
    expect(await processNameFromList(pid, psListLister, 5000)).toMatch(/^python3/);
  });

  it('falls back to the process list when /proc cannot be read', async () => {
    const lister = async () => [{ pid: 812, name: 'python3' }];
    expect(await linuxProcessName(812, '/nonexistent-proc', lister, 1000)).toBe('python3');
  });

  it('is undefined for no such process, an invalid pid, a failing or a slow list', async () => {
    expect(await createOs().processName(2 ** 30)).toBeUndefined();
    expect(await createOs().processName(-1)).toBeUndefined();
    expect(await processNameFromList(1, () => Promise.reject(new Error('ps missing')), 1000)).toBeUndefined();
    const start = Date.now();
    const never = () => new Promise<never>(() => undefined);
    expect(await processNameFromList(1, never, 100)).toBeUndefined();
    expect(Date.now() - start).toBeLessThan(1000);
  });
});
