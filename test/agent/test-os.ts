// Linux OS services for the `ask` tests, used in-process while app/os is written in parallel.
// They follow wire.md section 4 as far as these tests need: liveness from /proc, the bundle id
// as the executable's name (what the sample provider publishes on Linux), listeners from lsof.
import { execFile } from 'node:child_process';
import { readFileSync, readlinkSync } from 'node:fs';
import { basename } from 'node:path';
import type { ListenersResult, OsServices } from '../../app/os/types.js';

/** OS services that read /proc and lsof; the front app is always "name it with --pid". */
export function askTestOs(): OsServices {
  return {
    frontApp: async () => ({ ok: false, reason: 'the tests name the process with --pid' }),
    isAlive: async (pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        // "pid (comm) S ...": the state follows the last parenthesis; Z is a zombie.
        return stat.charAt(stat.lastIndexOf(')') + 2) !== 'Z';
      } catch {
        return false;
      }
    },
    bundleId: async (pid) => {
      try {
        return basename(readlinkSync(`/proc/${pid}/exe`));
      } catch {
        return undefined;
      }
    },
    listeners: (port) => new Promise<ListenersResult>((resolve) => {
      execFile('lsof', ['-nP', `-iTCP:${port}`, '-sTCP:LISTEN', '-Fpn'], { timeout: 5000 }, (error, stdout) => {
        if (error && stdout === '') return resolve(error.code === 1 ? { ok: true, sockets: [] } : { ok: false, reason: 'lsof failed' });
        const sockets: { pid: number; address: string }[] = [];
        let pid = -1;
        for (const line of stdout.split('\n')) {
          if (line.startsWith('p')) pid = Number(line.slice(1));
          if (line.startsWith('n')) sockets.push({ pid, address: line.slice(1, line.lastIndexOf(':')) });
        }
        resolve({ ok: true, sockets });
      });
    }),
    processName: async (pid) => {
      try {
        return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
      } catch {
        return undefined;
      }
    },
  };
}
