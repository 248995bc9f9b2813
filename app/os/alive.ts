/**
 * Is a process running? `kill(pid, 0)` answers "does it exist", but a zombie exists until its
 * parent reaps it, and docs/protocol.md, "The host's checks, in order", says a zombie is not
 * running: a crashed provider whose parent never waited would otherwise keep a stale descriptor
 * alive.
 */
import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { runTool } from '@app-context/provider-kit/platform';

/** The largest pid any kernel we run on hands out (pid_t is a signed 32-bit integer). */
const MAX_PID = 0x7fffffff;

/**
 * True for a pid that names one process. 0 and negative numbers would signal a process group,
 * and non-integers or huge values make `process.kill` throw: none of them is a process.
 */
export function isValidPid(pid: number): boolean {
  return Number.isSafeInteger(pid) && pid > 0 && pid <= MAX_PID;
}

/** What `kill(pid, 0)` says: we may signal it, it exists but is another user's, or it is gone. */
type SignalProbe = 'signalled' | 'not-permitted' | 'gone';

/** Probes a pid with signal 0 (which delivers nothing). Invalid pids are "gone", never a group. */
function probePid(pid: number): SignalProbe {
  if (!isValidPid(pid)) return 'gone';
  try {
    process.kill(pid, 0);
    return 'signalled';
  } catch (error: unknown) {
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? 'not-permitted' : 'gone';
  }
}

/** Whether a process with this pid exists (zombies included). EPERM means it exists. */
export function processExists(pid: number): boolean {
  return probePid(pid) !== 'gone';
}

/**
 * The state letter from the text of /proc/PID/stat ("R", "S", "Z"...), or undefined.
 * The command name in parentheses may itself hold spaces and parentheses, so the state is
 * read after the last ")".
 */
export function parseProcStatState(stat: string): string | undefined {
  const close = stat.lastIndexOf(')');
  if (close < 0) return undefined;
  const state = stat.slice(close + 1).trim().split(/\s+/)[0];
  return state !== undefined && /^[A-Za-z]$/.test(state) ? state : undefined;
}

/**
 * Linux: alive unless gone or a zombie, per /proc/PID/stat under `procRoot`. Read synchronously:
 * the kernel writes the line during the read (no disk behind it), and readFile's four trips
 * through the thread pool cost 0.13 ms of every press (docs/benchmarks.md, "The kept path").
 */
export async function isAliveLinux(pid: number, procRoot: string): Promise<boolean> {
  const probe = probePid(pid);
  if (probe === 'gone') return false;
  try {
    const state = parseProcStatState(readProcLine(`${procRoot}/${pid}/stat`));
    return state !== 'Z' && state !== 'X';
  } catch (error: unknown) {
    // A process we may signal and cannot find in /proc has exited since. Another user's may
    // be hidden (/proc mounted with hidepid): kill() said it exists, so trust that.
    return !((error as NodeJS.ErrnoException).code === 'ENOENT' && probe === 'signalled');
  }
}

/** Room for a stat line: 52 numbers and a command name of at most 64 bytes fit in well under 1 KiB. */
const STAT_BYTES = 4096;

/** One buffer for every read: the read is synchronous, so no two reads ever share it at once. */
const statBuffer = Buffer.alloc(STAT_BYTES);

/**
 * A /proc file that is one short line, read with one open, one read and one close. The file says
 * its size is 0, so readFileSync adds an fstat and a second read to learn it has reached the end:
 * 40-50 us of every press's alive check, about 5 % of a warm collect (docs/benchmarks.md, "The
 * kept path"). The kernel makes the whole line on the first read; a line that somehow fills the
 * buffer is read again whole.
 */
function readProcLine(path: string): string {
  const fd = openSync(path, 'r');
  let length: number;
  try {
    length = readSync(fd, statBuffer, 0, STAT_BYTES, 0);
  } finally {
    closeSync(fd);
  }
  return length < STAT_BYTES ? statBuffer.toString('latin1', 0, length) : readFileSync(path, 'latin1');
}

/** macOS (and any system with a POSIX `ps`): alive unless gone or a zombie, per `ps -o stat=`. */
export async function isAlivePs(pid: number, psPath: string, timeoutMs: number): Promise<boolean> {
  if (!processExists(pid)) return false;
  const result = await runTool(psPath, ['-o', 'stat=', '-p', String(pid)], { timeoutMs });
  if (result.kind === 'ok') return !result.stdout.trim().startsWith('Z');
  // ps exits 1 with no output when the pid is gone (it exited after kill(0) said it existed).
  if (result.kind === 'exit' && result.stdout.trim() === '') return false;
  // ps missing or too slow: kill(0) already said it exists, and that is the better error to make.
  return true;
}
