'use strict';
// The command's bundle (dist/cli/glance.cjs) with V8's code cache beside it: V8 then takes the
// bytecode it made before instead of parsing and compiling half a megabyte of JavaScript on
// every start, which scripts, Shortcuts and shell prompts pay on every use (docs/benchmarks.md,
// "The command"). `npm run build` writes the cache (`node bin/code-cache.js FILE`) after running
// the bundle's top level, so it holds what every start compiles; nothing is written at run time.
//
// A cache is used only when it is the cache of this very file: V8 itself checks its own version
// and flags, and the source's length only, so the cache's first line names the size and the
// modification time of the file it was made from, and any other file compiles from its source
// as if there were no cache (a changed file is never run as the bytecode of the old one). A
// missing, stale or rejected cache costs only the compile it would have saved.
//
// The line also says whether the file was ASCII only (the build escapes every other character,
// bin/vite.config.mts): then it is read as Latin-1, which is a copy, and V8 keeps it in one byte
// a character, where UTF-8 decoding cost about 4 ms and a string of twice the size.
const { readFileSync, renameSync, statSync, writeFileSync } = require('node:fs');
const Module = require('node:module');
const { dirname } = require('node:path');
const { Script } = require('node:vm');

const MAGIC = 'glance code cache 2';

/** The first line of a cache made from `file` as it is now (without its encoding and newline). */
function stamp(file) {
  const { size, mtimeMs } = statSync(file);
  return `${MAGIC} ${size} ${mtimeMs}`;
}

function cachePath(file) {
  return `${file}.cache`;
}

/** The cached data for `file` as it is now and the encoding to read it with, or why there is none. */
function readCache(file) {
  let bytes;
  try {
    bytes = readFileSync(cachePath(file));
  } catch {
    return { state: 'missing', encoding: 'utf8' };
  }
  const made = stamp(file);
  for (const encoding of ['latin1', 'utf8']) {
    const header = `${made} ${encoding}\n`;
    if (bytes.length > header.length && bytes.toString('latin1', 0, header.length) === header) {
      return { state: 'used', encoding, data: bytes.subarray(header.length) };
    }
  }
  return { state: 'stale', encoding: 'utf8' };
}

/** Latin-1 where every byte is ASCII (then it reads the same as UTF-8), else UTF-8. */
function encodingOf(bytes) {
  for (const byte of bytes) if (byte > 0x7f) return 'utf8';
  return 'latin1';
}

/** Runs a compiled module wrapper as Node's loader would, registered in require.cache. */
function run(file, script) {
  const module = new Module(file, null);
  module.filename = file;
  require.cache[file] = module;
  const wrapper = script.runInThisContext({ displayErrors: true });
  wrapper.call(module.exports, module.exports, Module.createRequire(file), module, file, dirname(file));
  module.loaded = true;
  return module.exports;
}

/** Loads `file` with its code cache when the cache is its own; `state` says what happened. */
function load(file) {
  const cache = readCache(file);
  const script = new Script(Module.wrap(readFileSync(file, cache.encoding)), { filename: file, cachedData: cache.data });
  const state = cache.state === 'used' && script.cachedDataRejected ? 'rejected' : cache.state;
  return { exports: run(file, script), state };
}

/** Compiles and runs the top level of `file`, then writes what V8 compiled as its cache. */
function writeCache(file) {
  const bytes = readFileSync(file);
  const encoding = encodingOf(bytes);
  const header = `${stamp(file)} ${encoding}\n`;
  const script = new Script(Module.wrap(bytes.toString(encoding)), { filename: file });
  run(file, script);
  const temporary = `${cachePath(file)}.${process.pid}`;
  writeFileSync(temporary, Buffer.concat([Buffer.from(header, 'latin1'), script.createCachedData()]));
  renameSync(temporary, cachePath(file));
}

module.exports = { load, writeCache };

if (require.main === module) {
  const file = process.argv[2];
  if (!file) {
    process.stderr.write('usage: node bin/code-cache.js FILE (writes FILE.cache)\n');
    process.exit(2);
  }
  writeCache(require('node:path').resolve(file));
}
