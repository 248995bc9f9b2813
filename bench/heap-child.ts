/**
 * The heap after N and after M invocations in one process, run with --expose-gc so that
 * what is measured is what stays reachable, not garbage waiting for a collection.
 * Prints one JSON line: `{ "after_first", "after_second" }` (bytes of used heap).
 *
 *   node --expose-gc dist/bench/heap-child.js PID ELEMENTS FIRST SECOND
 */
import { createOs } from '../app/os/index.js';
import { collectOrThrow, createCollector, frontAppOf } from './collector.js';

const [pid, elements, first, second] = process.argv.slice(2, 6).map(Number);
const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) throw new Error('run with --expose-gc');
if (pid === undefined || elements === undefined || first === undefined || second === undefined) throw new Error('usage: PID ELEMENTS FIRST SECOND');

/** Several full collections: one can leave objects that a finaliser resurrects. */
function settledHeap(collectGarbage: () => void): number {
  for (let i = 0; i < 4; i += 1) collectGarbage();
  return process.memoryUsage().heapUsed;
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
process.stdout.write(`${JSON.stringify({ after_first: afterFirst, after_second: afterSecond })}\n`);
