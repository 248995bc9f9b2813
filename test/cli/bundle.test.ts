// The command as users run it (bin/glance.js) is a few bundled files (bin/vite.config.mts): every
// other CLI test runs it. This one checks what a command loads, file by file, since that is what
// it costs to start (docs/benchmarks.md, "The command"): `--version` reads one small file, and
// `current` reads the command's bundle, through the code cache the build wrote, and nothing of
// the model SDKs, secretlint or the MCP SDK, and nothing from node_modules; a lazily loaded
// command still works from its own chunk.
import { execFile, execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../app/cli/main.js';
import { versionLine } from '../../app/cli/version.js';
import { useProviderSuite } from '../helpers/provider-suite.js';

const suite = useProviderSuite();
const RECORDER = resolve('test/cli/fixtures/record-loads.mjs');
const CJS_RECORDER = resolve('test/cli/fixtures/record-loads.cjs');
let scratch = '';
beforeAll(async () => { scratch = await mkdtemp(join(tmpdir(), 'glance-bundle-')); });
afterAll(async () => { await rm(scratch, { recursive: true, force: true }); });

/** Runs the bin with the load recorder; returns its output and the repository files it loaded. */
async function loads(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; stdout: string; stderr: string; files: string[] }> {
  const record = join(scratch, `loads-${Math.random().toString(36).slice(2)}.txt`);
  const run = await new Promise<{ code: number; stdout: string; stderr: string }>((done) => {
    execFile(process.execPath, ['--import', RECORDER, '--require', CJS_RECORDER, 'bin/glance.js', ...args], { env: { ...env, GLANCE_TEST_LOADS: record }, timeout: 20_000 }, (error, stdout, stderr) => {
      done({ code: error ? Number((error as { code?: unknown }).code ?? 1) : 0, stdout, stderr });
    });
  });
  const lines = (await readFile(record, 'utf8').catch(() => '')).split('\n').filter((l) => l !== '');
  const files = [...new Set(lines.map((url) => relative(resolve('.'), fileURLToPath(url))))].filter((f) => !f.startsWith('test/'));
  return { ...run, files: files.sort() };
}

describe('the bundled command', () => {
  it('--version reads one small file (and the bundler\'s 2 KB of helpers) and prints what main prints', async () => {
    const run = await loads(['--version'], suite.env());
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(versionLine());
    let inProcess = '';
    expect(await main(['--version'], { stdout: (t) => { inProcess += t; }, stderr: () => undefined, env: {} })).toBe(0);
    expect(run.stdout).toBe(inProcess);
    expect(run.files).toEqual(['bin/glance.js', 'dist/cli/rolldown-runtime.cjs', 'dist/cli/version.cjs']);
  });

  it('current loads the command\'s bundle only: no other chunk, nothing from node_modules', async () => {
    const p = await suite.start();
    const run = await loads(['current', '--pid', String(p.pid), '--json'], suite.env());
    suite.outputs.push(run.stdout, run.stderr);
    expect(run.code).toBe(0);
    expect((JSON.parse(run.stdout) as { answer: { instance: string } }).answer.instance).toBe(p.descriptor.instance);
    expect(run.files).toEqual(['bin/code-cache.js', 'bin/glance.js', 'dist/cli/glance.cjs', 'dist/cli/rolldown-runtime.cjs', 'dist/cli/version.cjs']);
  });

  it('the build\'s code cache is the bundle\'s own, and V8 takes it', () => {
    const probe = 'const { load } = require("./bin/code-cache.js"); process.stdout.write(load(require("node:path").resolve("dist/cli/glance.cjs")).state);';
    expect(execFileSync(process.execPath, ['-e', probe], { encoding: 'utf8' })).toBe('used');
  });

  it('a lazily loaded command runs from its own chunk', async () => {
    const run = await loads(['rules', '--json'], suite.env());
    expect(run.code).toBe(0);
    expect(run.files).toContain('dist/cli/rules.cjs');
    expect(run.files.filter((f) => f.startsWith('node_modules/'))).toEqual([]);
  });
});
