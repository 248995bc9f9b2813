/**
 * The OS services for the platform we run on. `createOs()` is what the composition root calls;
 * the per-method functions are exported too, for the benchmark and for tests.
 */
import type { OsServices } from './types.js';
import type { OsOptions } from './options.js';
import { OS_TOOL_TIMEOUT_MS } from './options.js';
import { isAlivePs, isValidPid } from './alive.js';
import { psProcessInfo } from '@app-context/provider-kit/platform';
import { createDarwinOs } from './darwin.js';
import { createLinuxOs } from './linux.js';
import { lsofListeners } from './lsof.js';
import { lsofConnection } from './lsof-connection.js';
import { processNameFromList, psListLister } from './process-name.js';

export type { ConnectionResult, FrontApp, FrontAppFailure, FrontAppResult, ListeningSocket, ListenersResult, OsServices, ProcessInfo, SocketEnd } from './types.js';
export type { ListenersMethod, OsOptions } from './options.js';
export type { ActiveWindowInfo, FrontAppSource } from './front-app.js';
export type { ProcessLister } from './process-name.js';
export { createDarwinOs } from './darwin.js';
export { createLinuxOs } from './linux.js';
export { isValidPid, processExists } from './alive.js';
export { isValidPort, lsofListeners, parseLsofListeners } from './lsof.js';
export { procListeners, parseProcNetTcp } from './proc-net.js';
export { lsofConnection, parseLsofConnection } from './lsof-connection.js';
export { procConnection, parseServerEnd } from './proc-connection.js';
export { linuxBundleId } from '@app-context/provider-kit/platform';
export { darwinBundleId } from '@app-context/provider-kit/platform';

/**
 * A platform we have no front-app support for: it says so plainly, and still answers what a
 * POSIX system can (kill(0), ps, lsof) so `--pid` keeps working.
 */
function createUnsupportedOs(platform: string, options: OsOptions = {}): OsServices {
  const timeoutMs = options.toolTimeoutMs ?? OS_TOOL_TIMEOUT_MS;
  return {
    frontApp: async () => ({
      ok: false,
      reason: `Telling which app is in front is not supported on ${platform}. Pass --pid to name the app.`,
      cause: `telling which app is in front is not supported on ${platform}`,
    }),
    isAlive: (pid) => isAlivePs(pid, 'ps', timeoutMs),
    bundleId: async () => undefined,
    listeners: (port) => lsofListeners(port, { ...(options.lsofPath === undefined ? {} : { lsofPath: options.lsofPath }), timeoutMs }),
    connection: (port, client) => lsofConnection(port, client, { ...(options.lsofPath === undefined ? {} : { lsofPath: options.lsofPath }), timeoutMs }),
    processName: (pid) => processNameFromList(pid, options.processLister ?? psListLister, timeoutMs),
    processInfo: async (pid) => (isValidPid(pid) ? psProcessInfo(pid, 'ps', timeoutMs) : undefined),
  };
}

/** The OsServices for `process.platform` (or `platform`, for tests). */
export function createOs(options: OsOptions = {}, platform: NodeJS.Platform = process.platform): OsServices {
  if (platform === 'darwin') return createDarwinOs(options);
  if (platform === 'linux') return createLinuxOs(options);
  return createUnsupportedOs(platform, options);
}
