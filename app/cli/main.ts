import { completeCliDeps, createCliDeps, type FullCliDeps } from './cli-deps.js';
import { runCurrent } from './commands/current.js';
import { runLocation } from './commands/location.js';
import { runProviders } from './commands/providers.js';
import { EXIT, UsageError } from './exit-codes.js';
import type { CliDeps, CliIo, CommandRun } from './io.js';
import { lazyCommands } from './lazy-commands.js';
import { terminalSafe } from './terminal-safe.js';

const USAGE = `glance: the app-context host without a window

  glance providers [--json]
  glance current [--pid N] [--timeout MS] [--json]
  glance location ID --pid N --instance I [--timeout MS] [--json]
  glance check-provider --pid N [--timeout MS] [--json]
  glance ask PROMPT [--pid N] [--exclude ID]... [--allow ID]... [--backend offline|anthropic|openai] [--model M] [--base-url URL] [--timeout MS] [--model-timeout MS] [--json]
  glance rules [--json] | rules set BUNDLE_ID allow|never|local | rules exclude BUNDLE_ID [--role R] [--subrole S]
               | rules remove BUNDLE_ID | rules reset [--yes]
  glance history [--json] [--limit N] | history show ID [--json] | history clear

The providers folder is APP_CONTEXT_PROVIDERS_DIR when set; Glance's own data (rules, history)
is in GLANCE_HOME when set. --timeout is the one time limit on
each exchange with a provider (default 1500 ms). Ids and instances may begin with "-":
an option's value may too, and an ID that does goes last, after "--".
`;

/** The process's own terminal and environment; nothing unsafe for a terminal gets through. */
export const processIo: CliIo = {
  stdout: (text) => process.stdout.write(terminalSafe(text)),
  stderr: (text) => process.stderr.write(terminalSafe(text)),
  env: process.env,
};

/**
 * Runs one `glance` command and returns its exit status (cli.md). Never throws: a wrong
 * command line is exit 2, anything unexpected exit 1, each with one line on stderr.
 */
export async function main(argv: string[], io: CliIo = processIo, deps?: CliDeps): Promise<number> {
  const [command, ...rest] = argv;
  let full: FullCliDeps | undefined;
  try {
    if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
      io.stdout(USAGE);
      return command === undefined ? EXIT.usage : EXIT.ok;
    }
    const commands: Record<string, CommandRun> = {
      providers: runProviders,
      current: runCurrent,
      location: runLocation,
      ...lazyCommands,
    };
    const run = Object.hasOwn(commands, command) ? commands[command] : undefined;
    if (!run) throw new UsageError(`unknown command "${command.slice(0, 40)}"; the commands are ${Object.keys(commands).join(', ')}`);
    full = deps ? completeCliDeps(io, deps) : createCliDeps(io);
    return await run(rest, io, full);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`glance: ${error.message}\n`);
      return EXIT.usage;
    }
    // The message is not printed by default: an unexpected error could carry text from a
    // provider's answer. GLANCE_DEBUG=1 shows it for the person debugging Glance itself.
    // Through the redaction too: the stack may hold a token that reached an error by mistake.
    const detail = io.env['GLANCE_DEBUG'] === '1' && error instanceof Error ? `: ${full?.secrets.redact(error.stack ?? error.message) ?? '(not shown)'}` : '';
    io.stderr(`glance: an unexpected failure inside Glance (${error instanceof Error ? error.name : 'unknown'})${detail}; please report it with the command you ran\n`);
    return EXIT.unexpected;
  }
}
