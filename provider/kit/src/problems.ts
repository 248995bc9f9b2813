import type { ProviderLogger } from './logger.js';

/** What kind of mistake the kit found in what the app gave it. */
export type ProblemKind =
  | 'not-an-object'
  | 'invalid-id'
  | 'repeated-id'
  | 'root-not-application'
  | 'second-application'
  | 'unknown-role'
  | 'focus-gap'
  | 'focus-fork'
  | 'hovered-many'
  | 'invalid-state'
  | 'invalid-field'
  | 'invalid-content'
  | 'content-too-large'
  | 'too-nested'
  | 'too-deep'
  | 'too-many'
  | 'shared-object'
  | 'current-failed'
  | 'location-failed'
  | 'invalid-location'
  /** The bundleId passed is not what the OS reports for this process: hosts ignore the provider. */
  | 'bundle-id-mismatch'
  /** A correction a host makes that no other kind names (a safety net: the kit should name each). */
  | 'corrected'
  /** Stands for problems past the first hundred of one answer. */
  | 'more';

/**
 * One mistake in the app's tree, its locations or its setup, for the app's developer. The
 * message names ids, roles of the protocol and field names only: never a title, content, url
 * or attribute value, so it is safe in any log.
 */
export interface ProviderProblem {
  kind: ProblemKind;
  /** The element concerned, when there is one with a valid id. */
  id?: string;
  message: string;
  /** True when the kit could not answer at all (the host got a tool error). */
  fatal: boolean;
  /**
   * What the app's `current` or `location` function threw, exactly as thrown (kinds
   * `current-failed` and `location-failed`). Yours to log as you see fit: it may quote your
   * app's data, so the kit itself writes only its class name to stderr or the logger.
   */
  error?: unknown;
}

/** Thrown when the kit cannot publish: a folder it cannot fix, no bundle id, a bad option. */
export class ProviderSetupError extends Error {
  override readonly name = 'ProviderSetupError';
}

/** Thrown (and turned into a tool error) when the app's answer cannot be sent at all. */
export class ProviderAnswerError extends Error {
  override readonly name = 'ProviderAnswerError';
}

/** Reports problems to the developer, each distinct one once per run. */
export type ProblemReporter = (problems: readonly ProviderProblem[]) => void;

/** Where the reporter sends what it finds. */
export interface ReporterOptions {
  /** Called with every distinct problem. */
  onProblem?: ((problem: ProviderProblem) => void) | undefined;
  /** The app's logger: every distinct problem, as a warning (fatal ones as errors). */
  logger?: ProviderLogger | undefined;
  /** Without a logger: where the one line per kind goes (stderr). */
  stderr?: (line: string) => void;
}

/** A problem as one line: the kind, then the message (ids and field names only). */
function problemLine(problem: ProviderProblem): string {
  return `app-context provider: ${problem.kind}: ${problem.message}`;
}

/**
 * The kit's one way to tell the developer about mistakes. Each distinct problem is reported
 * once per run (a host asks on every hotkey press, so the same mistake recurs): to `onProblem`
 * with the thrown error when there is one, and to the logger. Without a logger, the first
 * problem of each kind goes to stderr as one line, so a developer who configured nothing still
 * sees every kind of mistake without a flood. A throwing onProblem or logger is ignored:
 * reporting must never stop the host's answer.
 */
export function createProblemReporter(options: ReporterOptions): ProblemReporter {
  const seen = new Set<string>();
  const kindsPrinted = new Set<string>();
  const stderr = options.stderr ?? ((line: string) => void process.stderr.write(`${line}\n`));
  return (problems) => {
    for (const problem of problems) {
      const key = `${problem.kind}\u0000${problem.id ?? ''}\u0000${problem.message}`;
      if (seen.has(key)) continue;
      if (seen.size < 10_000) seen.add(key);
      const line = problemLine(problem);
      try {
        options.onProblem?.(problem);
      } catch {
        // The developer's handler failed; the answer still goes out.
      }
      if (options.logger !== undefined) {
        try {
          if (problem.fatal) options.logger.error(line);
          else options.logger.warn(line);
        } catch {
          // As above.
        }
      } else if (!kindsPrinted.has(problem.kind)) {
        kindsPrinted.add(problem.kind);
        stderr(line);
      }
    }
  };
}

/**
 * A thrown value as one line for the developer: its class and message, without the stack,
 * control characters or more than 500 characters. Only ever sent to the host as the text of a
 * tool error, which hosts never show or log and `glance check-provider` shows the developer.
 */
export function describeThrown(error: unknown): string {
  const raw = error instanceof Error ? `${error.name}: ${error.message}` : `a thrown ${error === null ? 'null' : typeof error}`;
  // eslint-disable-next-line no-control-regex
  const line = raw.replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ').trim();
  return line.length > 500 ? `${line.slice(0, 499)}…` : line;
}

/** The class of a thrown value, for lines the kit prints itself (never the message). */
export function thrownClass(error: unknown): string {
  const name = error instanceof Error ? error.name : typeof error;
  return /^[A-Za-z0-9_$]{1,64}$/.test(name) ? name : 'Error';
}
