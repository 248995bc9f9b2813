/**
 * Electronegativity (Doyensec's checker for Electron misconfigurations and anti-patterns) over
 * Glance's source, offline, judged against the project's justifications (electronegativity.json).
 *
 * It reads the TypeScript source, not dist/: it parses .ts and .tsx with Babel's TypeScript
 * plugin, so each finding points at the line we would change; the built renderer is a minified
 * bundle with React inside, which would report React's code instead of ours.
 *
 * Offline: the tool fetches translations (and, in one check, Electron's release list) with the
 * `got` HTTP client on every run. Tests send nothing off this machine, so its `got` is replaced
 * in the module cache by one that fails at once, and the release-list check is excluded in
 * electronegativity.json; both go through its own fallbacks (English text, no release list).
 */
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import Module, { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';

/** electronegativity.json: what is scanned, and why each remaining finding is accepted. */
const ElectronegativityConfigSchema = z
  .object({
    $comment: z.string().optional(),
    /** Folders and files of the repository that are scanned (the code the app ships). */
    scan: z.array(z.string().min(1)).min(1),
    /** Checks not run at all, by class name, each with its reason. */
    excludedChecks: z.array(z.object({ check: z.string().min(1), reason: z.string().min(20) }).strict()),
    /** Findings accepted after review: the check, the file, the exact line of code, and why. */
    justified: z.array(z.object({ check: z.string().min(1), file: z.string().min(1), code: z.string().min(1), reason: z.string().min(20) }).strict()),
  })
  .strict();
/** The parsed electronegativity.json. */
export type ElectronegativityConfig = z.infer<typeof ElectronegativityConfigSchema>;

/** One finding, as electronegativity reports it. */
export interface Finding {
  check: string;
  /** Relative to the scanned root, with forward slashes. */
  file: string;
  line: number;
  /** The line of code it points at, trimmed (for HTML, the attribute it read). */
  code: string;
  description: string;
  severity: string;
  confidence: string;
}

/** What one scan found, and the files it could not read (each one is a file not checked). */
export interface ScanResult {
  findings: Finding[];
  unreadable: { file: string; message: string }[];
  checks: number;
}

interface RawIssue {
  id: string;
  file: string;
  location: { line: number; column: number };
  sample?: string;
  description: string;
  severity: { name: string };
  confidence: { name: string };
}
interface RawResult {
  globalChecks: number;
  atomicChecks: number;
  errors: { file: string; message: string; tolerable: boolean }[];
  issues: RawIssue[];
}
type Run = (options: Record<string, unknown>) => Promise<RawResult>;

const require = createRequire(import.meta.url);
const packageRoot = join(require.resolve('@doyensec/electronegativity/package.json'), '..');
const OFFLINE_NOTICE = 'Could not retrieve updated translations for the current locale';

/** Loads electronegativity's runner with its HTTP client replaced by one that never connects. */
function loadOfflineRunner(): Run {
  for (const user of ['dist/locales/i18n.js', 'dist/finder/checks/GlobalChecks/AvailableSecurityFixesGlobalCheck.js']) {
    const gotPath = createRequire(join(packageRoot, user)).resolve('got');
    if (require.cache[gotPath]?.loaded) continue;
    const offline = new Module(gotPath);
    offline.filename = gotPath;
    offline.loaded = true;
    offline.exports = () => Promise.reject(new Error('Glance runs electronegativity offline'));
    require.cache[gotPath] = offline;
  }
  return require(join(packageRoot, 'dist/runner.js')) as Run;
}

/** The Electron version the app is built with, from package.json (the checks' defaults depend on it). */
export async function electronVersion(root: string): Promise<string> {
  const manifest = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as { devDependencies?: Record<string, string> };
  const version = manifest.devDependencies?.['electron'];
  if (!version) throw new Error('package.json names no electron version in devDependencies');
  return version;
}

/**
 * Scans `paths` (relative to `root`) with every check but `excludedChecks`: the paths are copied
 * into a fresh folder first, so nothing else in the repository (tests, node_modules, dist) is read.
 */
export async function scan(root: string, paths: string[], excludedChecks: string[], version: string): Promise<ScanResult> {
  const run = loadOfflineRunner();
  const folder = await mkdtemp(join(tmpdir(), 'glance-electronegativity-'));
  const log = console.log;
  try {
    for (const path of paths) await cp(join(root, path), join(folder, path), { recursive: true, filter: (source) => !/[/\\](node_modules|dist)([/\\]|$)/.test(source) });
    // Its only output in library mode is the notice that the translations were not fetched.
    console.log = (...args: unknown[]) => {
      if (args[0] !== OFFLINE_NOTICE) log(...args);
    };
    const result = await run({
      input: folder,
      isRelative: true,
      customScan: [],
      excludeFromScan: excludedChecks.map((check) => check.toLowerCase()),
      electronVersionOverride: version,
      parserPlugins: [],
    });
    const findings = result.issues.map((issue) => ({
      check: issue.id,
      file: issue.file.split('\\').join('/'),
      line: issue.location.line,
      code: (issue.sample ?? '').trim(),
      description: issue.description,
      severity: issue.severity.name,
      confidence: issue.confidence.name,
    }));
    const unreadable = result.errors.filter((error) => !error.tolerable).map((error) => ({ file: error.file.slice(folder.length + 1), message: error.message }));
    return { findings, unreadable, checks: result.globalChecks + result.atomicChecks };
  } finally {
    console.log = log;
    await rm(folder, { recursive: true, force: true });
  }
}

/** True when the justification names this finding: same check, file and line of code. */
function names(entry: ElectronegativityConfig['justified'][number], finding: Finding): boolean {
  return entry.check === finding.check && entry.file === finding.file && entry.code === finding.code;
}

/**
 * Splits findings into the unjustified (each fails the build) and lists the justifications that
 * no longer name any finding (stale: the code moved or was fixed, so the entry must go too).
 */
export function judge(findings: Finding[], config: ElectronegativityConfig): { unjustified: Finding[]; stale: ElectronegativityConfig['justified'] } {
  return {
    unjustified: findings.filter((finding) => !config.justified.some((entry) => names(entry, finding))),
    stale: config.justified.filter((entry) => !findings.some((finding) => names(entry, finding))),
  };
}

/** Reads and checks electronegativity.json. */
export async function loadConfig(root: string): Promise<ElectronegativityConfig> {
  return ElectronegativityConfigSchema.parse(JSON.parse(await readFile(join(root, 'electronegativity.json'), 'utf8')));
}

/** One line per finding, for a failure message a developer can act on. */
export function describeFinding(finding: Finding): string {
  return `${finding.check} ${finding.file}:${finding.line} (${finding.severity}, ${finding.confidence}) ${finding.description}\n    ${finding.code}`;
}
