import type { Answer } from './protocol/answer.js';
import type { Element } from './protocol/element.js';
import { isValidId } from './protocol/ids.js';
import type { Location } from './protocol/location.js';
import { readLocation } from './protocol/location.js';
import { readAnswer } from './protocol/read-answer.js';
import { checkTree } from './check-tree.js';
import { describeThrown, ProviderAnswerError, thrownClass, type ProblemReporter, type ProviderProblem } from './problems.js';

/** The app's function that describes what the user has open and is pointing at now. */
export type CurrentFunction = () => Element | Promise<Element>;

/**
 * The app's function that says where an element is now. Return `{ state: 'gone', rects: [] }`
 * for a thing that no longer exists, and `undefined` for one the app cannot place.
 */
export type LocationFunction = (id: string) => Location | undefined | Promise<Location | undefined>;

/** A tool outcome: the structured result, or a reason the host may read (no app data in it). */
export type Outcome<T> = { ok: true; value: T; meta?: Record<string, unknown> } | { ok: false; reason: string };

/**
 * Ids sent in answers during this run, so `location` can tell "never issued" from "gone", and
 * the ids the app gave to more than one element, which `location` cannot place: the host
 * meant the first element, and the app's function may well find the other.
 */
export class IssuedIds {
  private readonly ids = new Set<string>();
  private readonly repeated = new Set<string>();
  /** Records every id of a tree the kit has already read (iteratively: any depth). */
  recordTree(root: Element): void {
    const stack: Element[] = [root];
    while (stack.length > 0) {
      const element = stack.pop() as Element;
      this.ids.add(element.id);
      for (const child of element.children ?? []) stack.push(child);
    }
  }
  /** True when an answer of this run carried the id. */
  has(id: string): boolean {
    return this.ids.has(id);
  }
  /** Remembers the ids of repeated-id problems (bounded: a broken generator repeats itself). */
  recordRepeated(problems: readonly ProviderProblem[]): void {
    for (const p of problems) if (p.kind === 'repeated-id' && p.id !== undefined && this.repeated.size < 10_000) this.repeated.add(p.id);
  }
  /** True when some answer of this run gave the id to more than one element. */
  wasRepeated(id: string): boolean {
    return this.repeated.has(id);
  }
}

/**
 * Builds the answer to `current`. The app's tree is checked and every mistake reported to the
 * developer; it is then passed through the host's own tolerant reader, so what goes out is
 * exactly what a host would keep (within the declared output schema, at most 64 levels deep,
 * unknown fields dropped) and a deep or broken tree cannot trip the SDK's output validation.
 * A tree a host would refuse whole throws ProviderAnswerError.
 */
export async function buildAnswer(protocol: string, instance: string, current: CurrentFunction, report: ProblemReporter, issued: IssuedIds): Promise<Answer> {
  let root: unknown;
  try {
    root = await current();
  } catch (error) {
    // The developer gets the error itself; the kit's own line names its class only, since the
    // message may quote the app's documents. The host's tool error carries the message: hosts
    // never show or log it, and check-provider shows it to the developer.
    report([{ kind: 'current-failed', message: `the current function threw ${thrownClass(error)}; the host got a tool error`, fatal: true, error }]);
    throw new ProviderAnswerError(`the app's current function failed: ${describeThrown(error)}`);
  }
  const problems = checkTree(root);
  report(problems);
  issued.recordRepeated(problems);
  const fatal = problems.find((p) => p.fatal);
  if (fatal) throw new ProviderAnswerError(`the app's context is unusable: ${fatal.message}`);
  const read = readAnswer({ protocol, instance, root });
  if (!read.ok) throw new ProviderAnswerError(`the app's context is unusable: ${read.reason}`);
  if (problems.length === 0 && read.warnings.length > 0) {
    // A correction the tree check has no name for: still told, in the reader's own words (ids only).
    report(read.warnings.map((w) => ({ kind: 'corrected' as const, message: `a host corrected the tree: ${w}`, fatal: false })));
  }
  issued.recordTree(read.answer.root);
  return read.answer;
}

/**
 * Answers `location` for an id, each failure with its own cause: an id no answer of this run
 * carried is an error without asking the app (`issued` undefined skips the run's records, for
 * the test provider only), and so is an id the app gave to more than one element; then an
 * element the app cannot place (it returned undefined), or one whose function threw (the
 * developer gets the error). The app's location is read with the host's reader: a malformed
 * one is reported to the developer and becomes an error, a malformed hint is dropped.
 */
export async function locate(id: string, location: LocationFunction, report: ProblemReporter, issued: IssuedIds | undefined): Promise<Outcome<Location>> {
  if (!isValidId(id)) return { ok: false, reason: 'that is not an element id (1 to 128 of A-Z a-z 0-9 - _)' };
  if (issued !== undefined && !issued.has(id)) return { ok: false, reason: `element ${id} was never issued by this provider in this run` };
  if (issued?.wasRepeated(id) === true) {
    report([{ kind: 'repeated-id', id, message: `location was asked for element ${id}, which the app gave to more than one element, so which one is meant is unclear; the host got a tool error (give each element its own id)`, fatal: true }]);
    return { ok: false, reason: `element ${id} cannot be placed: the app gave this id to more than one element, so which one is meant is unclear` };
  }
  let raw: unknown;
  try {
    raw = await location(id);
  } catch (error) {
    report([{ kind: 'location-failed', id, message: `the location function threw ${thrownClass(error)} for element ${id}; the host got a tool error`, fatal: true, error }]);
    return { ok: false, reason: `the app's location function failed for element ${id}: ${describeThrown(error)}` };
  }
  if (raw === undefined || raw === null) return { ok: false, reason: `the app cannot place element ${id} now` };
  const read = readLocation(raw);
  if (!read.ok) {
    report([{ kind: 'invalid-location', id, message: `the location for element ${id} is malformed: ${read.reason}`, fatal: true }]);
    return { ok: false, reason: `the app gave a malformed location for element ${id}` };
  }
  if (read.warnings.length > 0) {
    report(read.warnings.map((w) => ({ kind: 'invalid-location' as const, id, message: `location of element ${id}: ${w}`, fatal: false })));
  }
  return { ok: true, value: read.location };
}
