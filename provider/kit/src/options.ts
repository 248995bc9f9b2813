// The declarations emitted from this file name Node's types: an app compiling against them needs
// @types/node whatever its tsconfig's `types` says (a fresh `tsc --init` lists none).
/// <reference types="node" preserve="true" />
import type { ProviderLogger } from './logger.js';
import { isValidId } from './protocol/ids.js';
import type { CurrentFunction, LocationFunction } from './answer.js';
import { darwinBundleId } from './platform/bundle-id-darwin.js';
import { linuxBundleId } from './platform/bundle-id-linux.js';
import { ProviderSetupError, type ProviderProblem } from './problems.js';

/** What an app tells the kit. */
export interface ProviderOptions {
  /**
   * The app's bundle identifier. Defaults to what the OS reports for this process (the
   * protocol's "Bundle identifiers"): on macOS the enclosing .app's CFBundleIdentifier, on
   * Linux the Flatpak id, the launching desktop file, or the executable's name. Pass it when
   * the default fails; the kit warns at start when the OS would not report what you pass.
   */
  bundleId?: string;
  /** The app's name as users know it ("Sample Notes"). */
  name: string;
  /** The app's version. */
  version: string;
  /** What the user has open and is pointing at now: the root element, role Application. */
  current: CurrentFunction;
  /** Where an element is on screen now. Omit it when the app cannot report positions at all. */
  location?: LocationFunction;
  /**
   * Where the kit says what it does and what is wrong (every distinct problem as a warning, or
   * an error when the host got a tool error); it never receives the token or app data. Without
   * it, the kit writes the first problem of each kind to stderr, one line each.
   */
  logger?: ProviderLogger;
  /** Called once per distinct mistake in the app's tree, locations or setup, with what your function threw. */
  onProblem?: (problem: ProviderProblem) => void;
  /** The providers folder; defaults to providersFolder() (APP_CONTEXT_PROVIDERS_DIR or the platform's). */
  folder?: string;
  /** The endpoint's path; defaults to `/context/mcp`. */
  path?: string;
  /**
   * The app this provider serves, when this process is its helper: a descendant the app
   * started, e.g. a browser's native messaging host. The descriptor then names the app's pid
   * and this process as `helperPid`, and the default bundleId is the OS's answer for the app.
   * The kit refuses to start when this process does not descend from it. Only hosts that know
   * `helperPid` use such a provider (docs/protocol.md, "Providers served by a helper").
   */
  appPid?: number;
}

/**
 * A running provider. The token is deliberately not here: it lives only in the descriptor
 * file, which is what hosts (and tests, acting as one) read it from.
 */
export interface RunningProvider {
  /** Removes the descriptor, then closes the listener. Safe to call twice. */
  stop(): Promise<void>;
  /** `http://127.0.0.1:<port><path>`. */
  endpoint: string;
  /** The descriptor file this run published. */
  descriptorPath: string;
  /** This run's instance: ids mean something only together with it. */
  instance: string;
  /** The app's process id, as the descriptor states it: `appPid` when given, else this process's. */
  pid: number;
  /** This process, when it serves the app as its helper (`appPid`); absent otherwise. */
  helperPid?: number;
  bundleId: string;
  protocol: string;
  folder: string;
}

/** The given bundle id, checked, or the OS's answer for the app (`pid`: this process unless it is a helper). */
export async function bundleIdOrDefault(given: string | undefined, pid: number = process.pid): Promise<string> {
  if (given === undefined) return ownBundleId(process.platform, pid);
  // Any non-empty printable identifier: reverse DNS on macOS, a desktop id or exe name on Linux.
  if (!/^[\x21-\x7e]{1,255}$/.test(given)) throw new ProviderSetupError('bundleId must be 1 to 255 printable characters without spaces');
  return given;
}

/** What the OS reports for process `pid` (undefined: nothing, or a platform without a rule). */
async function reportedBundleId(platform: NodeJS.Platform, pid: number): Promise<string | undefined> {
  const id = platform === 'darwin' ? await darwinBundleId(pid) : platform === 'linux' ? await linuxBundleId(pid) : undefined;
  return id === '' ? undefined : id;
}

/**
 * The bundle identifier the OS reports for this process (or for the app `pid` a helper
 * serves), computed by the same platform
 * rules a host uses (platform/, which Glance's host imports too), so that the kit publishes
 * exactly what a host will compare against. macOS: Launch Services, else the enclosing .app's
 * CFBundleIdentifier. Linux: the Flatpak id, else GIO_LAUNCHED_DESKTOP_FILE when its _PID is
 * ours, else the executable's name (`node` for a bare runtime, `electron` for a development build).
 */
export async function ownBundleId(platform: NodeJS.Platform = process.platform, pid: number = process.pid): Promise<string> {
  const id = await reportedBundleId(platform, pid);
  if (id !== undefined) return id;
  const own = pid === process.pid;
  const hint = platform === 'darwin'
    ? own ? `${process.execPath} is not inside an .app bundle that macOS knows, so it reports no bundle id for this process` : `macOS reports no bundle id for app process ${pid}`
    : `cannot tell ${own ? "this process's" : `app process ${pid}'s`} bundle id on ${platform}`;
  throw new ProviderSetupError(`${hint}; pass bundleId to startProvider (the identifier of the app the user sees in front)`);
}

/**
 * The problem with a bundleId the app passed, when the OS will not report it for this process:
 * every host compares the two and ignores the provider, so the developer is told at start,
 * with what to pass instead. Undefined when they agree, or on a platform without a rule.
 */
export async function bundleIdMismatch(given: string, platform: NodeJS.Platform = process.platform, pid: number = process.pid): Promise<ProviderProblem | undefined> {
  if (platform !== 'darwin' && platform !== 'linux') return undefined;
  const reported = await reportedBundleId(platform, pid);
  if (reported === given) return undefined;
  const os = platform === 'darwin' ? 'macOS' : 'Linux';
  const ignored = 'so every host will ignore this provider';
  const whose = pid === process.pid ? 'this process' : `app process ${pid}`;
  const message = reported === undefined
    ? `bundleId ${given} cannot be confirmed: ${os} reports no bundle id for ${whose}${pid === process.pid ? ` (${process.execPath} is not inside an app bundle)` : ''}, ${ignored}; run the provider inside the app whose bundle identifier is ${given}`
    : `bundleId ${given} is not what ${os} reports for ${whose} (${reported}), ${ignored}: pass bundleId: '${reported}', or leave bundleId out and the kit uses what the OS reports${platform === 'linux' ? ` (an app started from ${given}.desktop by the desktop's launcher reports ${given})` : ''}`;
  return { kind: 'bundle-id-mismatch', message, fatal: false };
}

/** True when the string could be an element id; re-exported for apps that build ids themselves. */
export const isElementId = isValidId;
