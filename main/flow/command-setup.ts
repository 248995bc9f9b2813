import { existsSync } from 'node:fs';
import { CommandInTheWay, commandFolders, commandStatus, installCommand, shippedCommand, uninstallCommand, writableFolder } from '../../app/host.js';
import type { Logger } from '../../app/host.js';
import type { CommandView } from '../../contract/command-setup.js';
import { tildePath } from './home-paths.js';

/** Settings › Command line and the app menu as main serves them: the `glance` command linked onto the PATH, or not. */
export interface CommandSetup {
  view(): Promise<CommandView>;
  install(): Promise<CommandView>;
  remove(): Promise<CommandView>;
}

export interface CommandSetupDeps {
  /** The user's home: ~/.local/bin is under it. */
  home: string;
  /** The app's own single executable (default: Contents/Resources/glance inside the packaged app). */
  program?: string;
  /** Where to install, in order (default: /usr/local/bin, then ~/.local/bin). */
  folders?: string[];
  logger: Logger;
}

export function createCommandSetup(deps: CommandSetupDeps): CommandSetup {
  const program = deps.program ?? shippedCommand();
  const folders = deps.folders ?? commandFolders(deps.home);
  const shipped = program !== undefined && existsSync(program);
  const view = async (extra: Pick<CommandView, 'problem' | 'inTheWay' | 'removed'> = {}): Promise<CommandView> => {
    const status = program === undefined ? undefined : await commandStatus(program, folders);
    return { shipped, link: status?.installed === true ? tildePath(status.link, deps.home) : null, ...extra };
  };
  return {
    view: () => view(),
    async install() {
      if (!shipped || program === undefined) return view({ problem: 'not-shipped' });
      const folder = await writableFolder(folders);
      if (folder === undefined) return view({ problem: 'no-folder' });
      try {
        await installCommand(program, folder);
        return await view();
      } catch (error) {
        if (error instanceof CommandInTheWay) return view({ problem: 'in-the-way', inTheWay: tildePath(error.link, deps.home) });
        deps.logger.warn(`command: glance could not be linked onto the PATH (${error instanceof Error ? error.message : 'unknown error'})`);
        return view({ problem: 'failed' });
      }
    },
    async remove() {
      if (program === undefined) return view({ removed: 0 });
      const removed = await uninstallCommand(program, folders);
      return view({ removed: removed.length });
    },
  };
}
