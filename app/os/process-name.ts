/**
 * A process's name for messages ("its port belongs to another process (python3, pid 812)").
 * On Linux /proc/PID/comm answers with one small read; elsewhere, and as the fallback, the
 * ps-list package, loaded on first use and bounded in time because it lists every process.
 */
import { readFile } from 'node:fs/promises';
import { isValidPid } from './alive.js';
import type { ProcessesResult } from './types.js';

/** Something that lists processes like ps-list; tests may pass their own. */
export type ProcessLister = () => Promise<ReadonlyArray<{ pid: number; name: string }>>;

/** ps-list, imported on first use. */
export const psListLister: ProcessLister = async () => {
  const { default: psList } = await import('ps-list');
  return psList();
};

/** Every process from the list, within `timeoutMs`, as the OS services return it. */
export async function listProcesses(lister: ProcessLister, timeoutMs: number): Promise<ProcessesResult> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), timeoutMs);
  });
  try {
    const list = await Promise.race([lister(), timeout]);
    if (list === undefined) return { ok: false, reason: `listing the running processes took longer than ${timeoutMs} ms` };
    return { ok: true, processes: list.filter((p) => isValidPid(p.pid)).map((p) => ({ pid: p.pid, name: p.name.trim() })) };
  } catch (error) {
    return { ok: false, reason: `the running processes could not be listed (${error instanceof Error ? error.name : 'unknown error'})` };
  } finally {
    clearTimeout(timer);
  }
}

/** The name of `pid` from a process list, within `timeoutMs`; undefined when absent or too slow. */
export async function processNameFromList(pid: number, lister: ProcessLister, timeoutMs: number): Promise<string | undefined> {
  if (!isValidPid(pid)) return undefined;
  const listed = await listProcesses(lister, timeoutMs);
  const name = listed.ok ? listed.processes.find((p) => p.pid === pid)?.name : undefined;
  return name === '' ? undefined : name;
}

/** Linux: /proc/PID/comm (the kernel's 15-character name), else the process list. */
export async function linuxProcessName(pid: number, procRoot: string, lister: ProcessLister, timeoutMs: number): Promise<string | undefined> {
  if (!isValidPid(pid)) return undefined;
  try {
    const comm = (await readFile(`${procRoot}/${pid}/comm`, 'utf8')).trim();
    if (comm !== '') return comm;
  } catch {
    // Gone, or a /proc we may not read: let the process list try.
  }
  return processNameFromList(pid, lister, timeoutMs);
}
