/**
 * One real provider process for the benchmark: the configurable test provider serving a tree
 * of a given size from a file, publishing into a folder of its own (so discovery there sees
 * exactly one descriptor).
 */
import { spawn } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Descriptor } from '@app-context/provider-kit/protocol';
import { distFile } from './paths.js';
import { makeTree } from './tree.js';

/** A running provider and what the bench needs to reach it. */
export interface BenchProvider {
  elements: number;
  pid: number;
  dir: string;
  env: NodeJS.ProcessEnv;
  descriptor: Descriptor;
  stop: () => Promise<void>;
}

/** A fresh providers folder with mode 0700 below a temporary base; `remove` deletes the base. */
export async function makeFolder(prefix: string): Promise<{ dir: string; remove: () => Promise<void> }> {
  const base = await mkdtemp(join(tmpdir(), prefix));
  const dir = join(base, 'providers');
  await mkdir(dir, { mode: 0o700 });
  await chmod(dir, 0o700);
  return { dir, remove: () => rm(base, { recursive: true, force: true }) };
}

/** Starts the compiled configurable provider with a tree of `elements` elements. */
export async function startProvider(elements: number): Promise<BenchProvider> {
  const folder = await makeFolder(`glance-bench-${elements}-`);
  const treeFile = join(folder.dir, '..', 'tree.json');
  await writeFile(treeFile, JSON.stringify(makeTree(elements)));
  const env = { ...process.env, APP_CONTEXT_PROVIDERS_DIR: folder.dir, TP_TREE_FILE: treeFile, TP_NAME: 'Bench Editor' };
  // GLANCE_BENCH_NODE: another node to run the provider with. On macOS the test of the bench
  // passes one inside a stand-in app, since a bare node has no bundle id for the host to confirm.
  const node = process.env['GLANCE_BENCH_NODE'] ?? process.execPath;
  const child = spawn(node, [distFile('provider/testing/configurable.js')], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the bench provider did not start:\n${output}`)), 15_000);
    const onData = (chunk: Buffer): void => {
      output += chunk.toString('utf8');
      if (/is providing context/.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then(() => reject(new Error(`the bench provider exited:\n${output}`)));
  });
  const pid = child.pid ?? -1;
  const name = (await readdir(folder.dir)).find((f) => f.endsWith(`.${pid}.json`));
  if (name === undefined) throw new Error(`the bench provider published no descriptor in ${folder.dir}`);
  const descriptor = JSON.parse(await readFile(join(folder.dir, name), 'utf8')) as Descriptor;
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
      await exited;
      clearTimeout(timer);
    }
    await folder.remove();
  };
  return { elements, pid, dir: folder.dir, env, descriptor, stop };
}
