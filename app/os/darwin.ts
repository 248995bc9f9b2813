/**
 * OsServices on macOS: get-windows' helper for the front app (it also gives the bundle id), `ps` for
 * zombies, Launch Services or the app's Info.plist for a pid's bundle id, lsof for listeners
 * (macOS has no /proc), and ps-list for names. Every tool runs by absolute path with a time limit.
 */
import type { OsServices } from './types.js';
import type { OsOptions } from './options.js';
import { OS_TOOL_TIMEOUT_MS } from './options.js';
import { isAlivePs, isValidPid } from './alive.js';
import { type DarwinTools, DEFAULT_DARWIN_TOOLS, darwinBundleId, psProcessInfo } from '@app-context/provider-kit/platform';
import { readFrontApp } from './front-app.js';
import { getWindowsHelperSource } from './get-windows-helper.js';
import { isValidPort, lsofListeners } from './lsof.js';
import { lsofConnection } from './lsof-connection.js';
import { processNameFromList, psListLister } from './process-name.js';

/** Creates the macOS implementation of OsServices. */
export function createDarwinOs(options: OsOptions = {}): OsServices {
  const timeoutMs = options.toolTimeoutMs ?? OS_TOOL_TIMEOUT_MS;
  const tools: DarwinTools = {
    ...DEFAULT_DARWIN_TOOLS,
    ...options.darwinTools,
    ...(options.lsofPath === undefined ? {} : { lsof: options.lsofPath }),
    timeoutMs,
  };
  const ownPid = options.ownPid ?? process.pid;
  const lister = options.processLister ?? psListLister;
  const bundleId = async (pid: number): Promise<string | undefined> => (isValidPid(pid) ? darwinBundleId(pid, tools) : undefined);

  return {
    // get-windows' helper, run by us from outside app.asar with the tools' time limit
    // (get-windows-helper.ts). It reports owner.bundleId; the lookup by pid covers a result without one.
    frontApp: () =>
      readFrontApp({
        source: options.frontAppSource ?? getWindowsHelperSource({ ...(options.getWindowsHelper === undefined ? {} : { path: options.getWindowsHelper }), timeoutMs }),
        ownPid,
        bundleIdOf: bundleId,
        trustSourceBundleId: true,
      }),
    isAlive: (pid) => isAlivePs(pid, tools.ps, timeoutMs),
    bundleId,
    listeners: async (port) =>
      isValidPort(port) ? lsofListeners(port, { lsofPath: tools.lsof, timeoutMs }) : { ok: false, reason: `${port} is not a TCP port` },
    connection: async (port, client) =>
      isValidPort(port) ? lsofConnection(port, client, { lsofPath: tools.lsof, timeoutMs }) : { ok: false, reason: `${port} is not a TCP port` },
    processName: (pid) => processNameFromList(pid, lister, timeoutMs),
    processInfo: async (pid) => (isValidPid(pid) ? psProcessInfo(pid, tools.ps, timeoutMs) : undefined),
  };
}
