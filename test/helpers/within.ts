import { closeSync, constants, openSync } from 'node:fs';

/**
 * Settles with the promise, or with 'late' after `ms`: a bound on something that may never
 * settle (a read blocked on a FIFO), so the test fails saying so instead of hanging. A bound,
 * not a wait: what settles in time is taken at once.
 */
export function within<T>(promise: Promise<T>, ms: number): Promise<T | 'late'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => { timer = setTimeout(() => resolve('late'), ms); });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** Lets go of every read still blocked opening these FIFOs (a writer's open wakes them); none is, once the code is right. */
export function releaseFifos(paths: readonly string[]): void {
  for (const path of paths) {
    try {
      closeSync(openSync(path, constants.O_WRONLY | constants.O_NONBLOCK));
    } catch {
      // ENXIO: nobody is reading it, as it should be; ENOENT: it was moved aside.
    }
  }
}
