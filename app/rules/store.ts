import { rename } from 'node:fs/promises';
import { join } from 'node:path';
import { asideName, readOptional, tightenFile, writeFileAtomic } from '../home/files.js';
import { withFileLock } from '../home/lock.js';
import { isInterpreterBundleId } from '../../contract/interpreter.js';
import { RULES_VERSION, RulesFileSchema, sameExclusion, type AccessibilityConsent, type AppRule, type Exclusion, type RuleName } from './schema.js';

/** The rules file's name in the data folder. */
const RULES_FILE = 'rules.json';

/** The rules as read: every rule, or the notice of a damaged file (which fails closed). */
export type RulesState = { ok: true; rules: AppRule[] } | { ok: false; notice: string };

/** A change was refused because the rules file is damaged; `message` is the notice. */
export class RulesDamagedError extends Error {}

/** `always` for an interpreter's name alone was refused: it would cover every program it runs. */
export class InterpreterAlwaysError extends Error {
  constructor(bundleId: string) {
    super(`${bundleId} is an interpreter's name and runs many programs, so "always" must name one program it runs`);
  }
}

/** Reads and changes the one rules file the app and the command share. */
export interface RulesStore {
  readonly path: string;
  /** The rules now; a damaged file is left as it is and reported (its bytes are kept). */
  load(): Promise<RulesState>;
  /** Sets an app's rule, keeping its exclusions. */
  set(bundleId: string, rule: RuleName): Promise<void>;
  /**
   * Remembers whether an app without a provider may be read through Accessibility (`ask` forgets
   * the choice); an app without a rule gets `allow`, which is what it had. With `program`, the
   * choice is for that one program of the interpreter `bundleId` (app/rules/consent.ts); an
   * `always` for an interpreter's name alone would name no one program and is refused
   * (InterpreterAlwaysError).
   */
  setAccessibility(bundleId: string, consent: AccessibilityConsent, program?: string): Promise<void>;
  /** Adds a standing exclusion (an app without a rule gets `allow`); false when it was there. */
  exclude(bundleId: string, exclusion: Exclusion): Promise<{ added: boolean }>;
  /** Removes one standing exclusion; false when there was none like it. */
  unexclude(bundleId: string, exclusion: Exclusion): Promise<{ removed: boolean }>;
  /** Removes an app's rule and its exclusions; false when it had none. */
  remove(bundleId: string): Promise<{ removed: boolean }>;
  /** Removes every rule. A damaged file is kept aside under a new name first. */
  reset(): Promise<{ removed: number; asidePath?: string }>;
}

/** Why text is not a rules file, or the rules in it. */
function parse(text: string): { ok: true; rules: AppRule[] } | { ok: false; why: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, why: 'it is not valid JSON' };
  }
  const parsed = RulesFileSchema.safeParse(json);
  if (parsed.success) return { ok: true, rules: parsed.data.rules };
  // Paths and zod's own wording name fields only, never the file's values.
  const issue = parsed.error.issues[0];
  const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
  return { ok: false, why: `${issue?.message ?? 'unreadable'}${where}` };
}

/** The sentence a damaged rules file earns, everywhere it is shown. */
function damagedNotice(path: string, why: string): string {
  return `Glance's rules file ${path} is damaged (${why}), so Glance asks no app for context until it is fixed. ` +
    'Fix the file, or run `glance rules reset` to start over (the damaged file is then kept beside it).';
}

/** Sets (or, with `ask`, forgets) one program's consent in its interpreter's rule. */
function setProgramConsent(app: AppRule, path: string, consent: AccessibilityConsent): void {
  const others = (app.programs ?? []).filter((p) => p.path !== path);
  const programs = consent === 'ask' ? others : [...others, { path, accessibility: consent }];
  if (programs.length > 0) app.programs = programs.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  else delete app.programs;
}

