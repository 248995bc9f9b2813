/**
 * What createOs accepts. Every field has a production default; tests set the ones that stand
 * for things that cannot happen here (a Flatpak, a front window, a missing lsof).
 */
import type { DarwinTools } from '@app-context/provider-kit/platform';
import type { FrontAppSource } from './front-app.js';
import type { ProcessLister } from './process-name.js';

/** How Linux finds who listens on a port: /proc (default, lsof when /proc fails) or lsof only. */
export type ListenersMethod = 'proc' | 'lsof';

/** Options for createOs and the per-platform factories. */
export interface OsOptions {
  /** Linux: where proc is mounted; a temporary directory laid out like /proc in tests. */
  procRoot?: string;
  /** The pid never reported as the front app; `process.pid` by default. */
  ownPid?: number;
  /** Stands in for get-windows' activeWindow (Linux) or its helper (macOS). */
  frontAppSource?: FrontAppSource;
  /**
   * macOS: get-windows' helper as get-windows computes it (inside app.asar when packaged);
   * it is run from app.asar.unpacked. Found in node_modules by default.
   */
  getWindowsHelper?: string;
  /** Stands in for ps-list. */
  processLister?: ProcessLister;
  /** The lsof binary; the system's by default (Linux: /usr/bin, /usr/sbin or /bin; macOS: /usr/sbin/lsof), never one found on PATH. */
  lsofPath?: string;
  /** The time limit of each child process (lsof, ps, lsappinfo, plutil) and of ps-list; 1000 ms. */
  toolTimeoutMs?: number;
  /** Linux: which method `listeners` uses. */
  listenersMethod?: ListenersMethod;
  /** macOS: the other tools' paths. */
  darwinTools?: Partial<DarwinTools>;
}

/**
 * The default time limit of each OS command Glance runs (lsof, ps, the window helpers), in
 * milliseconds: a command's own limit, not the protocol's DEFAULT_TIMEOUT_MS for a provider.
 */
export const OS_TOOL_TIMEOUT_MS = 1000;
