import { ROLES, isRole } from '@app-context/provider-kit/protocol';
import { realpath } from 'node:fs/promises';
import { resolve } from 'node:path';
import { consentSubject } from '../../accessibility/consent-words.js';
import { consentKey } from '../../rules/consent.js';
import { isPasswordManager } from '../../../contract/password-managers.js';
import { ProgramPathSchema } from '../../../contract/privacy.js';
import { ACCESSIBILITY_CONSENTS, BundleIdSchema, describeExclusion, isAccessibilityConsent, isRuleName, RULE_NAMES, SubroleSchema, type AppRule, type Exclusion } from '../../rules/schema.js';
import { createRulesStore } from '../../rules/store.js';
import { jsonLine, parseCommandLine } from '../args.js';
import { confirmRemoval } from '../confirm.js';
import { loadRules, withDataFolder } from '../data.js';
import { EXIT, UsageError } from '../exit-codes.js';
import { interpreterNote, isInterpreterBundleId } from '../../rules/interpreter.js';
import { didYouMean } from '../suggest.js';
import type { CliIo, CommandRun } from '../io.js';

const USAGE = 'rules [--json] | rules set BUNDLE_ID allow|never|local [--json] | rules accessibility BUNDLE_ID ask|always|never [--program PATH] [--json] | rules exclude BUNDLE_ID [--role R] [--subrole S] [--json] | rules remove BUNDLE_ID [--json] | rules reset [--yes] [--json]';

/** What each rule does, in the words `glance rules` prints. */
const EFFECT = { allow: 'asked on your hotkey', never: 'never asked', local: 'its context goes only to a model on this machine' } as const;

/** A password manager with nothing stored is not read (contract/password-managers.ts): `ask` there is Glance's `never`. */
const PASSWORD_MANAGER_EFFECT = "a password manager, which Glance doesn't read through Accessibility unless you choose always";

/** What each accessibility consent does, for an app without a provider. */
const CONSENT_EFFECT = {
  ask: 'without a provider, read through Accessibility only when you say so each time',
  always: 'without a provider, read through Accessibility without asking',
  never: 'never read through Accessibility',
} as const;

/**
 * The bundle id a rule is for. A new rule's id must be one an app can have: a macOS bundle id
 * (letters, digits, hyphens and dots) or a Linux one, a desktop file's or a program's file name
 * (docs/protocol.md, "Bundle identifiers"), so never a space or a slash. "Field Notes" is an
 * app's name: a rule for it would silently match nothing. `rules remove` takes any id the file
 * holds, so one written before this check can still be removed.
 */
function bundleId(value: string | undefined, command: string, existing = false): string {
  if (value === undefined) throw new UsageError(`rules ${command}: give the app's bundle id (\`glance providers\` lists them): glance ${USAGE.split(' | ').find((u) => u.startsWith(`rules ${command}`))}`);
  const parsed = BundleIdSchema.safeParse(value);
  if (!parsed.success) throw new UsageError(`rules ${command}: "${value.slice(0, 60)}" is not a bundle id (1 to 255 characters, no spaces at the ends, no control characters)`);
  if (!existing && /[\s/]/.test(parsed.data)) {
    throw new UsageError(`rules ${command}: "${value.slice(0, 60)}" cannot be a bundle id: an app's bundle id has no spaces or slashes (com.apple.Notes; on Linux a program's name, such as node); \`glance providers\` lists the bundle ids of the apps with a provider`);
  }
  return parsed.data;
}

/** A change's outcome: the JSON object with --json, else the line for a person. */
function said(io: CliIo, json: boolean | undefined, value: Record<string, unknown>, line: string): void {
  io.stdout(json === true ? jsonLine(value) : `${line}\n`);
}

const JSON_OPTION = { json: { type: 'boolean' } } as const;

function describeRule(rule: AppRule): string {
  const exclusions = rule.exclusions.length > 0 ? `; leaves out ${rule.exclusions.map(describeExclusion).join('; ')}` : '';
  const programs = (rule.programs ?? []).map((p) => `; Accessibility for ${consentSubject({ kind: 'program', bundleId: rule.bundleId, program: p.path })}: ${p.accessibility} (${CONSENT_EFFECT[p.accessibility]})`).join('');
  return `${rule.bundleId}: ${rule.rule} (${EFFECT[rule.rule]})${exclusions}${appConsent(rule)}${programs}`;
}

