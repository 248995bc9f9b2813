/**
 * The Linux stand-in for a bundle identifier (docs/protocol.md#bundle-identifiers): the Flatpak app id, else the
 * desktop file GLib launched this very process from, else the executable's name. The host and
 * the provider kit both use this function, so the two sides compute the same value.
 */
import { readlinkSync } from 'node:fs';
import { basename } from 'node:path';
import { readBoundedSync, type BoundedReadOptions } from './read-bounded.js';

/** The `name=` of the `[Application]` group of a .flatpak-info file (a GKeyFile), or undefined. */
export function parseFlatpakInfo(text: string): string | undefined {
  let group = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const header = /^\[(.+)\]$/.exec(line);
    if (header?.[1] !== undefined) {
      group = header[1].trim();
      continue;
    }
    const eq = line.indexOf('=');
    if (group === 'Application' && eq > 0 && line.slice(0, eq).trim() === 'name') {
      const name = line.slice(eq + 1).trim();
      return name === '' ? undefined : name;
    }
  }
  return undefined;
}

/** Parses the NUL-separated text of /proc/PID/environ into a map (the first of duplicates wins, as getenv does). */
export function parseEnviron(text: string): Map<string, string> {
  const env = new Map<string, string>();
  for (const entry of text.split('\0')) {
    const eq = entry.indexOf('=');
    if (eq <= 0) continue;
    const key = entry.slice(0, eq);
    if (!env.has(key)) env.set(key, entry.slice(eq + 1));
  }
  return env;
}

/**
 * The desktop-file id from an environment, when GLib launched process `pid` itself from it.
 * Children inherit both variables, so only a matching GIO_LAUNCHED_DESKTOP_FILE_PID counts.
 */
export function desktopFileId(env: ReadonlyMap<string, string>, pid: number): string | undefined {
  const file = env.get('GIO_LAUNCHED_DESKTOP_FILE');
  if (file === undefined || env.get('GIO_LAUNCHED_DESKTOP_FILE_PID') !== String(pid)) return undefined;
  const id = basename(file).replace(/\.desktop$/, '');
  return id === '' ? undefined : id;
}

/** The executable's name from a /proc/PID/exe link, without the " (deleted)" of a replaced binary. */
export function exeName(target: string): string | undefined {
  // After a package upgrade the link reads "/usr/bin/node (deleted)"; the app is still "node".
  const name = basename(target.replace(/ \(deleted\)$/, ''));
  return name === '' || name === '/' ? undefined : name;
}

// The reads are synchronous: procfs answers from the kernel's own memory, without waiting on a
// disk, and a host asks on every press; through the thread pool each read cost a hand-off to
// another thread, and a `glance` start the pool's start-up (the host's docs/benchmarks.md).
// They are bounded (read-bounded.ts): /.flatpak-info lies in the process's own root, which a
// process in a mount namespace of its own lays out as it likes (a FIFO there would block the
// host; a link to a procfs file or a device would be read without end), and its environment
// is as large as it was started with. A real .flatpak-info is a few KB, an environment rarely
// past tens of KB; past the cap the next rule decides.
const FLATPAK_INFO = { maxBytes: 64 * 1024 };
const ENVIRON = { maxBytes: 2 * 1024 * 1024 };

function readOptional(path: string, options: BoundedReadOptions): string | undefined {
  // Missing (not a Flatpak), not ours to read (another user's process), or refused: the next rule decides.
  const read = readBoundedSync(path, options);
  return read.ok ? read.bytes.toString('utf8') : undefined;
}

/** The bundle identifier of process `pid` by the Linux rule of docs/protocol.md#bundle-identifiers, read under `procRoot`. */
export async function linuxBundleId(pid: number, procRoot = '/proc'): Promise<string | undefined> {
  const dir = `${procRoot}/${pid}`;
  const flatpak = readOptional(`${dir}/root/.flatpak-info`, FLATPAK_INFO);
  const flatpakId = flatpak === undefined ? undefined : parseFlatpakInfo(flatpak);
  if (flatpakId !== undefined) return flatpakId;
  const environ = readOptional(`${dir}/environ`, ENVIRON);
  const desktopId = environ === undefined ? undefined : desktopFileId(parseEnviron(environ), pid);
  if (desktopId !== undefined) return desktopId;
  try {
    return exeName(readlinkSync(`${dir}/exe`));
  } catch {
    return undefined;
  }
}
