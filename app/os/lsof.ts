/**
 * Who listens on a TCP port, as lsof tells it (macOS always; Linux as the fallback).
 * We ask for the `t` field beside `p` and `n` so a wildcard (`*:PORT`) can be told apart
 * as 0.0.0.0 or ::, the way /proc reports it: the two methods then give the same answer.
 */
import { existsSync } from 'node:fs';
import type { ListenersResult, ListeningSocket } from './types.js';
import { firstLine, runTool } from '@app-context/provider-kit/platform';

/**
 * Where the system's lsof is looked for when no path is given, in order: Debian and Ubuntu put
 * it in /usr/bin, other systems in /usr/sbin or /bin. Never the first `lsof` on PATH: lsof says
 * who listens on a provider's port, and a PATH entry is no one's to answer that for the system
 * (the accessibility helper's Python is found the same way, app/os/accessibility/linux.ts).
 */
const LSOF_PATHS = ['/usr/bin/lsof', '/usr/sbin/lsof', '/bin/lsof'] as const;

/** The system's lsof: the first of LSOF_PATHS that exists, else the first, so that "not found" names it. */
export function systemLsof(): string {
  return LSOF_PATHS.find((path) => existsSync(path)) ?? LSOF_PATHS[0];
}

/** Options for one lsof lookup. */
export interface LsofOptions {
  lsofPath?: string;
  timeoutMs?: number;
}

/** A valid TCP port number (1-65535); anything else never reaches lsof's command line. */
export function isValidPort(port: number): boolean {
  return Number.isInteger(port) && port >= 1 && port <= 65535;
}

/** The arguments of one lookup: numeric output, TCP listeners on `port` only, machine fields. */
function lsofArgs(port: number): string[] {
  return ['-nP', `-iTCP:${port}`, '-sTCP:LISTEN', '-Fpnt'];
}

/**
 * Parses `lsof -F` output (p, t and n lines; other fields ignored) into listening sockets on
 * `port`. Names like `127.0.0.1:8080`, `*:8080`, `[::1]:8080`, `[::]:8080` are understood; a
 * name with `->` (a connection, not a listener) or on another port is skipped.
 */
export function parseLsofListeners(output: string, port: number): ListeningSocket[] {
  const sockets: ListeningSocket[] = [];
  let pid: number | undefined;
  let type: string | undefined;
  for (const raw of output.split('\n')) {
    const line = raw.replace(/\r$/, '');
    const field = line[0];
    const value = line.slice(1);
    if (field === 'p') {
      pid = /^\d+$/.test(value) ? Number(value) : undefined;
      type = undefined;
    } else if (field === 'f') {
      type = undefined; // a new file of the same process
    } else if (field === 't') {
      type = value;
    } else if (field === 'n' && pid !== undefined) {
      const address = parseLsofName(value, port, type);
      if (address !== undefined) sockets.push({ pid, address });
    }
  }
  return sockets;
}

function parseLsofName(name: string, port: number, type: string | undefined): string | undefined {
  if (name.includes('->')) return undefined;
  const colon = name.lastIndexOf(':');
  if (colon < 0 || name.slice(colon + 1) !== String(port)) return undefined;
  let host = name.slice(0, colon);
  if (host.startsWith('[') && host.endsWith(']')) host = host.slice(1, -1);
  if (host === '*') {
    if (type === 'IPv4') return '0.0.0.0';
    if (type === 'IPv6') return '::';
  }
  return host === '' ? undefined : host;
}

/** True when a line of lsof's stderr is only a warning (unreadable mounts and the like). */
export function isWarning(line: string): boolean {
  return /^lsof: WARNING/i.test(line) || /^\s+(Output information|Information may be)/i.test(line);
}

/** Asks lsof who listens on `port`. Exit status 1 with no output means nobody does. */
export async function lsofListeners(port: number, options: LsofOptions = {}): Promise<ListenersResult> {
  if (!isValidPort(port)) return { ok: false, reason: `${port} is not a TCP port` };
  const lsofPath = options.lsofPath ?? systemLsof();
  const result = await runTool(lsofPath, lsofArgs(port), { timeoutMs: options.timeoutMs ?? 1000 });
  switch (result.kind) {
    case 'ok':
      return { ok: true, sockets: parseLsofListeners(result.stdout, port) };
    case 'exit': {
      const errors = result.stderr.split('\n').filter((l) => l.trim() !== '' && !isWarning(l));
      if (result.code === 1 && result.stdout.trim() === '' && errors.length === 0) return { ok: true, sockets: [] };
      return { ok: false, reason: `lsof failed (exit status ${result.code}): ${firstLine(errors.join('\n')) || 'no message'}` };
    }
    case 'missing':
      return { ok: false, reason: `lsof was not found (${lsofPath}); install lsof so Glance can check who listens on a provider's port` };
    case 'timeout':
      return { ok: false, reason: `lsof did not answer within ${options.timeoutMs ?? 1000} ms` };
    case 'error':
      return { ok: false, reason: `lsof could not be run: ${result.message}` };
  }
}
