// An exchange's deadline (app/client/deadline.ts) on its own: its time limit holds inside a
// synchronous burst, where no timer can fire, and an exchange raced against its signal ends
// when the signal aborts, whatever the work does. The wire's use of it, against real providers,
// is in test/faults/http-faults.test.ts.
import { describe, expect, it } from 'vitest';
import { startDeadline, untilAborted } from '../../app/client/deadline.js';

describe("an exchange's deadline", () => {
  it('is seen as passed inside a synchronous burst, before its timer could fire, and aborts the signal then', () => {
    const long = startDeadline(60_000);
    expect(long.passed()).toBe(false);
    long.clear();
    const deadline = startDeadline(20);
    const started = performance.now();
    // A burst of pieces with no turn of the event loop between them, past the limit.
    while (performance.now() - started < 40) {
      // busy, as a parser handing over piece after piece
    }
    // The timer cannot have fired: the event loop has not turned since it was armed.
    expect(deadline.signal.aborted).toBe(false);
    expect(deadline.passed()).toBe(true);
    expect(deadline.signal.aborted).toBe(true);
    deadline.clear();
  });

  it('a race against it ends at the signal for work that never settles, and keeps the work otherwise', async () => {
    const deadline = startDeadline(50);
    await expect(untilAborted(deadline.signal, new Promise<never>(() => undefined))).rejects.toThrow();
    expect(deadline.signal.aborted).toBe(true);
    const later = startDeadline(60_000);
    await expect(untilAborted(later.signal, Promise.resolve('answer'))).resolves.toBe('answer');
    await expect(untilAborted(later.signal, Promise.reject(new Error('broke')))).rejects.toThrow('broke');
    later.clear();
  });

  it('a work that fails after the signal aborted raises nothing unhandled', async () => {
    const controller = new AbortController();
    let fail: (error: Error) => void = () => undefined;
    const work = new Promise<never>((_resolve, reject) => { fail = reject; });
    const raced = untilAborted(controller.signal, work);
    controller.abort();
    await expect(raced).rejects.toThrow();
    fail(new Error('too late'));
    // An unhandled rejection would fail the run (Vitest reports it).
    await new Promise((resolve) => setImmediate(resolve));
  });
});
