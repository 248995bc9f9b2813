import { link, open, rename, stat, unlink } from 'node:fs/promises';
import { FILE_MODE, randomHex, readOptionalBytes } from './files.js';

/**
 * A lock between processes for one file of the data folder: the app and the `glance` command
 * may both add a rule or a receipt at the same moment, and a read-modify-write without a lock
 * would lose one of them. Node has no flock, so the lock is a file created with O_EXCL that
 * names its holder (`<pid> <nonce>`).
 *
 * A holder that died leaves its lock behind: a lock whose process is gone, or that is older
 * than any operation takes, is stale and is broken. Breaking renames the lock away first and
 * checks it moved the very lock it judged stale; had a new holder taken it meanwhile, the lock
 * is linked back. Every holder keeps it for milliseconds.
 */

/** How long a lock may stand before it counts as stale, whatever its holder. */
const STALE_MS = 10_000;
/** How long to wait for a lock before giving up with a message. */
const WAIT_MS = 15_000;

/** Options for tests: a shorter wait, another liveness check. */
export interface LockOptions {
  staleMs?: number;
  waitMs?: number;
  isAlive?: (pid: number) => boolean;
}

/** The lock could not be had in time: another process holds it. */
export class LockTimeoutError extends Error {}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists and belongs to someone else; only ESRCH means gone.
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function tryCreate(lockPath: string, content: string): Promise<boolean> {
  try {
    const handle = await open(lockPath, 'wx', FILE_MODE);
    try {
      await handle.writeFile(content);
    } finally {
      await handle.close();
    }
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/** The lock's content and age, or undefined when it vanished meanwhile. */
async function inspect(lockPath: string): Promise<{ content: string; ageMs: number } | undefined> {
  try {
    // Bounded and never blocking (files.ts): a FIFO or a device left as the lock is refused with an error, not waited on.
    const [content, stats] = await Promise.all([readOptionalBytes(lockPath), stat(lockPath)]);
    return content === undefined ? undefined : { content: content.toString('utf8'), ageMs: Date.now() - stats.mtimeMs };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Breaks a stale lock, making sure it is the one judged stale (see above). */
async function breakStale(lockPath: string, judged: string, nonce: string): Promise<void> {
  const moved = `${lockPath}.${nonce}.stale`;
  try {
    await rename(lockPath, moved);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return; // someone else broke it
    throw error;
  }
  const content = await readOptionalBytes(moved).then((bytes) => bytes?.toString('utf8') ?? judged).catch(() => judged);
  if (content !== judged) await link(moved, lockPath).catch(() => undefined); // a fresh holder's: put it back
  await unlink(moved).catch(() => undefined);
}

/** Runs `fn` while holding the lock of `target` (`<target>.lock`), and releases it after. */
export async function withFileLock<T>(target: string, fn: () => Promise<T>, options: LockOptions = {}): Promise<T> {
  const lockPath = `${target}.lock`;
  const nonce = randomHex(8);
  const mine = `${process.pid} ${nonce}\n`;
  const staleMs = options.staleMs ?? STALE_MS;
  const deadline = Date.now() + (options.waitMs ?? WAIT_MS);
  const isAlive = options.isAlive ?? alive;
  while (!(await tryCreate(lockPath, mine))) {
    const seen = await inspect(lockPath);
    if (seen === undefined) continue;
    const pid = Number(/^(\d+) /.exec(seen.content)?.[1] ?? Number.NaN);
    // An empty lock is one being written this instant: only its age can make it stale.
    if ((Number.isInteger(pid) && !isAlive(pid)) || seen.ageMs > staleMs) {
      await breakStale(lockPath, seen.content, nonce);
      continue;
    }
    const holder = Number.isInteger(pid) ? ` (process ${pid})` : '';
    if (Date.now() > deadline) throw new LockTimeoutError(`another Glance process${holder} kept ${lockPath} locked for too long; try again`);
    await sleep(2 + Math.random() * 8);
  }
  try {
    return await fn();
  } finally {
    // Only our own lock is removed: had ours been broken as stale, the file is someone else's.
    const now = await readOptionalBytes(lockPath).then((bytes) => bytes?.toString('utf8')).catch(() => undefined);
    if (now === mine) await unlink(lockPath).catch(() => undefined);
  }
}
