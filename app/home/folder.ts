import { lstatSync } from 'node:fs';
import { chmod, mkdir } from 'node:fs/promises';
import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';

/**
 * Glance's own data folder, shared by the menu-bar app and the `glance` command: the rules,
 * the history of what was sent, the settings and (in the app) the stored API keys. It is
 * `GLANCE_HOME` when set, else the folder Electron's `app.getPath('userData')` gives the app,
 * so the two processes always meet in the same place.
 */

/** Where the data folder is, for these surroundings. Never touches the disk. */
export function glanceHomePath(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform, home: string = homedir()): string {
  const set = env['GLANCE_HOME'];
  if (set !== undefined && set !== '') return resolve(set);
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', 'Glance');
  // The XDG rule: a relative XDG_CONFIG_HOME is invalid and ignored. Electron does the same.
  const xdg = env['XDG_CONFIG_HOME'];
  return join(xdg !== undefined && isAbsolute(xdg) ? xdg : join(home, '.config'), 'Glance');
}

/** The data folder, ready to use, and what opening it changed. */
export interface GlanceHome {
  path: string;
  /** Set when the folder's mode was looser than 0700 and was tightened: the mode it had. */
  tightenedFrom?: number;
  /** Set when the folder does not exist and was not to be created. */
  missing?: true;
}

/** Why the data folder cannot be used (another user's, not a folder): said in one line. */
export class HomeError extends Error {}

/**
 * Creates the folder (0700) when missing, unless `create` is false (a command that only reads);
 * tightens it to 0700 when it is looser, since it holds
 * what the user sent and what they chose to keep from models. A folder that is not ours, or
 * not a folder at all, is refused rather than used.
 */
export async function openGlanceHome(path: string, options: { create?: boolean; uid?: number } = {}): Promise<GlanceHome> {
  const uid = options.uid ?? process.getuid?.() ?? -1;
  const notFolder = `Glance's data folder ${path} is not a folder; move it away or set GLANCE_HOME to another path`;
  if (options.create ?? true) {
    try {
      await mkdir(path, { recursive: true, mode: 0o700 });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EEXIST' || code === 'ENOTDIR') throw new HomeError(notFolder);
      throw error;
    }
  }
  let stats;
  try {
    // Synchronous, as the files in it are read (files.ts): a local folder's lstat is microseconds.
    stats = lstatSync(path);
  } catch (error) {
    // Only reading: a folder not made yet holds no rules and no history.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { path, missing: true };
    throw error;
  }
  if (!stats.isDirectory()) throw new HomeError(notFolder);
  if (uid >= 0 && stats.uid !== uid) throw new HomeError(`Glance's data folder ${path} belongs to another user (uid ${stats.uid}); set GLANCE_HOME to a folder of your own`);
  const mode = stats.mode & 0o777;
  if (mode === 0o700) return { path };
  await chmod(path, 0o700);
  return { path, tightenedFrom: mode };
}

/** Creates a subfolder of the data folder (0700, tightened like the folder itself). */
export async function openSubfolder(home: string, name: string): Promise<string> {
  const path = join(home, name);
  await openGlanceHome(path);
  return path;
}
