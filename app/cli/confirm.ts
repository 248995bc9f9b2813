import { EXIT } from './exit-codes.js';
import type { CliIo } from './io.js';

/** A command that removes what cannot be brought back: how it asks, and what it says when nothing is done. */
export interface Removal {
  /** The command as the user typed it ("history clear"). */
  command: string;
  /** The question asked on the terminal ("Remove every receipt of the history?"). */
  question: string;
  /** What is said when nothing was removed ("nothing was removed"). */
  nothing: string;
}

/**
 * The one rule of every command that removes (docs/cli.md, "Confirmations"): --yes goes ahead;
 * on a terminal the person is asked, and only `y` or `yes` goes ahead (a no is exit 0, they chose
 * it); without a terminal and without --yes nothing is removed, and the command says to add
 * --yes and exits 2, so a script learns that nothing happened. Piped input never counts as a
 * yes: `yes | glance history clear` must not empty the history by accident.
 * Returns 'go', or the exit status once the reason is printed.
 */
export async function confirmRemoval(io: CliIo, yes: boolean, removal: Removal): Promise<'go' | number> {
  if (yes) return 'go';
  if (io.confirm === undefined) {
    io.stderr(`glance: ${removal.command}: ${removal.nothing}; without a terminal to ask on, add --yes to go ahead\n`);
    return EXIT.usage;
  }
  if (await io.confirm(`${removal.question} [y/N] `)) return 'go';
  io.stderr(`glance: ${removal.nothing} (give --yes to go ahead without the question)\n`);
  return EXIT.ok;
}
