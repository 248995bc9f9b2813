import { parseArgs, type ParseArgsConfig } from 'node:util';
import { DEFAULT_TIMEOUT_MS } from '@app-context/provider-kit/protocol';
import { BACKEND_IDS } from '../../contract/backends.js';
import { UsageError } from './exit-codes.js';
import { closest } from './suggest.js';
import { escapeUnsafeInJson } from './terminal-safe.js';

/** What `--backend` takes, as the usage lines write it: every backend of the record (contract/backends.ts). */
export const BACKEND_CHOICE = BACKEND_IDS.join('|');

/** The longest time limit the command takes: seven digits of milliseconds (the settings allow less, contract/settings.ts). */
export const MAX_TIMEOUT_ARG_MS = 9_999_999;

/** The value each option takes, as the usage lines name it ("--pid needs a value: --pid N"). */
const OPTION_VALUES: Readonly<Record<string, string>> = {
  pid: 'N', app: 'NAME', timeout: 'MS', instance: 'I', exclude: 'ID', backend: BACKEND_CHOICE, model: 'M', 'base-url': 'URL', 'model-timeout': 'MS', browser: 'NAME', 'profile-dir': 'DIR',
};

/** A command line that asks for the command's help (--help or -h before "--"): main prints it, exit 0. */
export class HelpRequested extends Error {
  constructor(readonly command: string) {
    super(`help for ${command}`);
  }
}

/**
 * node:util parseArgs, with every mistake told in Glance's own words as one usage error
 * (exit 2): an option without its value, a value given to a switch, an unknown option with
 * the closest known one. `--help` or `-h` anywhere before "--" asks for the command's help.
 * Ids and instances may begin with "-" (the id rule), and one in 64 minted instances does;
 * parseArgs would call `--instance -k3f9` ambiguous. So the word after an option that takes a
 * value is that value, unless it names an option of this command (or is --help).
 */
export function parseCommandLine<T extends ParseArgsConfig['options']>(argv: string[], options: T, command: string, takesId = false) {
  const known: Options = options ?? {};
  const args = bindOptionValues(argv, known);
  const end = args.indexOf('--');
  const words = end < 0 ? args : args.slice(0, end);
  if (words.some((word) => word === '--help' || word === '-h')) throw new HelpRequested(command);
  const helpHint = `\`glance ${command} --help\` lists its options`;
  words.forEach((word, i) => {
    if (!word.startsWith('--')) return;
    const [name = '', value] = splitOption(word);
    const option = Object.hasOwn(known, name) ? known[name] : undefined;
    if (option?.type === 'boolean' && value !== undefined) throw new UsageError(`${command}: --${name} takes no value`);
    const next = words[i + 1] ?? (end === i + 1 ? '--' : undefined);
    if (option?.type === 'string' && value === undefined && (next === undefined || next === '--' || isKnownOption(next, known))) {
      throw new UsageError(`${command}: --${name} needs a value: --${name} ${OPTION_VALUES[name] ?? 'VALUE'}`);
    }
  });
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch {
    const unknown = words.find((word) => word.startsWith('-') && !isKnownOption(word, known));
    if (unknown !== undefined) {
      const word = unknown.slice(0, 40);
      const guess = word.startsWith('--') ? closest(splitOption(word)[0] ?? '', Object.keys(known)) : undefined;
      const hint = takesId ? `; an id that begins with "-" goes last, after "--" (as in -- ${word})` : '';
      const suggestion = guess !== undefined ? `; did you mean --${guess}?` : '';
      // The question ends its sentence; without one, a semicolon leads to the hint.
      throw new UsageError(`${command}: "${word}" is not an option of ${command}${hint}${suggestion}${suggestion === '' ? ';' : ''} ${helpHint}`);
    }
    throw new UsageError(`${command}: the command line cannot be read; ${helpHint}`);
  }
}

type Options = NonNullable<ParseArgsConfig['options']>;

/** "--name=value" as [name, value]; "--name" as [name, undefined]. */
function splitOption(word: string): [string, string | undefined] {
  const body = word.replace(/^--?/, '');
  const eq = body.indexOf('=');
  return eq < 0 ? [body, undefined] : [body.slice(0, eq), body.slice(eq + 1)];
}

/** `--name value` becomes `--name=value` for string options, so a value may begin with "-". */
function bindOptionValues(argv: string[], options: Options): string[] {
  const bound: string[] = [];
  const rest = [...argv];
  for (let word = rest.shift(); word !== undefined; word = rest.shift()) {
    if (word === '--') return [...bound, word, ...rest];
    const next = rest[0];
    const option = word.startsWith('--') && !word.includes('=') ? options[word.slice(2)] : undefined;
    if (option?.type === 'string' && next !== undefined && next.startsWith('-') && next !== '--' && !isKnownOption(next, options)) {
      bound.push(`${word}=${next}`);
      rest.shift();
    } else {
      bound.push(word);
    }
  }
  return bound;
}

/** An option of the command, or --help (which every command takes). */
function isKnownOption(word: string, options: Options): boolean {
  if (!word.startsWith('--')) return false;
  const name = splitOption(word)[0];
  return name === 'help' || Object.hasOwn(options, name);
}

/** A process id from the command line. */
export function parsePid(value: string | undefined, command: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^[1-9]\d{0,9}$/.test(value)) throw new UsageError(`${command}: --pid takes a process id (a positive whole number), not "${value.slice(0, 20)}"`);
  return Number(value);
}

/**
 * The one time limit in milliseconds (docs/cli.md, "Options and arguments": --timeout MS, default
 * the protocol's DEFAULT_TIMEOUT_MS), 1 to MAX_TIMEOUT_ARG_MS.
 */
export function parseTimeout(value: string | undefined, command: string, flag = '--timeout', fallback = DEFAULT_TIMEOUT_MS): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || value.length > String(MAX_TIMEOUT_ARG_MS).length || Number(value) < 1 || Number(value) > MAX_TIMEOUT_ARG_MS) {
    throw new UsageError(`${command}: ${flag} takes milliseconds (1 to ${MAX_TIMEOUT_ARG_MS}), not "${value.slice(0, 20)}"`);
  }
  return Number(value);
}

/** One JSON value and a newline, with terminal-unsafe characters escaped (same value). */
export function jsonLine(value: unknown): string {
  return `${escapeUnsafeInJson(JSON.stringify(value))}\n`;
}
