// The kit's declarations with the newest TypeScript and the oldest the kit supports, in a
// project made as docs/providers.md says: `npm init -y`, the doc's install lines, `tsc --init`.
// Offline from the packed kit: the tarball unpacked into the project's node_modules, and what
// the doc's install line and the kit depend on linked from the repository's node_modules (the
// two compilers are its devDependencies `typescript-7` and `typescript-5.4`, so `npm ci` brings
// them), which holds on a machine whose npm cache is empty. Both compilers in one file, each
// checking every installed declaration file (`--skipLibCheck false`): a file using every entry
// of the kit compiles with the tsconfig `tsc --init` wrote (TypeScript 5.4's is CommonJS with
// the old node resolution, which finds the declarations through the package's `types` and
// `typesVersions`), and the doc's example with the doc's own tsconfig (and with TypeScript 7's
// generated one; its top-level `await` needs an ES module config, which 5.4's is not).
// Both compile with the doc's own compile line (`npx tsc --outDir out`), and the output must be
// where the doc's `node out/provider.js` looks with either tsconfig: `tsc --init`'s names no outDir.
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../helpers/run.js';
import { npm } from './consumer-project.js';

const ROOT = resolve('.');
const KIT = join(ROOT, 'provider/kit');
const DOC = readFileSync(join(ROOT, 'docs/providers.md'), 'utf8');

/** The fenced block of `lang` right after the `<!-- name:` marker in docs/providers.md. */
function docBlock(name: string, lang: string): string {
  const at = DOC.indexOf(`<!-- ${name}:`);
  if (at < 0) throw new Error(`docs/providers.md has no ${name} marker`);
  // The closing fence alone on its line, as Markdown needs it (test/docs/fences.test.ts).
  const block = new RegExp(`\`\`\`${lang}\\n([\\s\\S]*?)\\n\`\`\`(?=\\n|$)`).exec(DOC.slice(at));
  if (block?.[1] === undefined) throw new Error(`no \`\`\`${lang} block after the ${name} marker`);
  return `${block[1]}\n`;
}

/** The packages the doc's install line names, and the other commands of that block. */
function installLines(): { packages: string[]; others: string[][] } {
  const lines = docBlock('kit-install', 'sh').trim().split('\n').map((l) => l.trim().split(/\s+/));
  const install = lines.find((l) => l.slice(0, 3).join(' ') === 'npm install --save-dev');
  if (install === undefined) throw new Error('the kit-install block has no `npm install --save-dev` line');
  return { packages: install.slice(3), others: lines.filter((l) => l !== install) };
}

const COMPILERS = [
  { version: '7.0.2', folder: 'typescript-7', generatedModule: 'nodenext', exampleWithGenerated: true },
  { version: '5.4.5', folder: 'typescript-5.4', generatedModule: 'commonjs', exampleWithGenerated: false },
] as const;

/** Every entry of the kit, its types and its values, without top-level `await` (CommonJS cannot have it). */
const DECLARATIONS = `import { createIdMinter, PROTOCOL_VERSION, startProvider, type Element, type ProviderOptions, type RunningProvider } from '@app-context/provider-kit';
import { readAnswer } from '@app-context/provider-kit/protocol';
import { providersFolder } from '@app-context/provider-kit/platform';
import type { TestingHooks } from '@app-context/provider-kit/testing';
const ids = createIdMinter();
const root: Element = { id: ids.idFor({}, 'app'), role: 'Application', title: 'Declarations' };
const options: ProviderOptions = { name: 'Declarations', version: '1.0.0', current: () => root };
export function start(): Promise<RunningProvider> { return startProvider(options); }
export const facts = { PROTOCOL_VERSION, folder: providersFolder(), reader: typeof readAnswer };
export type Hooks = TestingHooks;
`;

const base = realpathSync(mkdtempSync(join(tmpdir(), 'glance-kit-compilers-')));
let tarball = '';

beforeAll(async () => {
  const packed = await npm(['pack', '--ignore-scripts', '--json', '--pack-destination', base], { cwd: KIT, timeoutMs: 180_000 });
  expect(packed.code, packed.stderr).toBe(0);
  const [info] = JSON.parse(packed.stdout.slice(packed.stdout.indexOf('['))) as { filename: string }[];
  if (info === undefined) throw new Error('npm pack reported no tarball');
  tarball = join(base, info.filename);
}, 200_000);

afterAll(() => {
  rmSync(base, { recursive: true, force: true });
});

/** Links node_modules/NAME of the project to the repository's node_modules/FROM. */
function link(dir: string, name: string, from = name): void {
  const at = join(dir, 'node_modules', name);
  mkdirSync(dirname(at), { recursive: true });
  symlinkSync(join(ROOT, 'node_modules', from), at, 'dir');
}

