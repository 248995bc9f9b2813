// The kit as an app developer gets it: `npm pack` the workspace, install the tarball into a
// project outside the repository (offline), compile the example of docs/providers.md with
// `tsc --strict` against the installed package, run it, and `glance check-provider` passes.
// The example is taken from the doc itself, so the doc cannot drift from the kit.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnNode, type Spawned } from '../helpers/spawn.js';
import { run } from '../helpers/run.js';
import { dependencyClosure, npm, packFromNodeModules, rootVersion, writeConsumer, type Source } from './consumer-project.js';

const ROOT = resolve('.');
const KIT = join(ROOT, 'provider/kit');
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');
const MARKER = '<!-- kit-example:';

/** The TypeScript block right after the kit-example marker in docs/providers.md. */
function docExample(markdown: string): string {
  const at = markdown.indexOf(MARKER);
  if (at < 0) throw new Error('docs/providers.md has no kit-example marker');
  // The closing fence alone on its line, as Markdown needs it (test/docs/fences.test.ts).
  const block = /```ts\n([\s\S]*?)\n```(?=\n|$)/.exec(markdown.slice(at));
  if (block?.[1] === undefined) throw new Error('no ```ts block after the kit-example marker');
  return `${block[1]}\n`;
}

interface Packed {
  file: string;
  name: string;
  version: string;
  files: string[];
  dependencies: Record<string, string>;
}

const base = realpathSync(mkdtempSync(join(tmpdir(), 'glance-kit-package-')));
let packed: Packed;

