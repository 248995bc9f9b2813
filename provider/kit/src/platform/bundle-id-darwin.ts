/**
 * The bundle identifier of a macOS process: what Launch Services says (`lsappinfo`), else the
 * CFBundleIdentifier in the Info.plist of the `.app` the executable sits in. `plutil` reads
 * binary and XML plists alike, so no plist parser of our own is needed.
 */
import { runTool } from './run-tool.js';

/** The tools this module runs; tests point them at stand-ins. */
export interface DarwinTools {
  lsappinfo: string;
  ps: string;
  lsof: string;
  plutil: string;
  timeoutMs: number;
}

/** The system's own tools, by absolute path so a PATH entry cannot stand in for them. */
export const DEFAULT_DARWIN_TOOLS: DarwinTools = {
  lsappinfo: '/usr/bin/lsappinfo',
  ps: '/bin/ps',
  lsof: '/usr/sbin/lsof',
  plutil: '/usr/bin/plutil',
  timeoutMs: 1000,
};

/**
 * The bundle id in `lsappinfo info -only bundleid` output. Seen forms include
 * `"CFBundleIdentifier"="com.apple.Safari"` and `bundleID="com.apple.Safari"`; `[ NULL ]` and
 * empty output mean the process has none.
 */
export function parseLsappinfoBundleId(output: string): string | undefined {
  const match = /"?(?:CFBundleIdentifier|bundleID|bundleid)"?\s*=\s*"([^"\n]+)"/.exec(output);
  const id = match?.[1]?.trim();
  return id === undefined || id === '' ? undefined : id;
}

/**
 * The innermost `.app` bundle whose `Contents/MacOS` holds this executable, or undefined.
 * Innermost, because a helper app nested in another app has its own identifier.
 */
export function enclosingAppBundle(executable: string): string | undefined {
  const marker = /\.app\/Contents\/MacOS\/[^/]+$/;
  const match = marker.exec(executable);
  if (match === null || !executable.startsWith('/')) return undefined;
  return executable.slice(0, match.index + '.app'.length);
}

/** CFBundleIdentifier from the JSON that `plutil -convert json -o - Info.plist` prints. */
export function parseInfoPlistJson(json: string): string | undefined {
  try {
    const value: unknown = JSON.parse(json);
    if (typeof value !== 'object' || value === null) return undefined;
    const id: unknown = (value as Record<string, unknown>)['CFBundleIdentifier'];
    return typeof id === 'string' && id.trim() !== '' ? id.trim() : undefined;
  } catch {
    return undefined;
  }
}

/** The executable path of a process: `ps -o comm=` prints it in full on macOS; lsof's txt entry otherwise. */
export async function executablePath(pid: number, tools: DarwinTools): Promise<string | undefined> {
  const ps = await runTool(tools.ps, ['-o', 'comm=', '-p', String(pid)], { timeoutMs: tools.timeoutMs });
  const comm = ps.kind === 'ok' ? ps.stdout.trim() : '';
  if (comm.startsWith('/')) return comm;
  // For some processes ps prints only the short name; lsof's first `txt` file is the executable.
  const lsof = await runTool(tools.lsof, ['-a', '-p', String(pid), '-d', 'txt', '-Fn'], { timeoutMs: tools.timeoutMs });
  if (lsof.kind !== 'ok') return undefined;
  const name = lsof.stdout.split('\n').find((l) => l.startsWith('n/'));
  return name?.slice(1);
}

/** The bundle identifier of a macOS process, or undefined when it cannot be told. */
export async function darwinBundleId(pid: number, tools: DarwinTools = DEFAULT_DARWIN_TOOLS): Promise<string | undefined> {
  const info = await runTool(tools.lsappinfo, ['info', '-only', 'bundleid', String(pid)], { timeoutMs: tools.timeoutMs });
  const fromLaunchServices = info.kind === 'ok' ? parseLsappinfoBundleId(info.stdout) : undefined;
  if (fromLaunchServices !== undefined) return fromLaunchServices;
  const executable = await executablePath(pid, tools);
  const bundle = executable === undefined ? undefined : enclosingAppBundle(executable);
  if (bundle === undefined) return undefined;
  const plist = await runTool(tools.plutil, ['-convert', 'json', '-o', '-', `${bundle}/Contents/Info.plist`], { timeoutMs: tools.timeoutMs });
  return plist.kind === 'ok' ? parseInfoPlistJson(plist.stdout) : undefined;
}
