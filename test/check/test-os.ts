import { execFile } from 'node:child_process';
import { readFileSync, readlinkSync } from 'node:fs';
import { basename } from 'node:path';
import type { ListenersResult, OsServices } from '../../app/os/types.js';

/**
 * A Linux OsServices for these tests, following wire.md section 4 (without Flatpak), used
 * in-process while app/os's createOs() is being written in parallel. The spawned-CLI test
 * uses the real one through bin/glance.js.
 */
export function linuxTestOs(): OsServices {
  return {
    frontApp: async () => ({ ok: false, reason: 'the tests name the process with --pid' }),
    isAlive: async (pid) => {
      try {
        process.kill(pid, 0);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
      }
      try {
        // "pid (comm) S ...": the state follows the last parenthesis; Z is a zombie.
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
      } catch {
        return false;
      }
    },
    bundleId: async (pid) => {
      try {
        const environ = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
        const get = (name: string) => environ.find((e) => e.startsWith(`${name}=`))?.slice(name.length + 1);
        const desktop = get('GIO_LAUNCHED_DESKTOP_FILE');
        if (desktop && get('GIO_LAUNCHED_DESKTOP_FILE_PID') === String(pid)) return basename(desktop).replace(/\.desktop$/, '');
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
