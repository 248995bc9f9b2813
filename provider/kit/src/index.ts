/**
 * The app-context provider kit for Node and Electron main processes: start a provider with
 * startProvider, mint stable ids with createIdMinter, and read what the kit found wrong
 * through ProviderProblem. See docs/providers.md.
 */
import type { ProviderOptions, RunningProvider } from './options.js';
import { launchProvider } from './launch.js';

export type { ProviderOptions, RunningProvider } from './options.js';
export { isElementId, ownBundleId } from './options.js';
export type { CurrentFunction, LocationFunction } from './answer.js';
export { createIdMinter, type IdMinter } from './ids.js';
export { checkTree } from './check-tree.js';
export { ProviderSetupError, ProviderAnswerError, type ProviderProblem, type ProblemKind } from './problems.js';
export { DEFAULT_PATH } from './launch.js';
export { providersFolder } from './platform/folder.js';
export type { Element, Role } from './protocol/element.js';
export type { Location, Rect } from './protocol/location.js';
export { PROTOCOL_VERSION } from './protocol/version.js';

/**
 * Starts a provider: prepares the providers folder (0700), listens on 127.0.0.1 on a random
 * port, mints a fresh instance and token, and publishes the descriptor (0600, written
 * atomically). The descriptor is removed by stop(), on normal exit, and on SIGINT, SIGTERM
 * and SIGHUP (after which the signal ends the process as usual unless the app listens for it
 * too). Throws ProviderSetupError, publishing nothing, when the folder cannot be fixed or the
 * bundle id cannot be told.
 *
 * Every answer to `current` is checked; each distinct mistake goes to `onProblem` (with what
 * the app's function threw, if it threw) and to `logger`, or without a logger the first of
 * each kind to stderr; what is sent is what a host would keep. A bundleId the OS will not
 * report for this process is told at start.
 */
export function startProvider(options: ProviderOptions): Promise<RunningProvider> {
  return launchProvider(options);
}
