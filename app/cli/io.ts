import type { Logger, SecretRegistry } from '../log/logger.js';
import type { OsServices } from '../os/types.js';

/** Where a command writes and what it reads from its surroundings; tests pass their own. */
export interface CliIo {
  /** Writes to standard output as given (add your own newline). */
  stdout(text: string): void;
  /** Writes to standard error as given (add your own newline). */
  stderr(text: string): void;
  env: NodeJS.ProcessEnv;
  /**
   * Asks a yes-or-no question and resolves true only for a yes (`glance rules reset`). Absent:
   * the question goes to stderr and one line of standard input is the answer.
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
