import type { Logger, SecretRegistry } from '../log/logger.js';
import type { OsServices } from '../os/types.js';

/** Where a command writes and what it reads from its surroundings; tests pass their own. */
export interface CliIo {
  /**
   * Writes one line to standard output (add your own newline), or the start of one. Commands
   * get the io through `terminalIo` (main.ts): a line break or control character anywhere but
   * at the end is shown as a mark, so write each line of Glance's own on its own.
   */
  stdout(text: string): void;
  /** Writes one line to standard error, the same way. */
  stderr(text: string): void;
  /**
   * Writes text to standard output whose own line breaks are meant: the model's answer as it
   * streams, Glance's help. Never provider text. Absent: `stdout` is used.
   */
  stdoutText?(text: string): void;
  env: NodeJS.ProcessEnv;
  /**
   * Asks the person at the terminal a yes/no question (the answer is no unless they type y).
   * Present only when stdin and stderr are a terminal: without it, a command that would ask
   * needs --yes instead.
   */
  confirm?(question: string): Promise<boolean>;
}

/** What commands use besides io; injectable for tests. */
export interface CliDeps {
  os: OsServices;
  /** Tokens read from descriptors, blanked in every log line (main fills it in when absent). */
  secrets?: SecretRegistry;
  /** The CLI's log (cli-deps.ts); lines appear only with GLANCE_DEBUG=1. */
  logger?: Logger;
}

/** One `glance` subcommand: parses its own arguments (throw UsageError) and returns the exit status. */
export type CommandRun = (argv: string[], io: CliIo, deps: CliDeps) => Promise<number>;
