import { descendsFrom } from '@app-context/provider-kit/platform';
import type { Descriptor } from '@app-context/provider-kit/protocol';
import type { OsServices } from '../os/types.js';

/** A verdict on a descriptor's helper, with a reason a person can read when it is refused. */
export type HelperVerdict = { ok: true } | { ok: false; reason: string };

/**
 * The step docs/protocol.md, "Providers served by a helper", adds after step 4 for a descriptor
 * with `helperPid`: the helper runs (a zombie does not), as the current user, and descends from the
 * app (its parents reach `pid` within 8 generations, never through process 1). Each refusal says
 * which of the three failed. A descriptor without `helperPid` passes untouched. Cheap on Linux (two
 * small /proc reads per generation); on macOS one `ps` per generation, and a browser's native
 * messaging host is the browser's own child.
 */
export async function checkHelper(descriptor: Descriptor, os: OsServices, uid: number): Promise<HelperVerdict> {
  const helper = descriptor.helperPid;
  if (helper === undefined) return { ok: true };
  const stale = `its helper process (pid ${helper}) is not running: a stale file left by a helper that quit without removing it`;
  if (!(await os.isAlive(helper))) return { ok: false, reason: stale };
  const info = await os.processInfo(helper);
  if (info === undefined) {
    return { ok: false, reason: `its helper process (pid ${helper}) cannot be looked at (another user's, hidden from Glance), so it is not known to be the app's` };
  }
  if (info.zombie) return { ok: false, reason: stale };
  if (info.uid !== uid) return { ok: false, reason: `its helper process (pid ${helper}) belongs to another user (uid ${info.uid}), and only the current user's processes may serve an app` };
  const ancestry = await descendsFrom(helper, descriptor.pid, (pid) => os.processInfo(pid));
  if (!ancestry.ok) return { ok: false, reason: `its helper process is not the app's descendant: ${ancestry.reason}; a helper must be started by the app (pid ${descriptor.pid})` };
  return { ok: true };
}
