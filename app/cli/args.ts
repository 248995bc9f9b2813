import { parseArgs, type ParseArgsConfig } from 'node:util';
import { DEFAULT_TIMEOUT_MS } from '../protocol/limits.js';
import { UsageError } from './exit-codes.js';
import { escapeUnsafeInJson } from './terminal-safe.js';

/** node:util parseArgs, with its errors turned into one-line usage errors (exit 2). */
export function parseCommandLine<T extends ParseArgsConfig['options']>(argv: string[], options: T, command: string) {
  try {
    return parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (error) {
    const message = error instanceof Error ? error.message.split('\n')[0] : 'bad arguments';
    throw new UsageError(`${command}: ${message}; see \`glance help\``);
  }
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
