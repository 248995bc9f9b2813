/**
 * An exchange's time limit, as a signal (for everything that waits) and as a moment the wire's
 * data handlers can check themselves (`passed`). A timer fires only between turns of the event
 * loop, and the pieces of a chunked body that one socket read brought arrive in one synchronous
 * burst: a reader that works on each piece checks the time as it goes, so no burst can carry an
 * exchange past its limit.
 */
export interface Deadline {
  /** Aborted when the time limit has passed (by the timer, or by `passed()` noticing first). */
  readonly signal: AbortSignal;
  /** True once the time limit has passed; aborts the signal then, if the timer has not yet. */
  passed(): boolean;
  /** Stops the timer; the signal stays as it is. */
  clear(): void;
}

/** A deadline `timeoutMs` from now. */
export function startDeadline(timeoutMs: number): Deadline {
  const controller = new AbortController();
  const at = performance.now() + timeoutMs;
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  return {
    signal: controller.signal,
    passed: () => {
      if (!controller.signal.aborted && performance.now() >= at) controller.abort();
      return controller.signal.aborted;
    },
    clear: () => clearTimeout(timer),
  };
}

/**
 * `work`, or a rejection as soon as `signal` aborts, whichever comes first: whatever shape an
 * answer takes (one node:http never settles, a burst no timer interrupts), an exchange ends by its
 * limit. The work's own later failure is then nobody's to handle, and is dropped.
 */
export function untilAborted<T>(signal: AbortSignal, work: Promise<T>): Promise<T> {
  if (signal.aborted) {
    work.catch(() => undefined);
    return Promise.reject(abortReason(signal));
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(abortReason(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

function abortReason(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new Error('aborted');
}
