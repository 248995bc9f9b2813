import type { OsServices } from '../os/types.js';
import { fail, notChecked, pass, type CheckResult } from './types.js';

/**
 * Wildcards a host accepts (docs/protocol.md, "The host's checks, in order", step 5) but a provider
 * should not bind to.
 */
const WILDCARDS = new Set(['0.0.0.0', '*', '::', '[::]']);

/** The two listener checks, and whether the token may be sent to the port at all. */
export interface ListenerVerdict {
  checks: CheckResult[];
  /**
   * True when a host would send to this port: every socket belongs to N (or its helper) and listens on
   * 127.0.0.1 or a wildcard. Otherwise check-provider sends nothing there either, since the
   * token would go to another process or out of the machine.
   */
  safeToSend: boolean;
}

/**
 * The endpoint's port is held by process N only (by its helper, when the descriptor names one:
 * docs/protocol.md, "Providers served by a helper"), and only on 127.0.0.1. A wildcard address
 * (0.0.0.0, ::) is accepted by hosts but fails here: it makes the provider reachable from the
 * network, where only the token stands between it and any machine on the LAN.
 */
export async function checkListener(port: number, pid: number, os: OsServices, helper = false): Promise<ListenerVerdict> {
  const who = helper ? `the helper process ${pid}` : `process ${pid}`;
  const result = await os.listeners(port);
  if (!result.ok) {
    const why = `the system could not be asked who listens on port ${port} (${result.reason})`;
    return { checks: [fail('listener-owner', why), notChecked('listener-address', why)], safeToSend: false };
  }
  if (result.sockets.length === 0) {
    const why = `nobody listens on port ${port}, the descriptor's endpoint`;
    return { checks: [fail('listener-owner', why), notChecked('listener-address', why)], safeToSend: false };
  }
  const others = [...new Set(result.sockets.filter((s) => s.pid !== pid).map((s) => s.pid))];
  const owner = others.length === 0
    ? pass('listener-owner', `port ${port} is held by ${who}`)
    : fail('listener-owner', `port ${port} is also held by ${await describe(others, os)}; only ${who} may listen there, and nothing is sent to that port`);
  const addresses = [...new Set(result.sockets.map((s) => s.address))];
  const wrong = addresses.filter((a) => a !== '127.0.0.1');
  const address = wrong.length === 0
    ? pass('listener-address', '127.0.0.1 only')
    : fail('listener-address', `port ${port} listens on ${wrong.map((a) => (WILDCARDS.has(a) ? `${a} (every address)` : a)).join(', ')}; a provider listens on 127.0.0.1 only${wrong.some((a) => WILDCARDS.has(a)) ? ' (a wildcard address makes it reachable from the network)' : ''}`);
  const safeToSend = others.length === 0 && addresses.every((a) => a === '127.0.0.1' || WILDCARDS.has(a));
  return { checks: [owner, address], safeToSend };
}

async function describe(pids: number[], os: OsServices): Promise<string> {
  const names = await Promise.all(pids.map(async (p) => {
    if (p < 0) return 'a process that cannot be identified';
    const name = await os.processName(p);
    return `${name ? `${name}, ` : ''}pid ${p}`;
  }));
  return names.join('; ');
}
