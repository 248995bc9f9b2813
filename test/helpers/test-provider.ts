import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Descriptor } from '@app-context/provider-kit/protocol';
import { spawnNode, type Spawned } from './spawn.js';

/** A running configurable test provider (provider/testing/configurable.ts) and its descriptor. */
export interface TestProvider {
  process: Spawned;
  pid: number;
  endpoint: string;
  /** The descriptor as published (it may lie, on request); `token` is what leak checks look for. */
  descriptor: Descriptor;
  file: string;
}

/** Starts the compiled configurable provider with knobs, and waits until it has published. */
export async function startTestProvider(dir: string, knobs: Record<string, string> = {}, script = 'dist/provider/testing/configurable.js'): Promise<TestProvider> {
  const env = { ...process.env, APP_CONTEXT_PROVIDERS_DIR: dir, ...knobs };
  const spawned = spawnNode(script, [], env);
  const match = await spawned.waitFor(/\(pid (\d+), endpoint (\S+)\)/);
  const pid = Number(match[1]);
  const { descriptor, file } = await descriptorOf(dir, spawned.pid);
  return { process: spawned, pid, endpoint: match[2] as string, descriptor, file };
}

/** The descriptor file a provider process wrote (by its recommended file name). */
export async function descriptorOf(dir: string, pid: number): Promise<{ descriptor: Descriptor; file: string }> {
  const file = (await readdir(dir)).find((name) => name.endsWith(`.${pid}.json`));
  if (!file) throw new Error(`no descriptor for pid ${pid} in ${dir}`);
  return { descriptor: JSON.parse(await readFile(join(dir, file), 'utf8')) as Descriptor, file };
}

/** Everything that must never contain a token: every output we collected. */
export function expectNoToken(token: string, ...outputs: string[]): void {
  for (const output of outputs) {
    if (output.includes(token)) throw new Error('a token appeared in output');
  }
}
