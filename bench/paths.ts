/**
 * Where the compiled files are. The bench runs from dist/bench (npm run bench) and its test
 * imports the sources from bench/; both spawn the compiled provider and child scripts.
 */
import { fileURLToPath } from 'node:url';
import { dirname, join, sep } from 'node:path';

const here = dirname(fileURLToPath(import.meta.url));

/** The repository root, whether this file runs from bench/ or dist/bench/. */
export const REPO_ROOT = here.endsWith(`${sep}dist${sep}bench`) ? join(here, '..', '..') : join(here, '..');

/** The compiled output folder. */
const DIST = join(REPO_ROOT, 'dist');

/** A compiled file by its path below dist/, e.g. `bench/cold.js`. */
export function distFile(path: string): string {
  return join(DIST, ...path.split('/'));
}
