/**
 * A provider run by a helper of the app rather than by the app itself: a process the app
 * started (directly or through its own helpers), such as a browser's native messaging host,
 * which can listen where the app cannot. The descriptor then names the app as `pid` and this
 * process as `helperPid` (docs/protocol.md#providers-served-by-a-helper). Only hosts that know
 * `helperPid` use such a descriptor; an older host sees a listener that is not `pid` and
 * ignores it.
 */
import { descendsFrom, linuxProcessInfo, psProcessInfo, type ProcessLookup } from './platform/process-info.js';
import { ProviderSetupError } from './problems.js';

/** Whose descriptor this run publishes: the app's pid, and this process when it is the app's helper. */
export interface ServedApp {
  pid: number;
  helperPid?: number;
}

/** How this platform describes a process, or undefined where the kit has no rule. */
function platformLookup(platform: NodeJS.Platform): ProcessLookup | undefined {
  if (platform === 'linux') return (pid) => linuxProcessInfo(pid);
  if (platform === 'darwin') return (pid) => psProcessInfo(pid);
  return undefined;
}

/**
 * The app this run serves. Without `appPid` (or with this process's own pid) that is this
 * process. Otherwise this process must descend from `appPid` by the host's own rule, checked
 * here so that nothing is published that every host would refuse.
 */
export async function servedApp(appPid: number | undefined, ownPid = process.pid, platform: NodeJS.Platform = process.platform): Promise<ServedApp> {
  if (appPid === undefined || appPid === ownPid) return { pid: ownPid };
  if (!Number.isSafeInteger(appPid) || appPid <= 0) throw new ProviderSetupError('appPid must be a positive whole number: the process id of the app this helper serves');
  const lookup = platformLookup(platform);
  if (lookup === undefined) throw new ProviderSetupError(`a provider served by a helper (appPid) cannot be checked on ${platform}: the kit cannot tell a process's parent there`);
  const ancestry = await descendsFrom(ownPid, appPid, lookup);
  if (!ancestry.ok) {
    throw new ProviderSetupError(
      `this process cannot serve app ${appPid} as its helper: ${ancestry.reason}; hosts accept a helper only when the app started it (directly or through its own helpers), so nothing is published`,
    );
  }
  return { pid: appPid, helperPid: ownPid };
}
