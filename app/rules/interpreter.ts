/**
 * The command's words for a rule that names an interpreter (contract/interpreter.ts says which
 * bundle ids are one, for the command and the panel alike).
 */
export { isInterpreterBundleId } from '../../contract/interpreter.js';

/** The sentence the command prints beside a rule for an interpreter's bundle id. */
export function interpreterNote(bundleId: string): string {
  return `${bundleId} is an interpreter's name: on Linux every program it runs without a desktop file of its own has this bundle id, so this rule applies to all of them`;
}