/** The consent stored for the bundle id itself; for an interpreter's name, what it does and does not do. */
function appConsent(rule: AppRule): string {
  const consent = rule.accessibility;
  if (consent === undefined) return '';
  if (!isInterpreterBundleId(rule.bundleId)) return `; Accessibility: ${consent} (${CONSENT_EFFECT[consent]})`;
  if (consent === 'never') return `; Accessibility: never (not read through Accessibility, nor any other program ${rule.bundleId} runs)`;
  // Written before a consent named one program: kept in the file, and counted as `ask`.
  return `; Accessibility: always, which no longer counts (${rule.bundleId} runs many programs and an "always" names one: \`glance rules accessibility ${rule.bundleId} always --program PATH\`)`;
}

/** `glance rules [--json]`: every rule. A damaged file is its notice and exit 9. */
async function list(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandLine(argv, { json: { type: 'boolean' } }, 'rules');
  if (positionals.length > 0) throw new UsageError(`rules: "${(positionals[0] ?? '').slice(0, 40)}" is not a rules command; the usage is glance ${USAGE}`);
  const state = await loadRules(io);
  if (!state.ok) {
    io.stderr(`glance: ${state.notice}\n`);
    return EXIT.ruledOut;
  }
  if (values.json === true) io.stdout(jsonLine({ rules: state.rules }));
  else if (state.rules.length === 0) io.stdout('No rules: every app is asked for its context on your hotkey (allow), and nothing else is left out but what you remove and what holds a secret.\n');
  else for (const rule of state.rules) io.stdout(`${describeRule(rule)}${isInterpreterBundleId(rule.bundleId) ? ` (an interpreter's name: it applies to every program ${rule.bundleId} runs)` : ''}\n`);
  return EXIT.ok;
}

async function set(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandLine(argv, JSON_OPTION, 'rules set');
  const [id, rule, ...rest] = positionals;
  const app = bundleId(id, 'set');
  if (rule === undefined || !isRuleName(rule) || rest.length > 0) {
    throw new UsageError(`rules set: the rule is one of ${RULE_NAMES.join(', ')}${notTyped(rule, RULE_NAMES)} Usage: glance rules set BUNDLE_ID allow|never|local`);
  }
  return withDataFolder(io, async (home) => {
    await createRulesStore(home).set(app, rule);
    said(io, values.json, { bundleId: app, rule, effect: EFFECT[rule] }, `${app}: ${rule} (${EFFECT[rule]})`);
    if (isInterpreterBundleId(app)) io.stderr(`glance: note: ${interpreterNote(app)}\n`);
    return EXIT.ok;
  });
}

/**
 * The end of "the rule is one of ...": what was typed instead, when something was, and the
 * closest known word, ending the sentence either way (`, not "nevr"; did you mean never?`).
 */
function notTyped(typed: string | undefined, known: readonly string[]): string {
  if (typed === undefined || known.includes(typed)) return '.';
  const guess = didYouMean(typed, known);
  return `, not "${typed.slice(0, 40)}"${guess === '' ? '.' : guess}`;
}

/**
 * `glance rules accessibility BUNDLE_ID ask|always|never [--program PATH]`: the consent for reading
 * an app without a provider. For an interpreter's name a standing `always` names one program it
 * runs (--program, its script's path): the name alone is every program it runs (app/rules/consent.ts).
 */
async function accessibility(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandLine(argv, { program: { type: 'string' }, ...JSON_OPTION }, 'rules accessibility');
  const [id, consent, ...rest] = positionals;
  const app = bundleId(id, 'accessibility');
  if (consent === undefined || !isAccessibilityConsent(consent) || rest.length > 0) {
    throw new UsageError(`rules accessibility: the choice is one of ${ACCESSIBILITY_CONSENTS.join(', ')}${notTyped(consent, ACCESSIBILITY_CONSENTS)} Usage: glance rules accessibility BUNDLE_ID ask|always|never [--program PATH]`);
  }
  const interpreter = isInterpreterBundleId(app);
  if (values.program !== undefined && !interpreter) {
    throw new UsageError(`rules accessibility: --program names a program an interpreter runs, and ${app} is not an interpreter's name: give the choice for ${app} itself`);
  }
  if (values.program === undefined && interpreter && consent === 'always') {
    throw new UsageError(`rules accessibility: ${app} is an interpreter's name and runs many programs, so "always" must name one: add --program PATH, the script's full path (\`glance current\` prints the command for the app in front)`);
  }
  const program = values.program === undefined ? undefined : await programPath(values.program);
  const key = consentKey(app, program);
  return withDataFolder(io, async (home) => {
    await createRulesStore(home).setAccessibility(app, consent, program);
    const effect = key.kind === 'interpreter' && consent === 'never' ? `never read through Accessibility, nor any other program ${app} runs` : consent === 'ask' && isPasswordManager(app) ? PASSWORD_MANAGER_EFFECT : CONSENT_EFFECT[consent];
    said(io, values.json, { bundleId: app, ...(program !== undefined ? { program } : {}), accessibility: consent, effect }, `${consentSubject(key)}: Accessibility ${consent} (${effect})`);
    return EXIT.ok;
  });
}

/** A program as a consent names it: its real path (links resolved, as Glance finds it on a press), else the full path given. */
async function programPath(given: string): Promise<string> {
  const full = resolve(given);
  const path = await realpath(full).catch(() => full);
  if (!ProgramPathSchema.safeParse(path).success) throw new UsageError('rules accessibility: --program takes a full path of at most 4096 characters, without control characters');
  return path;
}

async function exclude(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandLine(argv, { role: { type: 'string' }, subrole: { type: 'string' }, ...JSON_OPTION }, 'rules exclude');
  const [id, ...rest] = positionals;
  const app = bundleId(id, 'exclude');
  if (rest.length > 0) throw new UsageError('rules exclude: takes one bundle id and --role, --subrole or both');
  if (values.role === undefined && values.subrole === undefined) throw new UsageError('rules exclude: give --role R, --subrole S or both, for example --role Row --subrole comment');
  if (values.role !== undefined && !isRole(values.role)) throw new UsageError(`rules exclude: --role is one of ${ROLES.join(', ')}${didYouMean(values.role, ROLES)}`);
  if (values.subrole !== undefined && !SubroleSchema.safeParse(values.subrole).success) throw new UsageError('rules exclude: --subrole takes 1 to 200 characters, no control characters');
  const exclusion: Exclusion = { ...(values.role !== undefined ? { role: values.role } : {}), ...(values.subrole !== undefined ? { subrole: values.subrole } : {}) };
  return withDataFolder(io, async (home) => {
    const { added } = await createRulesStore(home).exclude(app, exclusion);
    said(io, values.json, { bundleId: app, exclusion, added }, `${app}: ${added ? 'leaves out' : 'already left out'} ${describeExclusion(exclusion)} on every collection`);
    if (isInterpreterBundleId(app)) io.stderr(`glance: note: ${interpreterNote(app)}\n`);
    return EXIT.ok;
  });
}

async function remove(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandLine(argv, JSON_OPTION, 'rules remove');
  const [id, ...rest] = positionals;
  const app = bundleId(id, 'remove', true);
  if (rest.length > 0) throw new UsageError('rules remove: takes one bundle id');
  return withDataFolder(io, async (home) => {
    const { removed } = await createRulesStore(home).remove(app);
    said(io, values.json, { bundleId: app, removed }, removed ? `${app}: its rule and exclusions were removed (it is allowed again)` : `${app} had no rule; nothing was changed`);
    return EXIT.ok;
  });
}

async function reset(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandLine(argv, { yes: { type: 'boolean' }, ...JSON_OPTION }, 'rules reset');
  if (positionals.length > 0) throw new UsageError('rules reset: takes only --yes');
  const asked = await confirmRemoval(io, values.yes === true, { command: 'rules reset', question: 'Remove every rule and exclusion of every app?', nothing: 'nothing was changed' });
  if (asked !== 'go') return asked;
  return withDataFolder(io, async (home) => {
    const { removed, asidePath } = await createRulesStore(home).reset();
    const line = asidePath ? `The damaged rules file was kept as ${asidePath}; Glance starts again with no rules.` : removed === 0 ? 'There were no rules; nothing was changed.' : `All ${removed} rule${removed === 1 ? ' was' : 's were'} removed.`;
    said(io, values.json, { removed, ...(asidePath ? { damagedFileKeptAs: asidePath } : {}) }, line);
    return EXIT.ok;
  });
}

const SUBCOMMANDS: Record<string, (argv: string[], io: CliIo) => Promise<number>> = { set, accessibility, exclude, remove, reset };

/** `glance rules ...` (docs/cli.md, "Per-app rules"). */
export const runRules: CommandRun = async (argv, io) => {
  const [first, ...rest] = argv;
  const sub = first !== undefined && Object.hasOwn(SUBCOMMANDS, first) ? SUBCOMMANDS[first] : undefined;
  return sub ? sub(rest, io) : list(argv, io);
};