/** A store over `rules.json` in the data folder `home` (opened by the caller, home/folder.ts). */
export function createRulesStore(home: string, now: () => Date = () => new Date()): RulesStore {
  const path = join(home, RULES_FILE);

  const read = async (): Promise<RulesState> => {
    let text: string | undefined;
    try {
      text = await readOptional(path);
      if (text !== undefined) await tightenFile(path);
    } catch (error) {
      // Unreadable is as unknown as damaged: fail closed, and say which error it was.
      return { ok: false, notice: damagedNotice(path, `it cannot be read: ${(error as NodeJS.ErrnoException).code ?? 'error'}`) };
    }
    if (text === undefined) return { ok: true, rules: [] };
    const parsed = parse(text);
    return parsed.ok ? parsed : { ok: false, notice: damagedNotice(path, parsed.why) };
  };

  const write = (rules: AppRule[]): Promise<void> => {
    const sorted = [...rules].sort((a, b) => (a.bundleId < b.bundleId ? -1 : a.bundleId > b.bundleId ? 1 : 0));
    return writeFileAtomic(path, `${JSON.stringify({ version: RULES_VERSION, rules: sorted }, null, 2)}\n`);
  };

  /** Read, change and write under the lock, so a change by the other process is never lost. */
  const change = <T>(edit: (rules: AppRule[]) => { rules?: AppRule[]; result: T }): Promise<T> =>
    withFileLock(path, async () => {
      const state = await read();
      if (!state.ok) throw new RulesDamagedError(state.notice);
      const { rules, result } = edit(state.rules.map((r) => ({ ...r, exclusions: [...r.exclusions], ...(r.programs ? { programs: [...r.programs] } : {}) })));
      if (rules) await write(rules);
      return result;
    });

  const entry = (rules: AppRule[], bundleId: string): AppRule => {
    const found = rules.find((r) => r.bundleId === bundleId);
    if (found) return found;
    const created: AppRule = { bundleId, rule: 'allow', exclusions: [] };
    rules.push(created);
    return created;
  };

  return {
    path,
    load: read,
    set: (bundleId, rule) => change((rules) => {
      entry(rules, bundleId).rule = rule;
      return { rules, result: undefined };
    }),
    setAccessibility: (bundleId, consent, program) => {
      if (program === undefined && consent === 'always' && isInterpreterBundleId(bundleId)) return Promise.reject(new InterpreterAlwaysError(bundleId));
      return change((rules) => {
        const app = entry(rules, bundleId);
        if (program !== undefined) setProgramConsent(app, program, consent);
        else if (consent === 'ask') delete app.accessibility;
        else app.accessibility = consent;
        return { rules, result: undefined };
      });
    },
    exclude: (bundleId, exclusion) => change<{ added: boolean }>((rules) => {
      const app = entry(rules, bundleId);
      if (app.exclusions.some((e) => sameExclusion(e, exclusion))) return { result: { added: false } };
      app.exclusions.push(exclusion);
      return { rules, result: { added: true } };
    }),
    unexclude: (bundleId, exclusion) => change<{ removed: boolean }>((rules) => {
      const app = rules.find((r) => r.bundleId === bundleId);
      const index = app ? app.exclusions.findIndex((e) => sameExclusion(e, exclusion)) : -1;
      if (!app || index < 0) return { result: { removed: false } };
      app.exclusions.splice(index, 1);
      return { rules, result: { removed: true } };
    }),
    remove: (bundleId) => change<{ removed: boolean }>((rules) => {
      const kept = rules.filter((r) => r.bundleId !== bundleId);
      return kept.length === rules.length ? { result: { removed: false } } : { rules: kept, result: { removed: true } };
    }),
    reset: () => withFileLock(path, async () => {
      const state = await read();
      if (state.ok) {
        if (state.rules.length > 0) await write([]);
        return { removed: state.rules.length };
      }
      // The damaged bytes are kept: the user may want a rule back out of them.
      const asidePath = asideName(path, now());
      await rename(path, asidePath);
      await write([]);
      return { removed: 0, asidePath };
    }),
  };
}
