import { parseArgs, type ParseArgsConfig } from 'node:util';
import { DEFAULT_TIMEOUT_MS } from '../protocol/limits.js';
import { UsageError } from './exit-codes.js';
import { escapeUnsafeInJson } from './terminal-safe.js';

/**
 * node:util parseArgs, with its errors turned into one-line usage errors (exit 2).
 * Ids and instances may begin with "-" (wire.md's id rule), and one in 64 minted instances
 * does; parseArgs would call `--instance -k3f9` ambiguous. So the word after an option that
 * takes a value is that value, unless it names an option of this command.
 */
export function parseCommandLine<T extends ParseArgsConfig['options']>(argv: string[], options: T, command: string, takesId = false) {
  const args = bindOptionValues(argv, options ?? {});
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    const end = args.indexOf('--');
    const unknown = (end < 0 ? args : args.slice(0, end)).find((word) => word.startsWith('-') && !isKnownOption(word, options ?? {}));
    if (unknown !== undefined) {
      const word = unknown.slice(0, 40);
      const hint = takesId ? `; an id that begins with "-" goes last, after "--" (as in -- ${word})` : '';
      throw new UsageError(`${command}: "${word}" is not an option of ${command}${hint}; see \`glance help\``);
    }
    const message = error instanceof Error ? error.message.split('\n')[0] : 'bad arguments';
    throw new UsageError(`${command}: ${message}; see \`glance help\``);
  }
}

type Options = NonNullable<ParseArgsConfig['options']>;

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

function isKnownOption(word: string, options: Options): boolean {
  if (!word.startsWith('--')) return false;
  const name = word.slice(2).split('=', 1).join('');
  return Object.hasOwn(options, name);
}

/** A process id from the command line. */
export function parsePid(value: string | undefined, command: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^[1-9]\d{0,9}$/.test(value)) throw new UsageError(`${command}: --pid takes a process id (a positive whole number), not "${value.slice(0, 20)}"`);
  return Number(value);
}

/** The one time limit in milliseconds (cli.md: --timeout MS, default 1500). */
export function parseTimeout(value: string | undefined, command: string, flag = '--timeout', fallback = DEFAULT_TIMEOUT_MS): number {
  if (value === undefined) return fallback;
  if (!/^\d{1,7}$/.test(value) || Number(value) < 1) throw new UsageError(`${command}: ${flag} takes milliseconds (1 to 9999999), not "${value.slice(0, 20)}"`);
  return Number(value);
}

/** One JSON value and a newline, with terminal-unsafe characters escaped (same value). */
export function jsonLine(value: unknown): string {
  return `${escapeUnsafeInJson(JSON.stringify(value))}\n`;
}
