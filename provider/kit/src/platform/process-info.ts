/**
 * A process's parent, owner and state, and whether one process descends from another: the rule a
 * host applies to a descriptor with `helperPid` (docs/protocol.md#providers-served-by-a-helper),
 * and the kit applies to itself before it publishes one. Both sides import these functions, so
 * a helper the kit accepts is one the host accepts.
 */
import { readFileSync } from 'node:fs';
import { runTool } from './run-tool.js';

/** What the system says of one running process. */
export interface ProcessInfo {
  /** Its parent's pid (0 for the first process and the kernel's own). */
  ppid: number;
  /** The user it runs as (the effective uid, as `ps -o uid=` prints it). */
  uid: number;
  /** Exited but not yet reaped: not running, whatever kill(0) says. */
  zombie: boolean;
}

/** Looks a process up; undefined when it is gone or the system will not say. */
export type ProcessLookup = (pid: number) => Promise<ProcessInfo | undefined>;

/**
 * The state letter and parent pid from the text of /proc/PID/stat. The command name in
 * parentheses may itself hold spaces and parentheses, so the fields are read after the last ")".
 */
export function parseProcStat(stat: string): { state: string; ppid: number } | undefined {
  const close = stat.lastIndexOf(')');
  if (close < 0) return undefined;
  const [state, ppid] = stat.slice(close + 1).trim().split(/\s+/);
  if (state === undefined || !/^[A-Za-z]$/.test(state) || ppid === undefined || !/^\d+$/.test(ppid)) return undefined;
  return { state, ppid: Number(ppid) };
}

/** The effective uid from the text of /proc/PID/status (`Uid:` real, effective, saved, fs). */
export function parseStatusUid(status: string): number | undefined {
  const line = status.split('\n').find((l) => l.startsWith('Uid:'));
  const effective = line?.slice(4).trim().split(/\s+/)[1];
  return effective !== undefined && /^\d+$/.test(effective) ? Number(effective) : undefined;
}

/**
 * Linux: /proc/PID/stat for the parent and state, /proc/PID/status for the owner. Synchronous, as
 * the host's other /proc reads: the kernel writes the text during the read, with no disk behind it.
 */
export async function linuxProcessInfo(pid: number, procRoot = '/proc'): Promise<ProcessInfo | undefined> {
  try {
    const stat = parseProcStat(readFileSync(`${procRoot}/${pid}/stat`, 'latin1'));
    const uid = parseStatusUid(readFileSync(`${procRoot}/${pid}/status`, 'latin1'));
    if (stat === undefined || uid === undefined) return undefined;
    return { ppid: stat.ppid, uid, zombie: stat.state === 'Z' || stat.state === 'X' };
  } catch {
    // Gone, or hidden from us (another user's process under hidepid): nothing to say.
    return undefined;
  }
}

/** One line of `ps -o ppid=,stat=,uid=`: "  4242 S+     501". */
export function parsePsProcessLine(output: string): ProcessInfo | undefined {
  const [ppid, stat, uid] = output.trim().split(/\s+/);
  if (ppid === undefined || stat === undefined || uid === undefined || !/^\d+$/.test(ppid) || !/^\d+$/.test(uid)) return undefined;
  return { ppid: Number(ppid), uid: Number(uid), zombie: stat.startsWith('Z') };
}

/** macOS (and any system with a POSIX `ps`): one `ps -o ppid=,stat=,uid= -p PID`. */
export async function psProcessInfo(pid: number, psPath = '/bin/ps', timeoutMs = 1000): Promise<ProcessInfo | undefined> {
  const result = await runTool(psPath, ['-o', 'ppid=,stat=,uid=', '-p', String(pid)], { timeoutMs });
  return result.kind === 'ok' ? parsePsProcessLine(result.stdout) : undefined;
}

/** How many parents a host follows from the helper before it gives up (docs/protocol.md). */
export const MAX_ANCESTRY_STEPS = 8;

/** Whether `helperPid` descends from `appPid`, or why it does not (or cannot be told to). */
export type Ancestry = { ok: true; steps: number } | { ok: false; reason: string };

/**
 * Follows parents from `helperPid` until `appPid`, at most MAX_ANCESTRY_STEPS steps, never past
 * process 1 (everything descends from it, so reaching it proves nothing) nor through a process
 * the system will not describe. The reason names pids only.
 */
export async function descendsFrom(helperPid: number, appPid: number, lookup: ProcessLookup): Promise<Ancestry> {
  let pid = helperPid;
  const chain: number[] = [];
  for (let steps = 1; steps <= MAX_ANCESTRY_STEPS; steps += 1) {
    const info = await lookup(pid);
    if (info === undefined) return { ok: false, reason: `the parent of process ${pid} cannot be told, so it is not known to descend from process ${appPid}` };
    if (info.ppid === appPid) return { ok: true, steps };
    chain.push(info.ppid);
    if (info.ppid <= 1) return { ok: false, reason: `process ${helperPid} is not a descendant of process ${appPid}: its parents are ${chain.join(', then ')}` };
    pid = info.ppid;
  }
  return { ok: false, reason: `process ${helperPid} is not a descendant of process ${appPid} within ${MAX_ANCESTRY_STEPS} generations (its parents: ${chain.join(', then ')})` };
}
