/**
 * The connect-time check's question as lsof answers it (macOS always; Linux on request or when
 * /proc fails), in one run: `lsof -nP -iTCP:<port> -FpntT` lists every TCP socket with that
 * port at either end, so both the listeners and the two ends of our own connection, each with
 * its process and state (step 5 of docs/protocol.md, "The host's checks, in order").
 */
import { firstLine, runTool } from '@app-context/provider-kit/platform';
import { isValidPort, isWarning, systemLsof, type LsofOptions } from './lsof.js';
import type { ConnectionResult, ListeningSocket, SocketEnd } from './types.js';

/** The arguments of one lookup: numeric output, every TCP socket on `port`, machine fields with the state. */
function lsofConnectionArgs(port: number): string[] {
  return ['-nP', `-iTCP:${port}`, '-FpntT'];
}

interface Entry {
  pid: number;
  type: string | undefined;
  name: string | undefined;
  state: string | undefined;
}

/** `127.0.0.1:80`, `[::ffff:127.0.0.1]:80`, `*:80`, `[::1]:80` into host and port; the mapped form reads as IPv4. */
function splitName(name: string): { host: string; port: number } | undefined {
  const colon = name.lastIndexOf(':');
  if (colon < 0) return undefined;
  let host = name.slice(0, colon);
  if (host.startsWith('[') && host.endsWith(']')) host = host.slice(1, -1);
  if (/^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(host)) host = host.slice(7);
  const port = Number(name.slice(colon + 1));
  return Number.isInteger(port) ? { host, port } : undefined;
}

/**
 * Parses `lsof -FpntT` output (f lines and other fields are boundaries or ignored) into the
 * listeners on `port` and the pids holding the server end of the connection from `client`.
 * A socket without a `->` counts as a listener unless lsof says it is in another state.
 */
export function parseLsofConnection(output: string, port: number, client: SocketEnd): { sockets: ListeningSocket[]; server: number[] | undefined } {
  const entries: Entry[] = [];
  let pid: number | undefined;
  let entry: Entry | undefined;
  const start = (type: string | undefined): void => {
    if (pid === undefined) return;
    entry = { pid, type, name: undefined, state: undefined };
    entries.push(entry);
  };
  for (const raw of output.split('\n')) {
    const line = raw.replace(/\r$/, '');
    const field = line[0];
    const value = line.slice(1);
    if (field === 'p') {
      pid = /^\d+$/.test(value) ? Number(value) : undefined;
      entry = undefined;
    } else if (field === 'f') {
      entry = undefined;
    } else if (field === 't') {
      start(value);
    } else if (field === 'n') {
      if (entry === undefined || entry.name !== undefined) start(undefined);
      if (entry !== undefined) entry.name = value;
    } else if (field === 'T' && value.startsWith('ST=') && entry !== undefined) {
      entry.state = value.slice(3);
    }
  }
  const sockets: ListeningSocket[] = [];
  let server: number[] | undefined;
  for (const e of entries) {
    if (e.name === undefined) continue;
    const arrow = e.name.indexOf('->');
    if (arrow < 0) {
      const local = splitName(e.name);
      if (local === undefined || local.port !== port || (e.state !== undefined && e.state !== 'LISTEN')) continue;
      let address = local.host;
      if (address === '*') address = e.type === 'IPv6' ? '::' : e.type === 'IPv4' ? '0.0.0.0' : '*';
      if (address !== '') sockets.push({ pid: e.pid, address });
      continue;
    }
    const local = splitName(e.name.slice(0, arrow));
    const remote = splitName(e.name.slice(arrow + 2));
    if (local?.host === '127.0.0.1' && local.port === port && remote?.host === client.address && remote.port === client.port) {
      server ??= [];
      if (!server.includes(e.pid)) server.push(e.pid);
    }
  }
  return { sockets, server };
}

/** Asks lsof once about `port`: its listeners, and who holds the server end of the connection from `client`. */
export async function lsofConnection(port: number, client: SocketEnd, options: LsofOptions = {}): Promise<ConnectionResult> {
  if (!isValidPort(port)) return { ok: false, reason: `${port} is not a TCP port` };
  const lsofPath = options.lsofPath ?? systemLsof();
  const result = await runTool(lsofPath, lsofConnectionArgs(port), { timeoutMs: options.timeoutMs ?? 1000 });
  switch (result.kind) {
    case 'ok':
      return { ok: true, ...parseLsofConnection(result.stdout, port, client) };
    case 'exit': {
      const errors = result.stderr.split('\n').filter((l) => l.trim() !== '' && !isWarning(l));
      if (result.code === 1 && result.stdout.trim() === '' && errors.length === 0) return { ok: true, sockets: [], server: undefined };
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
