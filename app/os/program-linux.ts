/**
 * Which program an interpreter process runs, as the OS shows it: the script named on its command
 * line (/proc/PID/cmdline), resolved against its working folder (/proc/PID/cwd) and made real
 * (realpath). On Linux such a process's bundle id is the interpreter's name (`python3.11`, `node`),
 * shared by every program it runs, so a standing accessibility consent is keyed by this path
 * instead (docs/privacy.md, "Apps without a provider").
 *
 * Read conservatively: an option this file does not know, code given inline (`python3 -c`,
 * `node -e`), a module or class looked up on a search path (`python3 -m`, `java Main`), code loaded
 * beside the script (`node --require`, `java -javaagent:`) or no script at all (a REPL) names no
 * one program, and the answer is undefined: the user is then offered "this time" and "never" only.
 */
import { readFileSync, readlinkSync } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import { interpreterFamily, type InterpreterFamily } from '../../contract/interpreter.js';

/** The script token of a command line: its index, or undefined when no one program is named. */
type Finder = (args: readonly string[]) => number | undefined;

/** Python's short options (`python3 --help`): flags, options taking a value, options naming no script. */
const PY_FLAGS = new Set('bBdEiIOPqRsSuvx');
const PY_VALUE = new Set('WX');

function pythonScript(args: readonly string[]): number | undefined {
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] ?? '';
    if (arg === '--') return i + 1 < args.length ? i + 1 : undefined;
    if (arg === '--check-hash-based-pycs') { i += 1; continue; }
    if (arg.startsWith('--') || arg === '-') return undefined;
    if (!arg.startsWith('-')) return i;
    // A cluster: `-IS`, `-Wignore`, `-W ignore`; `-c` and `-m` end the options and name no file.
    for (let c = 1; c < arg.length; c += 1) {
      const letter = arg[c] ?? '';
      if (PY_VALUE.has(letter)) {
        if (c === arg.length - 1) i += 1;
        break;
      }
      if (!PY_FLAGS.has(letter)) return undefined;
    }
  }
  return undefined;
}

/** Node's and Electron's options that take no value, by shape; `--x=value` is one token. */
const NODE_FLAG = /^--(?:inspect(?:-brk|-wait)?|enable-source-maps|expose-gc|preserve-symlinks(?:-main)?|pending-deprecation|throw-deprecation|abort-on-uncaught-exception|frozen-intrinsics|no-[a-z0-9-]+|trace-[a-z0-9-]+|experimental-(?!loader)[a-z0-9-]+|allow-[a-z0-9-]+|harmony[a-z0-9-]*)$|^-A$/;
/** Options that run code beside the script, or instead of one: never one program. */
const NODE_CODE = /^--(?:require|import|loader|experimental-loader|eval|print|interactive)(?:=|$)|^-[repi]$/;

function nodeScript(args: readonly string[], subcommand: boolean): number | undefined {
  // `deno run file`, `bun run file`: the subcommand comes first.
  const start = subcommand && args[0] === 'run' ? 1 : 0;
  for (let i = start; i < args.length; i += 1) {
    const arg = args[i] ?? '';
    if (arg === '--') return i + 1 < args.length ? i + 1 : undefined;
    if (!arg.startsWith('-')) return i;
    if (NODE_CODE.test(arg)) return undefined;
    if (!(/^--[a-z0-9-]+=/.test(arg) || NODE_FLAG.test(arg))) return undefined;
  }
  return undefined;
}

const GJS_VALUE = new Set(['-I', '--include-path', '--coverage-prefix', '--coverage-output', '--jsversion']);
const GJS_FLAG = /^(?:-m|--module|-d|--debugger|--profile(?:=.*)?|--(?:include-path|coverage-prefix|coverage-output|jsversion)=.*)$/;

function gjsScript(args: readonly string[]): number | undefined {
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] ?? '';
    if (!arg.startsWith('-')) return i;
    if (GJS_VALUE.has(arg)) i += 1;
    else if (!GJS_FLAG.test(arg)) return undefined; // `-c`, `--command`, or an option not known here
  }
  return undefined;
}

const JAVA_VALUE = new Set(['-cp', '-classpath', '--class-path', '-p', '--module-path', '--upgrade-module-path', '--add-modules', '--limit-modules', '--add-reads', '--add-exports', '--add-opens', '--patch-module', '--enable-native-access', '--source']);
const JAVA_FLAG = /^-(?:D.+|X.+|ea|da|esa|dsa|enableassertions|disableassertions|server|client|verbose(?::.*)?|showversion|splash:.+)$|^--[a-z-]+=.+$/;

function javaScript(args: readonly string[]): number | undefined {
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] ?? '';
    if (arg === '-jar') return i + 1 < args.length ? i + 1 : undefined;
    // A class name is looked up on the class path: no one file; a `.java` file runs from source.
    if (!arg.startsWith('-')) return arg.endsWith('.java') ? i : undefined;
    if (JAVA_VALUE.has(arg)) i += 1;
    else if (!JAVA_FLAG.test(arg)) return undefined; // -m, -javaagent:, -agentlib:, or not known here
  }
  return undefined;
}

/** Any other interpreter (`ruby file`, `bash file`): its first argument, when no option comes before it. */
const firstArgument: Finder = (args) => (args[0] !== undefined && !args[0].startsWith('-') ? 0 : undefined);

const FINDERS: Record<InterpreterFamily, Finder> = {
  python: pythonScript,
  node: (args) => nodeScript(args, false),
  'deno-bun': (args) => nodeScript(args, true),
  gjs: gjsScript,
  java: javaScript,
  other: firstArgument,
};

/** The script an interpreter's command line names, as written there; undefined when none or not one. */
export function scriptArgument(bundleId: string, argv: readonly string[]): string | undefined {
  const family = interpreterFamily(bundleId);
  if (family === undefined) return undefined;
  const args = argv.slice(1);
  const at = FINDERS[family](args);
  const script = at === undefined ? undefined : args[at];
  return script === undefined || script === '' ? undefined : script;
}

/**
 * The real path of the program interpreter process `pid` runs (its bundle id `bundleId`), or
 * undefined: not an interpreter, no one script on its command line, or nothing at that path.
 */
export async function linuxProgram(pid: number, bundleId: string, procRoot = '/proc'): Promise<string | undefined> {
  try {
    // procfs answers from the kernel's memory at once; the script's own folder may be on a slow
    // disk or a network mount, so it is resolved off the main thread.
    const argv = readFileSync(`${procRoot}/${pid}/cmdline`, 'utf8').split('\0');
    if (argv.at(-1) === '') argv.pop();
    const script = scriptArgument(bundleId, argv);
    if (script === undefined) return undefined;
    const path = await realpath(isAbsolute(script) ? script : join(readlinkSync(`${procRoot}/${pid}/cwd`), script));
    // A file, or a folder an interpreter runs as a whole (python's `__main__.py`, `electron .`).
    const found = await stat(path);
    return found.isFile() || found.isDirectory() ? path : undefined;
  } catch {
    // Gone, another user's, or a script that is no longer there: no one program can be named.
    return undefined;
  }
}
