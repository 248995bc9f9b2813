import type { CommandView } from '../../../contract/command-setup.js';

/**
 * Settings › Command line's words for what main reports as facts (contract/command-setup.ts):
 * where the `glance` command is, why it was not installed, what Remove did.
 */

/** What the section is for, above its button. */
export const COMMAND_INTRO = 'Type glance in Terminal: the app’s own copy of the command, which needs no Node. Glance adds a link to it in /usr/local/bin, or in ~/.local/bin when that folder cannot be written.';

/** Where it is installed, or that it is not. */
export function commandStatusWords(view: CommandView): string {
  if (view.link !== null) return `Installed: ${view.link}. Open a new Terminal window and type glance --help.`;
  if (!view.shipped) return 'This copy of Glance does not carry the command. In a checkout, run npm link in its folder instead.';
  return 'Not installed.';
}

/** Why nothing was installed. */
export function commandProblemWords(view: CommandView): string | null {
  switch (view.problem) {
    case undefined:
      return null;
    case 'not-shipped':
      return 'This copy of Glance does not carry the command. Install Glance from its disk image, then try again.';
    case 'in-the-way':
      return `There is already a glance at ${view.inTheWay ?? 'that place'} that Glance did not put there, so Glance left it alone. Remove it yourself (npm unlink -g glance, if it is npm’s), then try again.`;
    case 'no-folder':
      return 'Glance cannot write to /usr/local/bin or ~/.local/bin. Make ~/.local/bin yours, then try again.';
    case 'failed':
      return 'Glance could not make the link. Check that the folder can be written, then try again.';
    case 'unreadable':
      return 'Glance could not tell whether the command is installed. Close Settings and open it again.';
  }
}

/** After Remove: what went. */
export function commandRemovedWords(removed: number): string {
  return removed === 0 ? 'Nothing to remove: Glance’s glance is not installed.' : 'Removed Glance’s glance from your PATH.';
}
