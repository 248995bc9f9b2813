/**
 * One cold sample, run in a fresh node process: the first collect after the modules are
 * loaded. Prints one JSON line: `{ "first_ms", "load_ms" }`, where load_ms is the time from
 * the process's start to the first line of this script (node itself and every import).
 *
 *   node dist/bench/cold.js PID ELEMENTS   (APP_CONTEXT_PROVIDERS_DIR names the folder)
 */
import { performance } from 'node:perf_hooks';
import { createOs } from '../app/os/index.js';
import { collectOrThrow, createCollector, frontAppOf } from './collector.js';

const loaded = performance.now();
const pid = Number(process.argv[2]);
const elements = Number(process.argv[3] ?? 0);
const os = createOs();
const collector = createCollector(os, process.env);
const app = await frontAppOf(os, pid);
const start = performance.now();
await collectOrThrow(collector, app, elements);
const first = performance.now() - start;
await collector.close();
process.stdout.write(`${JSON.stringify({ first_ms: first, load_ms: loaded })}\n`);
