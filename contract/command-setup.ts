import { z } from 'zod';

/**
 * Settings › Command line: whether the `glance` command is on the PATH, as facts the panel words
 * (renderer/src/words/command.ts). Main links the app's own single executable into a folder of
 * commands and removes that link (main/flow/command-setup.ts over app/command/on-path.ts).
 * Paths come shortened to `~/…`, as everywhere in the panel.
 */

/**
 * Why an install did not happen: this is not the packaged app, which carries the command
 * (`not-shipped`); a `glance` Glance did not put there is in the folder (`in-the-way`, at
 * `link`); no folder of commands can be written (`no-folder`); the link could not be made
 * (`failed`); `unreadable` is the panel's own, when the request itself failed.
 */
const COMMAND_PROBLEMS = ['not-shipped', 'in-the-way', 'no-folder', 'failed', 'unreadable'] as const;

export const CommandViewSchema = z.object({
  /** The app carries its own `glance` (the packaged Mac app); false in a checkout, which uses npm link. */
  shipped: z.boolean(),
  /** Our link, when installed; otherwise null. */
  link: z.string().max(4096).nullable(),
  problem: z.enum(COMMAND_PROBLEMS).optional(),
  /** With `in-the-way`: the `glance` that is not ours. */
  inTheWay: z.string().max(4096).optional(),
  /** After Remove: how many links were removed (0: none was installed). */
  removed: z.number().int().nonnegative().optional(),
});
export type CommandView = z.infer<typeof CommandViewSchema>;
