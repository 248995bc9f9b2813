import { completeCliDeps, createCliDeps, redactingIo, type FullCliDeps } from './cli-deps.js';
import { runCurrent } from './commands/current.js';
import { runLocation } from './commands/location.js';
import { runProviders } from './commands/providers.js';
import { DEFAULT_TIMEOUT_MS } from '@app-context/provider-kit/protocol';
import { BACKEND_CHOICE, HelpRequested, jsonLine } from './args.js';
import { EXIT, UsageError } from './exit-codes.js';
import { COMMAND_HELP, formatHelp } from './help.js';
import type { CliDeps, CliIo, CommandRun } from './io.js';
import { lazyCommands } from './lazy-commands.js';
import { closest } from './suggest.js';
import { terminalLine, terminalText } from './terminal-safe.js';
import { versionInfo, versionLine } from './version.js';

const USAGE = `glance: the app-context host without a window

  glance providers [--json] [--prune [--yes]]
  glance current [--pid N | --app NAME] [--accessibility] [--timeout MS] [--json]
  glance location ID --pid N|--app NAME [--instance I] [--timeout MS] [--json]
  glance check-provider --pid N|--app NAME [--timeout MS] [--json]
  glance ask PROMPT [--pid N | --app NAME] [--accessibility] [--exclude ID]... [--allow ID]... [--backend ${BACKEND_CHOICE}] [--model M] [--base-url URL] [--timeout MS] [--model-timeout MS] [--json]
  glance rules [--json] | rules set BUNDLE_ID allow|never|local | rules exclude BUNDLE_ID [--role R] [--subrole S]
               | rules accessibility BUNDLE_ID ask|always|never [--program PATH] | rules remove BUNDLE_ID | rules reset [--yes]   (each takes --json)
  glance history [--json] [--limit N] | history show ID [--json] | history clear [--yes] [--json]
  glance browser install [--browser NAME] [--profile-dir DIR] [--json] | browser uninstall | browser status
  glance help [COMMAND]     (also: glance COMMAND --help)
  glance --version [--json]

The providers folder is APP_CONTEXT_PROVIDERS_DIR when set; Glance's own data (rules, history)
is in GLANCE_HOME when set. --timeout is the one time limit on
each exchange with a provider (default ${DEFAULT_TIMEOUT_MS} ms). Ids and instances may begin with "-":
an option's value may too, and an ID that does goes last, after "--".
`;

/** The commands, by name. */
export const COMMANDS: Readonly<Record<string, CommandRun>> = {
  providers: runProviders,
  current: runCurrent,
  location: runLocation,
  ...lazyCommands,
};

/** The process's own terminal and environment; `main` writes to it through `terminalIo`. */
export const processIo: CliIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  env: process.env,
  ...(process.stdin.isTTY && process.stderr.isTTY ? { confirm: askOnTerminal } : {}),
};

/**
 * The one writer every command's human output goes through: each write is one line, with
 * every line break and control character in it shown as a mark (terminal-safe.ts), whatever
 * field of a provider's it came from; JSON lines have none left to mark.
 */
function terminalIo(io: CliIo): CliIo & Required<Pick<CliIo, 'stdoutText'>> {
  const text = io.stdoutText ?? io.stdout;
  const ask = io.confirm;
  return {
    ...io,
    stdout: (line) => io.stdout(terminalLine(line)),
    stderr: (line) => io.stderr(terminalLine(line)),
    stdoutText: (written) => text(terminalText(written)),
    ...(ask ? { confirm: (question: string) => ask(terminalLine(question)) } : {}),
  };
}

/** Asks a yes/no question on the terminal (stderr), reading one line from stdin; only "y" or "yes" is yes. */
async function askOnTerminal(question: string): Promise<boolean> {
  const { createInterface } = await import('node:readline/promises');
  const terminal = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return /^\s*y(es)?\s*$/i.test(await terminal.question(question));
  } finally {
    terminal.close();
  }
}