beforeAll(async () => {
  // Packed as built (npm test builds first; the global setup builds a missing kit). Not with
  // prepack's rebuild: other test files import provider/kit/dist while this one runs.
  expect(existsSync(join(KIT, 'dist/index.js')), 'the kit is built').toBe(true);
  const result = await npm(['pack', '--ignore-scripts', '--json', '--pack-destination', base], { cwd: KIT, timeoutMs: 180_000 });
  expect(result.code, result.stderr).toBe(0);
  const [info] = JSON.parse(result.stdout.slice(result.stdout.indexOf('['))) as { filename: string; name: string; version: string; files: { path: string }[] }[];
  if (info === undefined) throw new Error('npm pack reported no tarball');
  const manifest = JSON.parse(readFileSync(join(KIT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  packed = { file: info.filename, name: info.name, version: info.version, files: info.files.map((f) => f.path), dependencies: manifest.dependencies };
}, 200_000);

afterAll(() => {
  rmSync(base, { recursive: true, force: true });
});

describe('the packed kit', () => {
  it('holds the built code with its declarations, and depends on the MCP SDK and zod only', () => {
    expect(packed.name).toBe('@app-context/provider-kit');
    expect(packed.files).toEqual(expect.arrayContaining(['package.json', 'README.md', 'dist/index.js', 'dist/index.d.ts', 'dist/protocol/index.js', 'dist/protocol/index.d.ts', 'dist/platform/index.d.ts']));
    // Nothing but the build, the manifest and the readme: no sources, tests or config.
    expect(packed.files.filter((f) => !/^dist\/.*\.(js|d\.ts)$/.test(f) && f !== 'package.json' && f !== 'README.md')).toEqual([]);
    expect(Object.keys(packed.dependencies).sort()).toEqual(['@modelcontextprotocol/sdk', 'zod']);
  });
});

/**
 * A consumer project in a folder of its own, with the tarball copied in, installed with
 * `npm ci --offline`: from the npm cache, where the repository's own `npm ci` left every
 * tarball, and when the cache lacks one (ENOTCACHED), from tarballs packed out of the
 * repository's node_modules. Returns where the dependencies came from.
 */
async function install(name: string, env: NodeJS.ProcessEnv = process.env): Promise<{ dir: string; source: Source['kind'] }> {
  const dir = join(base, name);
  mkdirSync(dir);
  writeFileSync(join(dir, packed.file), readFileSync(join(base, packed.file)));
  const entries = dependencyClosure([...Object.keys(packed.dependencies), '@types/node']);
  const devDependencies = { '@types/node': rootVersion('@types/node') };
  const ci = () => npm(['ci', '--offline', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: dir, env, timeoutMs: 300_000 });
  writeConsumer(dir, packed, devDependencies, entries, { kind: 'cache' });
  const fromCache = await ci();
  if (fromCache.code === 0) return { dir, source: 'cache' };
  if (!fromCache.stderr.includes('ENOTCACHED')) throw new Error(`npm ci --offline failed in ${dir}:\n${fromCache.stderr}`);
  writeConsumer(dir, packed, devDependencies, entries, { kind: 'tarballs', tarballs: await packFromNodeModules(dir, entries) });
  const fromTarballs = await ci();
  if (fromTarballs.code !== 0) throw new Error(`npm ci --offline from packed node_modules failed in ${dir}:\n${fromTarballs.stderr}`);
  return { dir, source: 'tarballs' };
}

/**
 * Compiles the doc's example in the project with `tsc --strict`, runs it, and checks it with
 * glance. The installed declaration files themselves (the kit's, the SDK's, zod's) are
 * type-checked by kit-compilers.test.ts, with the oldest and the newest TypeScript the kit supports.
 */
async function compileRunCheck(dir: string): Promise<void> {
  writeFileSync(join(dir, 'provider.ts'), docExample(readFileSync(join(ROOT, 'docs/providers.md'), 'utf8')));
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({
    compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', types: ['node'], outDir: 'out', skipLibCheck: true },
    files: ['provider.ts'],
  }));
  const tsc = await run(process.execPath, [TSC, '-p', 'tsconfig.json', '--strict'], { cwd: dir });
  expect(tsc.stdout + tsc.stderr).toBe('');
  expect(tsc.code).toBe(0);

  const providers = join(dir, 'providers');
  const env: NodeJS.ProcessEnv = { ...process.env, APP_CONTEXT_PROVIDERS_DIR: providers, GLANCE_HOME: join(dir, 'glance-home') };
  delete env['GIO_LAUNCHED_DESKTOP_FILE'];
  delete env['GIO_LAUNCHED_DESKTOP_FILE_PID'];
  let provider: Spawned | undefined;
  try {
    provider = spawnNode(join(dir, 'out/provider.js'), [], { ...env });
    const ready = await provider.waitFor(/is providing context \(pid (\d+)\)/, 15_000);
    expect(ready[1]).toBe(String(provider.pid));
    const check = await run(process.execPath, [join(ROOT, 'bin/glance.js'), 'check-provider', '--pid', String(provider.pid), '--timeout', '4000', '--json'], { cwd: dir, env });
    const checks = (JSON.parse(check.stdout) as { checks: { name: string; ok: boolean; detail?: string }[] }).checks;
    expect(checks.filter((c) => !c.ok)).toEqual([]);
    expect(check.code).toBe(0);
    expect(checks.find((c) => c.name === 'location-known-id')?.detail).toMatch(/visible, 1 rect/);
    // The example's tree is as the doc says, read by the host.
    const current = await run(process.execPath, [join(ROOT, 'bin/glance.js'), 'current', '--pid', String(provider.pid), '--timeout', '4000', '--json'], { cwd: dir, env });
    expect(current.code).toBe(0);
    const answer = JSON.parse(current.stdout) as { provider: { name: string }; warnings: string[] };
    expect(answer.provider.name).toBe('Field Notes');
    expect(answer.warnings).toEqual([]);
    // No problem was found in the example's own tree.
    expect(provider.output()).not.toMatch(/problem/);
  } finally {
    await provider?.stop();
  }
  // The kit removed its descriptor when the process ended.
  expect(readdirSync(providers).filter((f) => f.endsWith('.json'))).toEqual([]);
}

describe('an app outside the repository', () => {
  it('installs the tarball offline, compiles the doc example with tsc --strict, runs it, and check-provider passes', async () => {
    const { dir } = await install('app');
    expect(existsSync(join(dir, 'node_modules/@app-context/provider-kit/dist/index.d.ts'))).toBe(true);
    await compileRunCheck(dir);
  }, 300_000);

  it('installs offline with an empty npm cache too, from the repository\'s node_modules', async () => {
    const { dir, source } = await install('app-empty-cache', { ...process.env, npm_config_cache: join(base, 'empty-cache') });
    expect(source).toBe('tarballs');
    await compileRunCheck(dir);
  }, 400_000);
});
