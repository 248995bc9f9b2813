/**
 * The browser helper's two files in Glance's data folder (GLANCE_HOME), under `browser/`:
 * - `installed.json`: what `glance browser install` wrote (each host manifest, the launcher),
 *   so that `uninstall` removes exactly that and nothing else;
 * - `connected.json`: the helper's last start (which browser, its pid and the helper's), so
 *   that `status` can say whether the extension has connected, and whether it still is.
 * Both hold paths and process ids only: never a page's title, address or text.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { openSubfolder } from '../home/folder.js';
import { writeFileAtomic } from '../home/files.js';
import { BROWSER_NAMES } from './browsers.js';

/** The subfolder of the data folder. */
export const BROWSER_FOLDER = 'browser';

const InstallSchema = z.object({
  browser: z.enum(BROWSER_NAMES).nullable(),
  /** The browser's user-data folder when given with --profile-dir. */
  profileDir: z.string().nullable(),
  manifestPath: z.string(),
});
export type InstallEntry = z.infer<typeof InstallSchema>;

const InstalledSchema = z.object({ launcherPath: z.string().nullable(), manifests: z.array(InstallSchema) });
export type Installed = z.infer<typeof InstalledSchema>;

const ConnectedSchema = z.object({
  at: z.string(),
  browser: z.string().max(100),
  browserPid: z.number().int().positive(),
  helperPid: z.number().int().positive(),
  extensionVersion: z.string().max(40),
});
export type Connected = z.infer<typeof ConnectedSchema>;

async function readJson<T>(path: string, schema: z.ZodType<T>): Promise<T | undefined> {
  try {
    const parsed = schema.safeParse(JSON.parse(await readFile(path, 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    // Missing or not JSON: as if never written.
    return undefined;
  }
}

export function readInstalled(home: string): Promise<Installed> {
  return readJson(join(home, BROWSER_FOLDER, 'installed.json'), InstalledSchema).then((found) => found ?? { launcherPath: null, manifests: [] });
}

export async function writeInstalled(home: string, installed: Installed): Promise<void> {
  const folder = await openSubfolder(home, BROWSER_FOLDER);
  await writeFileAtomic(join(folder, 'installed.json'), `${JSON.stringify(installed, null, 2)}\n`);
}

export function readConnected(home: string): Promise<Connected | undefined> {
  return readJson(join(home, BROWSER_FOLDER, 'connected.json'), ConnectedSchema);
}

/** Written by the helper when its extension says hello. */
export async function writeConnected(home: string, connected: Connected): Promise<void> {
  const folder = await openSubfolder(home, BROWSER_FOLDER);
  await writeFileAtomic(join(folder, 'connected.json'), `${JSON.stringify(connected)}\n`);
}
