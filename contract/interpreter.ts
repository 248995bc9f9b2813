/**
 * On Linux a process's bundle id is, failing a Flatpak id or a desktop file, its executable's
 * name (the kit's platform rules): a script run by `node` or `python3.11` has the interpreter's
 * name as its bundle id, and so has every other program that interpreter runs. A rule for such
 * an id applies to all of them; the command (app/cli) and the panel (Settings › Rules) say so
 * where a rule names one, and a standing accessibility consent names the program instead
 * (app/os/program-linux.ts). Here, in contract/, so both read the one list.
 */

/** Interpreters and runtimes whose name a program run by them reports as its bundle id, by how their command line names a script. */
const FAMILIES = {
  python: /^(?:python[0-9.]*|pypy[0-9.]*)$/,
  node: /^(?:node(?:js)?|electron)$/,
  'deno-bun': /^(?:deno|bun)$/,
  gjs: /^gjs$/,
  java: /^java$/,
  other: /^(?:ruby[0-9.]*|perl[0-9.]*|php[0-9.]*|lua(?:jit|[0-9.]*)|julia|Rscript|tclsh[0-9.]*|wish[0-9.]*|(?:ba|da|z|k|fi)?sh)$/,
} as const;

/** How an interpreter's command line names the program it runs (app/os/program-linux.ts reads it). */
export type InterpreterFamily = keyof typeof FAMILIES;

/** The interpreter family `bundleId` names, or undefined when it is no interpreter's name. */
export function interpreterFamily(bundleId: string): InterpreterFamily | undefined {
  return (Object.keys(FAMILIES) as InterpreterFamily[]).find((family) => FAMILIES[family].test(bundleId));
}

/** True when `bundleId` is an interpreter's name, so a rule for it covers every program it runs. */
export function isInterpreterBundleId(bundleId: string): boolean {
  return interpreterFamily(bundleId) !== undefined;
}
