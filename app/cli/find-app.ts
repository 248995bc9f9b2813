import { runningProviders } from '../discovery/find.js';
import type { FrontApp, OsServices, RunningProcess } from '../os/types.js';
import { capText } from '../text/cap-text.js';

/** One process that answers to the name or bundle id given with --app. */
export interface AppMatch {
  pid: number;
  name?: string;
  bundleId?: string;
}

/** The process --app names, or why there is not exactly one. */
export type FindAppResult =
  | { kind: 'found'; app: FrontApp }
  | { kind: 'none'; reason: string }
  | { kind: 'ambiguous'; matches: AppMatch[] };

/** Linux shows a process's name cut to its first 15 characters (the kernel's comm). */
const COMM_LENGTH = 15;

/**
 * Finds the running process of the app `query` names: its bundle id or its name, compared
 * without regard to case. Two sources, both the host's own: the descriptors in the providers
 * folder whose process the OS confirms (their bundle id and app name), and the OS's list of
 * processes (their names; a name that could be the bundle id's, its last part or the kernel's
 * cut of it, is asked for its bundle id by the OS's rules of docs/protocol.md, "Bundle
 * identifiers"). Asking the OS for every process's bundle id would cost a tool run per process
 * on macOS, so an app whose executable is named unlike its bundle id is found by bundle id only
 * while its provider runs, and by its process name always. This command's own process is
 * never a match (`--app node` should not find the `node` running glance).
 */
export async function findApp(query: string, deps: { os: OsServices; env: NodeJS.ProcessEnv }, ownPid = process.pid): Promise<FindAppResult> {
  const wanted = query.toLowerCase();
  const [listed, providers] = await Promise.all([deps.os.processes(), runningProviders({ os: deps.os, env: deps.env })]);
  const matches = new Map<number, AppMatch>();
  for (const p of providers) {
    if (p.bundleId.toLowerCase() === wanted || p.name.toLowerCase() === wanted) matches.set(p.pid, { pid: p.pid, name: p.name, bundleId: p.bundleId });
  }
  const processes = listed.ok ? listed.processes.filter((p) => p.pid !== ownPid && !matches.has(p.pid)) : [];
  const found = await Promise.all(processes.map((p) => matchProcess(p, wanted, deps.os)));
  for (const match of found) if (match !== undefined) matches.set(match.pid, match);
  const all = [...matches.values()].sort((a, b) => a.pid - b.pid);
  const [only] = all;
  if (only !== undefined && all.length === 1) return { kind: 'found', app: { pid: only.pid, ...(only.name !== undefined ? { name: only.name } : {}) } };
  if (all.length > 1) return { kind: 'ambiguous', matches: all };
  const unlisted = listed.ok ? '' : ` (${listed.reason}, so only apps with a running provider were looked at)`;
  return { kind: 'none', reason: `no running app has the bundle id or name "${capText(query)}"${unlisted}` };
}

/** The process as a match when its name is the one wanted, or when the OS gives it the bundle id wanted. */
async function matchProcess(p: RunningProcess, wanted: string, os: OsServices): Promise<AppMatch | undefined> {
  const name = p.name.toLowerCase();
  if (name === wanted) return { pid: p.pid, name: p.name };
  const lastPart = wanted.slice(wanted.lastIndexOf('.') + 1);
  const cut = name.length === COMM_LENGTH && wanted.startsWith(name);
  if (name !== lastPart && !cut) return undefined;
  const bundleId = await os.bundleId(p.pid);
  return bundleId?.toLowerCase() === wanted ? { pid: p.pid, name: p.name, bundleId } : undefined;
}

/** The matches as one line: "node (pid 812), Notes (com.apple.Notes, pid 90)", the first ten. */
export function describeMatches(matches: readonly AppMatch[]): string {
  const shown = matches.slice(0, 10).map((m) => `${capText(m.name ?? 'unnamed')} (${m.bundleId !== undefined ? `${capText(m.bundleId)}, ` : ''}pid ${m.pid})`);
  return `${shown.join(', ')}${matches.length > 10 ? ` and ${matches.length - 10} more` : ''}`;
}
