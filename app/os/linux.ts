/**
 * OsServices on Linux: /proc for everything it can answer (liveness, bundle id, listeners,
 * names) because reading a few small files is faster and harder to wedge than a child process;
 * lsof as the fallback for listeners; get-windows (X11) for the front app.
 */
import type { ConnectionResult, ListenersResult, OsServices, SocketEnd } from './types.js';
import type { OsOptions } from './options.js';
import { OS_TOOL_TIMEOUT_MS } from './options.js';
import { isAliveLinux, isValidPid } from './alive.js';
import { linuxBundleId, linuxProcessInfo } from '@app-context/provider-kit/platform';
import { getWindowsSource, readFrontApp } from './front-app.js';
import { DEFAULT_LSOF, isValidPort, lsofListeners } from './lsof.js';
import { lsofConnection } from './lsof-connection.js';
import { procConnection } from './proc-connection.js';
import { procListeners } from './proc-net.js';
import { linuxProcessName, psListLister } from './process-name.js';

/** Creates the Linux implementation of OsServices. */
export function createLinuxOs(options: OsOptions = {}): OsServices {
  const procRoot = options.procRoot ?? '/proc';
  const ownPid = options.ownPid ?? process.pid;
  const timeoutMs = options.toolTimeoutMs ?? OS_TOOL_TIMEOUT_MS;
  const lsof = { lsofPath: options.lsofPath ?? DEFAULT_LSOF, timeoutMs };
  const lister = options.processLister ?? psListLister;

  const bundleId = async (pid: number): Promise<string | undefined> => (isValidPid(pid) ? linuxBundleId(pid, procRoot) : undefined);

  const listeners = async (port: number): Promise<ListenersResult> => {
    if (!isValidPort(port)) return { ok: false, reason: `${port} is not a TCP port` };
    if (options.listenersMethod === 'lsof') return lsofListeners(port, lsof);
    const fromProc = await procListeners(port, procRoot);
    if (fromProc.ok) return fromProc;
    const fromLsof = await lsofListeners(port, lsof);
    return fromLsof.ok ? fromLsof : { ok: false, reason: `${fromProc.reason}; and ${fromLsof.reason}` };
  };

  const connection = async (port: number, client: SocketEnd): Promise<ConnectionResult> => {
    if (!isValidPort(port)) return { ok: false, reason: `${port} is not a TCP port` };
    if (options.listenersMethod === 'lsof') return lsofConnection(port, client, lsof);
    const fromProc = await procConnection(port, client, procRoot);
    if (fromProc.ok) return fromProc;
    const fromLsof = await lsofConnection(port, client, lsof);
    return fromLsof.ok ? fromLsof : { ok: false, reason: `${fromProc.reason}; and ${fromLsof.reason}` };
  };

  return {
    frontApp: () => readFrontApp({ source: options.frontAppSource ?? getWindowsSource, ownPid, bundleIdOf: bundleId, trustSourceBundleId: false }),
    isAlive: (pid) => isAliveLinux(pid, procRoot),
    bundleId,
    listeners,
    connection,
    processName: (pid) => linuxProcessName(pid, procRoot, lister, timeoutMs),
    processInfo: async (pid) => (isValidPid(pid) ? linuxProcessInfo(pid, procRoot) : undefined),
  };
}
