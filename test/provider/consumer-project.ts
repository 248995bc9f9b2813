// A project outside the repository that installs the packed kit as an app developer would,
// without the network: the kit's tarball, and its dependencies at exactly the versions this
// repository's lockfile holds, from the local npm cache (where `npm ci` left them), or, when
// the cache lacks them, packed from the repository's own node_modules.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { run, type Ran } from '../helpers/run.js';

const ROOT = resolve('.');

interface LockEntry {
  version?: string;
  integrity?: string;
  resolved?: string;
  license?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  [key: string]: unknown;
}

interface Lockfile {
  packages: Record<string, LockEntry>;
}

/** The npm command as this Node runs it (npm-cli.js beside node), so PATH does not matter. */
export function npm(args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv; timeoutMs?: number }): Promise<Ran> {
  const cli = process.env['npm_execpath'] ?? join(process.execPath, '..', '..', 'lib', 'node_modules', 'npm', 'bin', 'npm-cli.js');
  return run(process.execPath, [cli, ...args], options);
}

/** The repository's lockfile entry for `name` as Node would find it from `from`. */
function locate(lock: Lockfile, from: string, name: string): string | undefined {
  let base = from;
  for (;;) {
    const path = `${base === '' ? '' : `${base}/`}node_modules/${name}`;
    if (lock.packages[path] !== undefined) return path;
    if (base === '') return undefined;
    const up = base.lastIndexOf('/node_modules/');
    base = up < 0 ? '' : base.slice(0, up);
  }
}

/**
 * The lockfile entries the given top-level packages need, with their dependencies, at the
 * places the repository's lockfile has them (so a nested copy stays nested).
 */
export function dependencyClosure(names: string[]): Map<string, LockEntry> {
  const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as Lockfile;
  const needed = new Map<string, LockEntry>();
  const queue: [string, string][] = names.map((name) => ['', name]);
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    const [from, name] = next;
    const path = locate(lock, from, name);
    if (path === undefined) throw new Error(`the repository's lockfile has no ${name} (needed from ${from || 'the root'})`);
    if (needed.has(path)) continue;
    const entry = lock.packages[path] as LockEntry;
    if (entry.link === true) throw new Error(`${name} is a workspace link, not a registry package`);
    needed.set(path, entry);
    const wanted = { ...entry.dependencies, ...entry.optionalDependencies, ...entry.peerDependencies };
    for (const dep of Object.keys(wanted)) {
      const optional = entry.peerDependenciesMeta?.[dep]?.optional === true || entry.optionalDependencies?.[dep] !== undefined;
      if (optional && locate(lock, path, dep) === undefined) continue;
      queue.push([path, dep]);
    }
  }
  return needed;
}

/** The repository's exact version of a top-level package (for the consumer's devDependencies). */
export function rootVersion(name: string): string {
  const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as Lockfile;
  const version = lock.packages[`node_modules/${name}`]?.version;
  if (version === undefined) throw new Error(`the repository's lockfile has no ${name}`);
  return version;
}

/** sha512 integrity of a file, as npm writes it in a lockfile. */
function integrityOf(file: string): string {
  return `sha512-${createHash('sha512').update(readFileSync(file)).digest('base64')}`;
}

/** How the consumer gets the kit's dependencies. */
export type Source = { kind: 'cache' } | { kind: 'tarballs'; tarballs: Map<string, { file: string; integrity: string }> };

/**
 * Writes the consumer's package.json and package-lock.json: the kit from its tarball, the kit's
 * dependencies and @types/node as the repository has them. With `cache`, entries keep their
 * registry integrity and npm finds them in its cache; with `tarballs`, each points at a local
 * tarball packed from the repository's node_modules.
 */
export function writeConsumer(dir: string, kit: { file: string; name: string; version: string; dependencies: Record<string, string> }, devDependencies: Record<string, string>, entries: Map<string, LockEntry>, source: Source): void {
  writeProject(dir, { name: 'kit-consumer', dependencies: { [kit.name]: `file:${kit.file}` }, devDependencies }, entries, source, {
    [`node_modules/${kit.name}`]: { version: kit.version, resolved: `file:${kit.file}`, integrity: integrityOf(join(dir, kit.file)), dependencies: kit.dependencies },
  });
}

/**
 * Writes a project's package.json (`manifest`, with any other fields it carries) and its
 * package-lock.json: the repository's lockfile `entries`, from the cache or from local tarballs
 * (`source`, as for writeConsumer), plus `extra` entries as given.
 */
export function writeProject(dir: string, manifest: { name: string; dependencies: Record<string, string>; devDependencies?: Record<string, string>; [field: string]: unknown }, entries: Map<string, LockEntry>, source: Source, extra: Record<string, unknown> = {}): void {
  const devDependencies = manifest.devDependencies ?? {};
  const { name, ...fields } = manifest;
  const rootEntry = { name, version: '1.0.0', private: true, type: 'module', ...fields };
  const packages: Record<string, unknown> = {
    '': { name: rootEntry.name, version: rootEntry.version, dependencies: rootEntry.dependencies, devDependencies },
    ...extra,
  };
  const devTops = new Set(Object.keys(devDependencies).map((name) => `node_modules/${name}`));
  for (const [path, entry] of entries) {
    const { dev: _dev, peer: _peer, devOptional: _devOptional, resolved: _resolved, ...rest } = entry;
    const local = source.kind === 'tarballs' ? source.tarballs.get(path) : undefined;
    if (source.kind === 'tarballs' && local === undefined) throw new Error(`no tarball packed for ${path}`);
    packages[path] = {
      ...rest,
      ...(local !== undefined ? { resolved: `file:${local.file}`, integrity: local.integrity } : {}),
      // Only what the project's devDependencies alone bring in is dev.
      ...(devTops.has(path) ? { dev: true } : {}),
    };
  }
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(rootEntry, null, 2)}\n`);
  writeFileSync(join(dir, 'package-lock.json'), `${JSON.stringify({ name: rootEntry.name, version: rootEntry.version, lockfileVersion: 3, requires: true, packages }, null, 2)}\n`);
}

/**
 * Packs each needed package from the repository's node_modules into `dir/deps`, in one npm
 * call, for a machine whose npm cache does not hold them. Scripts are not run.
 */
export async function packFromNodeModules(dir: string, entries: Map<string, LockEntry>): Promise<Map<string, { file: string; integrity: string }>> {
  const deps = join(dir, 'deps');
  mkdirSync(deps, { recursive: true });
  const paths = [...entries.keys()];
  const packed = await npm(['pack', '--ignore-scripts', '--json', '--pack-destination', deps, ...paths.map((p) => join(ROOT, p))], { cwd: dir, timeoutMs: 300_000 });
  if (packed.code !== 0) throw new Error(`npm pack of the dependencies failed:\n${packed.stderr}`);
  const results = JSON.parse(packed.stdout) as { filename: string; integrity: string }[];
  if (results.length !== paths.length) throw new Error(`npm pack made ${results.length} tarballs for ${paths.length} packages`);
  return new Map(paths.map((path, i) => {
    const result = results[i] as { filename: string; integrity: string };
    return [path, { file: `deps/${result.filename}`, integrity: result.integrity }];
  }));
}