/** The usage error for a word that is not a command, with the closest command when one is near. */
function unknownCommand(word: string): UsageError {
  const names = [...Object.keys(COMMANDS), 'help'];
  const guess = closest(word, names);
  const shown = word.slice(0, 40);
  return new UsageError(guess !== undefined
    ? `unknown command "${shown}"; did you mean \`glance ${guess}\`? \`glance help\` lists the commands`
    : `unknown command "${shown}"; the commands are ${names.join(', ')} (\`glance help\` says more)`);
}

/** `glance help COMMAND`: that command's help, or a usage error naming the closest command. */
function helpFor(command: string): string {
  if (command === 'help') return USAGE;
  const help = Object.hasOwn(COMMAND_HELP, command) ? COMMAND_HELP[command] : undefined;
  if (help === undefined) throw unknownCommand(command);
  return formatHelp(command, help);
}

/**
 * Runs one `glance` command and returns its exit status (docs/cli.md, "Exit status"). Never throws:
 * a wrong command line is exit 2, anything unexpected exit 1, each with one line on stderr.
 */
export async function main(argv: string[], given: CliIo = processIo, deps?: CliDeps): Promise<number> {
  const watched = watchFailure(terminalIo(given));
  const status = await runCommand(argv, watched.io, deps);
  // With --json a failure is one JSON object on stdout too (docs/cli.md, "Errors with --json"),
  // unless the command already printed its own (ask's error event, check-provider's checks).
  if (status !== EXIT.ok && wantsJson(argv) && !watched.wroteStdout()) {
    watched.io.stdout(jsonLine({ error: { code: status, message: watched.lastError() ?? 'no reason was given' } }));
  }
  return status;
}

/** Whether the command line asks for JSON: --json before "--", for a command that takes it. */
function wantsJson(argv: string[]): boolean {
  const end = argv.indexOf('--');
  return (end < 0 ? argv : argv.slice(0, end)).includes('--json');
}

/** The io with what a failure needs: whether anything reached stdout, and the last error line on stderr. */
function watchFailure(io: ReturnType<typeof terminalIo>): { io: ReturnType<typeof terminalIo>; wroteStdout: () => boolean; lastError: () => string | undefined } {
  let wrote = false;
  let last: string | undefined;
  return {
    io: {
      ...io,
      stdout: (line) => { wrote = true; io.stdout(line); },
      stdoutText: (text) => { wrote = true; io.stdoutText(text); },
      stderr: (line) => {
        // Notes and warnings say something beside the failure; the failure's own line is the last other one.
        if (line.startsWith('glance: ') && !/^glance: (note|warning): /.test(line)) last = line.slice('glance: '.length).trimEnd();
        io.stderr(line);
      },
    },
    wroteStdout: () => wrote,
    lastError: () => last,
  };
}

async function runCommand(argv: string[], io: ReturnType<typeof terminalIo>, deps?: CliDeps): Promise<number> {
  const [command, ...rest] = argv;
  let full: FullCliDeps | undefined;
  try {
    if (command === '--version' || command === '-V') {
      const json = rest.length === 1 && rest[0] === '--json';
      if (rest.length > 0 && !json) throw new UsageError(`--version takes only --json, not "${(rest.find((w) => w !== '--json') ?? '').slice(0, 40)}"`);
      io.stdout(json ? jsonLine(versionInfo()) : versionLine());
      return EXIT.ok;
    }
    if (command === 'help' && rest[0] !== undefined) {
      io.stdoutText(helpFor(rest[0]));
      return EXIT.ok;
    }
    if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
      io.stdoutText(USAGE);
      return command === undefined ? EXIT.usage : EXIT.ok;
    }
    const run = Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
    if (!run) throw unknownCommand(command);
    full = deps ? completeCliDeps(io, deps) : createCliDeps(io);
    return await run(rest, redactingIo(io, full.secrets), full);
  } catch (error) {
    if (error instanceof HelpRequested) {
      io.stdoutText(helpFor(error.command));
      return EXIT.ok;
    }
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
