import { descendsFrom, MAX_ANCESTRY_STEPS } from '@app-context/provider-kit/platform';
import type { OsServices } from '../os/types.js';
import type { RawDescriptor } from './descriptor-checks.js';
import { fail, notChecked, pass, type CheckResult } from './types.js';

/** The checks of a descriptor with `helperPid`, and the helper when they all pass. */
export interface HelperVerdict {
  checks: CheckResult[];
  /** The helper the descriptor names, when helperPid is valid: the process that must hold the port. */
  helperPid?: number;
  /** False when a host would refuse the descriptor for its helper: then nothing is sent to the endpoint. */
  ok: boolean;
}

/**
 * The rules of a provider served by a helper (docs/protocol.md, "Providers served by a helper"),
 * one named check each, for a descriptor that states `helperPid` (one without it has none of
 * these): a positive whole number other than N; the helper runs; it is the user's; it descends
 * from N, the app, within MAX_ANCESTRY_STEPS generations. `uid` is the user running the check.
 */
export async function checkHelper(d: RawDescriptor, pid: number, uid: number, os: OsServices): Promise<HelperVerdict> {
  const helper = d['helperPid'];
  if (typeof helper !== 'number' || !Number.isSafeInteger(helper) || helper <= 0 || helper === pid) {
    const why = helper === pid ? `helperPid is ${pid}, the app's own pid; leave it out when the app serves the endpoint itself` : 'helperPid is not a positive whole number';
    const see = 'see helper-pid';
    return { ok: false, checks: [fail('helper-pid', why), notChecked('helper-running', see), notChecked('helper-user', see), notChecked('helper-descendant', see)] };
  }
  const checks = [pass('helper-pid', String(helper))];
  const named = { helperPid: helper };
  const alive = await os.isAlive(helper);
  const info = alive ? await os.processInfo(helper) : undefined;
  if (info === undefined || info.zombie) {
    const why = alive && info === undefined
      ? `the system will not describe process ${helper} (another user's, or hidden), so no host can tell it is the app's`
      : `process ${helper} is not running: a stale descriptor, which a helper removes when it quits`;
    return { ok: false, ...named, checks: [...checks, fail('helper-running', why), notChecked('helper-user', 'see helper-running'), notChecked('helper-descendant', 'see helper-running')] };
  }
  checks.push(pass('helper-running', String(helper)));
  const user = info.uid === uid
    ? pass('helper-user')
    : fail('helper-user', `process ${helper} runs as uid ${info.uid}, not as the user (uid ${uid}); hosts accept only the user's own helper`);
  const ancestry = await descendsFrom(helper, pid, (p) => os.processInfo(p));
  const descendant = ancestry.ok
    ? pass('helper-descendant', `process ${pid} started it${ancestry.steps > 1 ? ` (${ancestry.steps} generations up)` : ''}`)
    : fail('helper-descendant', `${ancestry.reason}; hosts accept a helper only when the app started it, directly or through its own helpers (at most ${MAX_ANCESTRY_STEPS} generations)`);
  checks.push(user, descendant);
  return { ok: user.ok && descendant.ok, checks, ...named };
}
