/**
 * The app in front, from get-windows (on macOS its helper, run by get-windows-helper.ts), turned
 * into a result that never throws and never names Glance itself as the front app. get-windows is
 * loaded only when first asked: it carries native code and platform binaries that the CLI's
 * other commands and most tests never need.
 */
import type { FrontAppFailure, FrontAppResult } from './types.js';
import { isValidPid } from './alive.js';
import { firstLine } from '@app-context/provider-kit/platform';

/** The part of a get-windows result we read. */
export interface ActiveWindowInfo {
  owner: { processId: number; name?: string; bundleId?: string };
}

/** Something that tells the active window, like get-windows' `activeWindow`; tests pass their own. */
export type FrontAppSource = () => Promise<ActiveWindowInfo | null | undefined>;

/** get-windows' activeWindow, imported on first use, asking for no permission (Linux; macOS runs the helper itself). */
export const getWindowsSource: FrontAppSource = async () => {
  const { activeWindow } = await import('get-windows');
  // Without these two permissions the title comes back empty, which we do not need.
  return activeWindow({ accessibilityPermission: false, screenRecordingPermission: false });
};

const SUGGESTION = 'Pass --pid to name the app.';

/** A failure in both wordings: the command line's sentence with --pid, and the bare cause. */
function cannotTell(cause: string): FrontAppFailure {
  const reason = `The OS could not tell which app is in front${cause === '' ? '' : ` (${cause})`}. ${SUGGESTION}`;
  return cause === '' ? { ok: false, reason } : { ok: false, reason, cause };
}

/** What frontApp needs besides the source: our own pid and how to tell a pid's bundle id. */
export interface FrontAppDeps {
  source: FrontAppSource;
  ownPid: number;
  /** Used when the source gives no bundle id (always on Linux). */
  bundleIdOf: (pid: number) => Promise<string | undefined>;
  /** Whether to take `owner.bundleId` from the source (macOS) or compute it (Linux). */
  trustSourceBundleId: boolean;
}

/** Asks the source for the front app. Every failure becomes `{ ok: false, reason, cause }`. */
export async function readFrontApp(deps: FrontAppDeps): Promise<FrontAppResult> {
  let info: ActiveWindowInfo | null | undefined;
  try {
    info = await deps.source();
  } catch (error: unknown) {
    // "Failed to parse process ID" (a window without _NET_WM_PID), no xprop, no display...
    const detail = firstLine(error instanceof Error ? error.message : String(error));
    return cannotTell(detail);
  }
  if (info === null || info === undefined) return cannotTell('no app with a window is active');
  const pid = info.owner?.processId;
  if (typeof pid !== 'number' || !isValidPid(pid)) return cannotTell('it gave no process id');
  if (pid === deps.ownPid) {
    // Not "cannot tell": the app's panel has the focus, and the app shows what it holds.
    return {
      ok: false,
      glanceInFront: true,
      cause: 'Glance itself is in front',
      reason: `Glance itself is in front. Bring the app you want to ask about to the front, or ${SUGGESTION.charAt(0).toLowerCase()}${SUGGESTION.slice(1)}`,
    };
  }
  const given = info.owner.bundleId;
  const bundleId = deps.trustSourceBundleId && typeof given === 'string' && given !== '' ? given : await deps.bundleIdOf(pid);
  const name = typeof info.owner.name === 'string' && info.owner.name !== '' ? info.owner.name : undefined;
  return { ok: true, app: { pid, ...(bundleId === undefined ? {} : { bundleId }), ...(name === undefined ? {} : { name }) } };
}
