/** Exit statuses of the `glance` command (docs/cli.md, "Exit status"). */
export const EXIT = {
  ok: 0,
  unexpected: 1,
  usage: 2,
  noProvider: 3,
  noAnswer: 4,
  refused: 5,
  locationError: 6,
  checkFailed: 7,
  backendFailed: 8,
  /** `current`, `location`: the user's rule for the app is `never`, or the rules file is damaged. */
  ruledOut: 9,
  /** `browser`: the helper could not be installed or removed (not built, no such folder on this platform). */
  setupFailed: 10,
  /** `ask`: interrupted by Ctrl-C (128 + SIGINT, as a shell reports it). */
  interrupted: 130,
} as const;

/** A wrong command line: printed as one line on stderr, exit 2. */
export class UsageError extends Error {}
