/**
 * Timing and summaries for the benchmark. A median with p10/p90 says more than a mean on a
 * shared 2-core machine, where one descheduled sample can be ten times the others.
 */
import { performance } from 'node:perf_hooks';

/** The summary of many repetitions of one measurement, in milliseconds. */
export interface Summary {
  median_ms: number;
  p10_ms: number;
  p90_ms: number;
  n: number;
}

/** The value at quantile q (0..1) of sorted samples, interpolated between neighbours. */
function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  const a = sorted[lo] ?? Number.NaN;
  const b = sorted[hi] ?? a;
  return a + (b - a) * (pos - lo);
}

/** The 95th percentile of the samples (interpolated), rounded to microseconds. */
export function p95(samples: readonly number[]): number {
  return round(quantile([...samples].sort((x, y) => x - y), 0.95));
}

/** Median, p10 and p90 of the samples, rounded to microseconds. */
export function summarise(samples: readonly number[]): Summary {
  const sorted = [...samples].sort((x, y) => x - y);
  return { median_ms: round(quantile(sorted, 0.5)), p10_ms: round(quantile(sorted, 0.1)), p90_ms: round(quantile(sorted, 0.9)), n: sorted.length };
}

/** Milliseconds to three decimals (a microsecond): finer digits are noise here. */
export function round(ms: number): number {
  return Math.round(ms * 1000) / 1000;
}

/**
 * Runs `fn` `warmup` times untimed (JIT, caches, keep-alive sockets), then `reps` times timed.
 * Sequential on purpose: concurrent samples would measure contention, not the operation.
 */
export async function measure(reps: number, warmup: number, fn: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < warmup; i += 1) await fn();
  const samples: number[] = [];
  for (let i = 0; i < reps; i += 1) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  return samples;
}

/** The same as `measure` for a synchronous function. */
export function measureSync(reps: number, warmup: number, fn: () => unknown): number[] {
  for (let i = 0; i < warmup; i += 1) fn();
  const samples: number[] = [];
  for (let i = 0; i < reps; i += 1) {
    const start = performance.now();
    fn();
    samples.push(performance.now() - start);
  }
  return samples;
}
