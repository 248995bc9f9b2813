/**
 * The `glance` command on the PATH, as the Mac app installs it from Settings and its app menu:
 * a symbolic link named `glance`, in a folder of commands, to the app's own single executable
 * (Contents/Resources/glance, scripts/build-command.js), which runs without a Node the user
 * installed. Like an editor's "install the command" (docs/app.md, "The glance command on a Mac").
 *
 * The folder: /usr/local/bin when the user can write to it (it is on every shell's PATH), else
 * ~/.local/bin, which needs no rights (created when missing). Glance never asks for an
 * administrator's password for this: a link is not worth root, and a menu-bar app that runs a
 * shell line as root is a door worth keeping shut. A user who wants it elsewhere picks a folder.
 *
 * A `glance` already there that is not our link (npm link's, a script of the user's) is left
 * alone: install refuses and says so, and uninstall removes only our link.
 */
import { constants } from 'node:fs';
import { access, lstat, mkdir, readlink, rename, rm, symlink } from 'node:fs/promises';
import { basename, join } from 'node:path';

/** A `glance` that Glance did not put there is in the way: install stops rather than overwrite it. */
export class CommandInTheWay extends Error {
  constructor(readonly link: string) {
    super(`There is already a ${COMMAND_NAME} at ${link} that Glance did not put there; Glance leaves it alone. Remove it yourself (npm unlink -g glance, if it is npm's), or install into another folder.`);
    this.name = 'CommandInTheWay';
  }
}

/** The command's name, on the PATH and in the packaged app's Resources (electron-builder.yml, extraResources). */
export const COMMAND_NAME = 'glance';

/** The packaged app's single executable `glance`, when this runs inside it (Electron's resourcesPath holds it). */
export function shippedCommand(resources = (process as { resourcesPath?: string }).resourcesPath): string | undefined {
  return resources === undefined ? undefined : join(resources, COMMAND_NAME);
}

/** The folders Glance installs into, in the order it tries them: /usr/local/bin, then ~/.local/bin. */
export function commandFolders(home: string): string[] {
  return ['/usr/local/bin', join(home, '.local', 'bin')];
}

/** Where the command is, or why it is not. */
export type CommandStatus =
  | { installed: true; link: string; program: string }
  | { installed: false; program: string };

/**
 * A link is ours when it points at this program, or at the `glance` inside some app's
 * Contents/Resources: the same app before the user moved it, which a new install replaces.
 */
async function ours(path: string, program: string): Promise<boolean | undefined> {
  const stat = await lstat(path).catch(() => undefined);
  if (stat === undefined) return undefined;
  if (!stat.isSymbolicLink()) return false;
  const target = await readlink(path);
  return target === program || /\.app\/Contents\/Resources\/glance$/.test(target);
}

/** Whether our link is in one of `folders` (the first that has it). */
export async function commandStatus(program: string, folders: readonly string[]): Promise<CommandStatus> {
  for (const folder of folders) {
    const link = join(folder, COMMAND_NAME);
    if ((await ours(link, program)) === true) return { installed: true, link, program };
  }
  return { installed: false, program };
}

/** The first of `folders` the user can write to (or create): where install puts the link. */
export async function writableFolder(folders: readonly string[]): Promise<string | undefined> {
  for (const folder of folders) {
    const ok = await access(folder, constants.W_OK).then(() => true, async (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') return false;
      // Missing: usable if it can be made (~/.local/bin often is, /usr/local/bin never without rights).
      return mkdir(folder, { recursive: true }).then(() => true, () => false);
    });
    if (ok) return folder;
  }
  return undefined;
}

/** Links `folder/glance` to `program`; replaces only a link of ours. Returns the link's path. */
export async function installCommand(program: string, folder: string): Promise<string> {
  const link = join(folder, COMMAND_NAME);
  const mine = await ours(link, program);
  if (mine === false) throw new CommandInTheWay(link);
  await mkdir(folder, { recursive: true });
  // Made beside it and renamed over: a link of ours from before is replaced in one step.
  const fresh = join(folder, `.${basename(link)}-${process.pid}.new`);
  try {
    await symlink(program, fresh);
    await rename(fresh, link);
  } catch (error) {
    await rm(fresh, { force: true });
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EACCES' || code === 'EPERM') throw new Error(`Glance cannot write to ${folder}: install into a folder of yours (~/.local/bin) instead.`, { cause: error });
    throw error;
  }
  return link;
}

/** Removes our link from each of `folders`; a `glance` that is not ours stays. Returns what was removed. */
export async function uninstallCommand(program: string, folders: readonly string[]): Promise<string[]> {
  const removed: string[] = [];
  for (const folder of folders) {
    const link = join(folder, COMMAND_NAME);
    if ((await ours(link, program)) !== true) continue;
    await rm(link);
    removed.push(link);
  }
  return removed;
}
