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
  | 'too-deep'
  | 'too-many'
  | 'shared-object'
  | 'current-failed'
  | 'location-failed'
  | 'invalid-location'
  /** Stands for problems past the first hundred of one answer. */
  | 'more';

/**
 * One mistake in the app's tree or location, for the app's developer. The message names ids,
 * roles of the protocol and field names only: never a title, content, url or attribute value,
 * so it is safe in any log (concepts.txt, "Security").
 */
export interface ProviderProblem {
  kind: ProblemKind;
  /** The element concerned, when there is one with a valid id. */
  id?: string;
  message: string;
  /** True when the kit could not answer at all (the host got a tool error). */
  fatal: boolean;
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

/**
 * The kit's one way to tell the developer about mistakes. Problems go to `onProblem` and to
 * the logger (fatal ones as errors, the rest as warnings); with neither, to
 * `process.emitWarning`, which Node prints on stderr unless the app listens for 'warning'.
 * A host asks on every hotkey press, so each distinct problem is reported once per run
 * rather than on every answer.
 */
export function createProblemReporter(logger: ProviderLogger | undefined, onProblem: ((problem: ProviderProblem) => void) | undefined): ProblemReporter {
  const seen = new Set<string>();
  return (problems) => {
    for (const problem of problems) {
      const key = `${problem.kind}\u0000${problem.id ?? ''}\u0000${problem.message}`;
      if (seen.has(key)) continue;
      if (seen.size < 10_000) seen.add(key);
      const line = `app-context provider: ${problem.message}`;
      if (onProblem !== undefined) onProblem(problem);
      if (logger !== undefined) {
        if (problem.fatal) logger.error(line);
        else logger.warn(line);
      }
      if (onProblem === undefined && logger === undefined) {
        process.emitWarning(line, { code: `APP_CONTEXT_${problem.kind.toUpperCase().replaceAll('-', '_')}` });
      }
    }
  };
}
