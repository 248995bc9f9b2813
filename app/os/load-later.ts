/**
 * Node modules that only some paths use, loaded on their first use instead of with the module
 * that names them. Every `glance` start loads the whole command bundle, so a static import is
 * paid by every command: node:crypto costs about 3 ms (OpenSSL's bindings) and node:child_process
 * about 1 ms, and `glance current` needs neither (docs/benchmarks.md, "The command"). Once
 * loaded, Node keeps each module, so later calls cost a property read.
 */
import type * as NodeChildProcess from 'node:child_process';
import type * as NodeCrypto from 'node:crypto';
import { createRequire } from 'node:module';

/** Node's require, made on first use too (making it reads the path of this module). */
let load: NodeJS.Require | undefined;
function required(name: string): unknown {
  load ??= createRequire(import.meta.url);
  return load(name);
}

/** node:crypto (a receipt's digest; random bytes come from Web Crypto, home/files.ts). */
export function nodeCrypto(): typeof NodeCrypto {
  return required('node:crypto') as typeof NodeCrypto;
}

/** node:child_process (the accessibility helper). */
export function nodeChildProcess(): typeof NodeChildProcess {
  return required('node:child_process') as typeof NodeChildProcess;
}
