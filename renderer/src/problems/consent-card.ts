import type { ConsentKey } from '../../../contract/privacy.js';
import type { Problem } from './problem.js';

/**
 * The consent card as what a standing choice names (app/rules/consent.ts): an app's own
 * identity keeps the card's words ("Always for {app}"); one program of an interpreter is named
 * by its path, and the interpreter that runs it; an interpreter running no one program that can
 * be named (`python3 -c`, a REPL) offers this time and a `never` for all it runs, no "Always".
 * `{id}` is drawn as provider text: a path and an executable's name are the app's to choose.
 */
export function consentKeyed(problem: Problem, key: ConsentKey | undefined): Problem {
  switch (key?.kind) {
    case 'program':
      return { ...problem, id: `${key.program} (run by ${key.bundleId})`, labels: { 'read-always': 'Always for {id}', 'read-never': 'Never for {id}' } };
    case 'interpreter':
      return {
        ...problem,
        why: `${problem.why} {id} runs many programs, and Glance can’t tell which one this is, so it can read it only this time.`,
        actions: problem.actions.filter((action) => action !== 'read-always'),
        id: key.bundleId,
        labels: { 'read-never': 'Never for anything {id} runs' },
      };
    case 'app':
    case undefined:
      return problem;
  }
}
