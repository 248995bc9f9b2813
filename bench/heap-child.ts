/**
 * The heap after N and after M invocations in one process, run with --expose-gc so that
 * what is measured is what stays reachable, not garbage waiting for a collection.
 * Prints one JSON line: `{ "after_first", "after_second", "data_growth" }` (bytes of used heap).
 *
 *   node --expose-gc dist/bench/heap-child.js PID ELEMENTS FIRST SECOND
 */
import { getHeapSpaceStatistics } from 'node:v8';
import { createOs } from '../app/os/index.js';
import { collectOrThrow, createCollector, frontAppOf } from './collector.js';

const [pid, elements, first, second] = process.argv.slice(2, 6).map(Number);
const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) throw new Error('run with --expose-gc');
if (pid === undefined || elements === undefined || first === undefined || second === undefined) throw new Error('usage: PID ELEMENTS FIRST SECOND');

/**
 * Used heap after several full collections (one can leave objects a finaliser resurrects),
 * whole and without the code spaces: V8 keeps compiling hot functions for hundreds of calls,
 * which grows code space once without anything being retained.
 */
function settledHeap(collectGarbage: () => void): { all: number; data: number } {
  for (let i = 0; i < 4; i += 1) collectGarbage();
  const code = getHeapSpaceStatistics().filter((s) => s.space_name.startsWith('code')).reduce((n, s) => n + s.space_used_size, 0);
  const all = process.memoryUsage().heapUsed;
  return { all, data: all - code };
}

const os = createOs();
const collector = createCollector(os, process.env);
const app = await frontAppOf(os, pid);
for (let i = 0; i < first; i += 1) await collectOrThrow(collector, app, elements);
// Let sockets and timers of the last exchange settle before measuring.
await new Promise((resolve) => setTimeout(resolve, 50));
const afterFirst = settledHeap(gc);
for (let i = first; i < second; i += 1) await collectOrThrow(collector, app, elements);
await new Promise((resolve) => setTimeout(resolve, 50));
const afterSecond = settledHeap(gc);
await collector.close();
process.stdout.write(`${JSON.stringify({ after_first: afterFirst.all, after_second: afterSecond.all, data_growth: afterSecond.data - afterFirst.data })}\n`);
