/**
 * `npm run bench`: builds, then runs every measurement docs/benchmarks.md reports, prints a table and writes
 * bench/results.json. `--quick` runs the tiny configuration; `--out FILE` writes elsewhere.
 */
import { join } from 'node:path';
import { REPO_ROOT } from './paths.js';
import { formatTable, writeResults } from './results.js';
import { FULL, runBench, TINY } from './suite.js';

const args = process.argv.slice(2);
const outIndex = args.indexOf('--out');
const out = outIndex >= 0 && args[outIndex + 1] !== undefined ? args[outIndex + 1] as string : join(REPO_ROOT, 'bench', 'results.json');
const started = Date.now();
const results = await runBench(args.includes('--quick') ? { ...TINY, log: FULL.log } : FULL);
await writeResults(out, results);
process.stdout.write(`\n${formatTable(results)}\nwritten to ${out} in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
