import type { Answer } from './protocol/answer.js';
import type { Element } from './protocol/element.js';
import { isValidId } from './protocol/ids.js';
import type { Location } from './protocol/location.js';
import { readLocation } from './protocol/location.js';
import { readAnswer } from './protocol/read-answer.js';
import { checkTree } from './check-tree.js';
import { ProviderAnswerError, type ProblemReporter } from './problems.js';

/** The app's function that describes what the user has open and is pointing at now. */
export type CurrentFunction = () => Element | Promise<Element>;

/**
 * The app's function that says where an element is now. Return `{ state: 'gone', rects: [] }`
 * for a thing that no longer exists, and `undefined` for one the app cannot place.
 */
export type LocationFunction = (id: string) => Location | undefined | Promise<Location | undefined>;

/** A tool outcome: the structured result, or a reason the host may read (no app data in it). */
export type Outcome<T> = { ok: true; value: T } | { ok: false; reason: string };

/** Ids sent in answers during this run, so `location` can tell "never issued" from "gone". */
export class IssuedIds {
  private readonly ids = new Set<string>();
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
  } catch {
    // The app's error text may quote its documents: the host gets a plain reason only.
    report([{ kind: 'current-failed', message: 'the current function threw; the host got a tool error', fatal: true }]);
    throw new ProviderAnswerError('the app failed to describe its context');
  }
  const problems = checkTree(root);
  report(problems);
  const fatal = problems.find((p) => p.fatal);
  if (fatal) throw new ProviderAnswerError(`the app's context is unusable: ${fatal.message}`);
  const read = readAnswer({ protocol, instance, root });
  if (!read.ok) throw new ProviderAnswerError(`the app's context is unusable: ${read.reason}`);
  issued.recordTree(read.answer.root);
  return read.answer;
}

/**
 * Answers `location` for an id. An id no answer of this run carried is an error without asking
 * the app (`issued` undefined skips that check, for the test provider only); so is one the app cannot place. The app's location is read with the host's reader:
 * a malformed one is reported to the developer and becomes an error, a malformed hint is dropped.
 */
export async function locate(id: string, location: LocationFunction, report: ProblemReporter, issued: IssuedIds | undefined): Promise<Outcome<Location>> {
  if (!isValidId(id)) return { ok: false, reason: 'that is not an element id (1 to 128 of A-Z a-z 0-9 - _)' };
  if (issued !== undefined && !issued.has(id)) return { ok: false, reason: `element ${id} was never issued by this provider in this run` };
  let raw: unknown;
  try {
    raw = await location(id);
  } catch {
    report([{ kind: 'location-failed', id, message: `the location function threw for element ${id}; the host got a tool error`, fatal: true }]);
    return { ok: false, reason: `the app failed to place element ${id}` };
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