/** A project as the doc makes one, with the kit installed and `tsc --init` run by `tsc`. */
async function makeProject(name: string, tsc: string, compiler: string): Promise<string> {
  const dir = join(base, name);
  mkdirSync(dir);
  const init = await npm(['init', '-y'], { cwd: dir });
  expect(init.code, init.stderr).toBe(0);
  const { packages, others } = installLines();
  expect(packages.sort()).toEqual(['@types/node', 'typescript']);
  for (const command of others) {
    expect(command[0]).toBe('npm');
    const ran = await npm(command.slice(1), { cwd: dir });
    expect(ran.code, ran.stderr).toBe(0);
  }
  // What `npm install` of the tarball and of the install line leaves, without the network.
  mkdirSync(join(dir, 'node_modules/@app-context/provider-kit'), { recursive: true });
  const untar = await run('tar', ['-xzf', tarball, '-C', join(dir, 'node_modules/@app-context/provider-kit'), '--strip-components=1'], { cwd: dir });
  expect(untar.code, untar.stderr).toBe(0);
  const kitManifest = JSON.parse(readFileSync(join(KIT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  for (const dep of Object.keys(kitManifest.dependencies)) link(dir, dep);
  link(dir, '@types/node');
  link(dir, 'typescript', compiler);
  const generated = await run(process.execPath, [tsc, '--init'], { cwd: dir });
  expect(generated.code, generated.stdout + generated.stderr).toBe(0);
  writeFileSync(join(dir, 'declarations.ts'), DECLARATIONS);
  return dir;
}

/**
 * The arguments the doc's compile line gives `npx tsc` (`--outDir out`: the same place with the
 * doc's tsconfig and with `tsc --init`'s, which names no outDir).
 */
function compileArgs(): string[] {
  const line = docBlock('kit-run', 'sh').split('\n').find((l) => l.startsWith('npx tsc'));
  if (line === undefined) throw new Error('the kit-run block has no `npx tsc` line');
  return line.trim().split(/\s+/).slice(2);
}

/**
 * Compiles the project as the doc's compile line does, with every declaration file checked; the
 * compiler's output, empty when clean.
 */
async function compile(dir: string, tsc: string, libCheck = true): Promise<{ code: number; output: string }> {
  const ran = await run(process.execPath, [tsc, '-p', 'tsconfig.json', ...compileArgs(), ...(libCheck ? ['--skipLibCheck', 'false'] : [])], { cwd: dir, timeoutMs: 180_000 });
  return { code: ran.code, output: ran.stdout + ran.stderr };
}

describe('the packed kit with the newest and the oldest TypeScript it supports', () => {
  it('leaves the repository\'s own tsc the one npm scripts run', () => {
    // All three packages have a `tsc` bin; `npm ci` links the repository's own (it sorts first),
    // and a build with another compiler would pass or fail for the wrong reason.
    expect(realpathSync(join(ROOT, 'node_modules/.bin/tsc'))).toBe(realpathSync(join(ROOT, 'node_modules/typescript/bin/tsc')));
  });

  it('compiles against every declaration with tsc --init\'s own tsconfig, and the doc example with the doc\'s', async () => {
    const started = performance.now();
    for (const compiler of COMPILERS) {
      const tsc = join(ROOT, 'node_modules', compiler.folder, 'bin/tsc');
      const version = await run(process.execPath, [tsc, '--version'], { cwd: ROOT });
      expect(version.stdout).toContain(compiler.version);

      const dir = await makeProject(`project-${compiler.folder}`, tsc, compiler.folder);
      expect(readFileSync(join(dir, 'tsconfig.json'), 'utf8')).toContain(`"module": "${compiler.generatedModule}"`);
      if (compiler.exampleWithGenerated) writeFileSync(join(dir, 'provider.ts'), docBlock('kit-example', 'ts'));
      const generated = await compile(dir, tsc);
      expect(generated.output, `TypeScript ${compiler.version}, tsconfig from tsc --init`).toBe('');
      expect(generated.code).toBe(0);
      // Where the doc's `node out/provider.js` looks, though this tsconfig names no outDir.
      if (compiler.exampleWithGenerated) {
        expect(readFileSync(join(dir, 'out/provider.js'), 'utf8')).toContain('startProvider');
        rmSync(join(dir, 'out'), { recursive: true });
      }

      writeFileSync(join(dir, 'provider.ts'), docBlock('kit-example', 'ts'));
      writeFileSync(join(dir, 'tsconfig.json'), docBlock('kit-tsconfig', 'json'));
      const documented = await compile(dir, tsc);
      expect(documented.output, `TypeScript ${compiler.version}, the doc's tsconfig`).toBe('');
      expect(documented.code).toBe(0);
      expect(readFileSync(join(dir, 'out/provider.js'), 'utf8')).toContain('startProvider');
    }
    // The wall time of both compilers, for the CI budget (docs/benchmarks.md).
    console.info(`kit-compilers: both compilers in ${Math.round(performance.now() - started)} ms`);
  }, 400_000);
});
