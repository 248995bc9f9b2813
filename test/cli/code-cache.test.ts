// bin/code-cache.js: the command's entry runs from V8's code cache only when the cache was made
// from that very file. A cache that is not the file's own (the file rebuilt or edited, the cache
// cut short, made from another file or by another Node) must never run: the file compiles from its source, and what
// runs is always what the file says. Each load runs in a process of its own: V8 keeps what it
// compiled in a process, and would take a source it has seen from there, not from the cache.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const CODE_CACHE = createRequire(import.meta.url).resolve('../../bin/code-cache.js');

/** Loads `file` in a fresh Node: what the cache's state was, and what the module answered. */
function load(file: string): { state: string; answer: string } {
  const probe = 'const { load } = require(process.argv[1]); const loaded = load(process.argv[2]); process.stdout.write(JSON.stringify({ state: loaded.state, answer: loaded.exports.answer(), cached: require.cache[process.argv[2]].exports === loaded.exports }));';
  const printed = JSON.parse(execFileSync(process.execPath, ['-e', probe, CODE_CACHE, file], { encoding: 'utf8' })) as { state: string; answer: string; cached: boolean };
  // Registered in require.cache as Node's loader would, so the entry is one module for everyone.
  expect(printed.cached).toBe(true);
  return { state: printed.state, answer: printed.answer };
}

/** Writes `file`'s cache, as `npm run build` does. */
function writeCache(file: string): void {
  execFileSync(process.execPath, [CODE_CACHE, file]);
}

let folder = '';
beforeAll(async () => { folder = await mkdtemp(join(tmpdir(), 'glance-code-cache-')); });
afterAll(async () => { await rm(folder, { recursive: true, force: true }); });

/** A module whose answer is `word`: the same length for every word of the same length. */
const moduleSaying = (word: string): string => `'use strict';\nconst helper = (w) => w;\nexports.answer = () => helper(${JSON.stringify(word)});\n`;

describe('the command\'s code cache', () => {
  it('is used when it was made from the file as it is', async () => {
    const file = join(folder, 'used.cjs');
    await writeFile(file, moduleSaying('first'));
    expect(load(file).state).toBe('missing');
    writeCache(file);
    const loaded = load(file);
    expect(loaded.state).toBe('used');
    expect(loaded.answer).toBe('first');
  });

  it('is ignored when the file changed, even to one of the same length: the new code runs', async () => {
    const file = join(folder, 'edited.cjs');
    await writeFile(file, moduleSaying('first'));
    writeCache(file);
    await writeFile(file, moduleSaying('other'));
    // The same length, and a modification time other than the cache's stamp.
    await utimes(file, new Date(), new Date(Date.now() + 5_000));
    const loaded = load(file);
    expect(loaded.state).toBe('stale');
    expect(loaded.answer).toBe('other');
  });

  it('is ignored when V8 refuses the data (cut short, or made from another file): the file compiles from source', async () => {
    const file = join(folder, 'refused.cjs');
    await writeFile(file, moduleSaying('first'));
    writeCache(file);
    const cache = await readFile(`${file}.cache`);
    // The stamp stays right; V8's data after it is cut in half.
    await writeFile(`${file}.cache`, cache.subarray(0, Math.floor(cache.length / 2)));
    let loaded = load(file);
    expect(loaded.state).toBe('rejected');
    expect(loaded.answer).toBe('first');
    // The stamp of this file over the data of another, longer one.
    const other = join(folder, 'other.cjs');
    await writeFile(other, moduleSaying('a longer word'));
    writeCache(other);
    const otherCache = await readFile(`${other}.cache`);
    const stamp = cache.subarray(0, cache.indexOf(0x0a) + 1);
    await writeFile(`${file}.cache`, Buffer.concat([stamp, otherCache.subarray(otherCache.indexOf(0x0a) + 1)]));
    loaded = load(file);
    expect(loaded.state).toBe('rejected');
    expect(loaded.answer).toBe('first');
  });
});
