import { readdir, readFile, realpath } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { runCheckProvider } from '../../app/cli/check-provider.js';
import { EXIT, UsageError } from '../../app/cli/exit-codes.js';
import type { CheckResult } from '../../app/check/types.js';
import { createOs } from '../../app/os/index.js';
import { makeProvidersDir } from '../helpers/providers-dir.js';
import { spawnNode, type Spawned } from '../helpers/spawn.js';

const BROKEN_PROVIDER = 'test/fixtures/broken/provider.mjs';

/** A provider process with its own providers folder, and its token (read as a host would). */
export interface RunningFixture {
  pid: number;
  dir: string;
  env: NodeJS.ProcessEnv;
  token: string;
  process: Spawned;
  stop: () => Promise<void>;
}

/** The environment for a child: the folder, and no desktop-launch variables that would change its bundle id. */
function childEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { GIO_LAUNCHED_DESKTOP_FILE: _file, GIO_LAUNCHED_DESKTOP_FILE_PID: _pid, ...rest } = env;
  return rest;
}

/** Starts `node script ...args` in a fresh providers folder and waits until it has published. */
export async function startProvider(script: string, args: string[], ready: RegExp, extraEnv: NodeJS.ProcessEnv = {}): Promise<RunningFixture> {
  const folder = await makeProvidersDir();
  const env = childEnv({ ...folder.env, ...extraEnv });
  const child = spawnNode(script, args, env);
  try {
    await child.waitFor(ready, 15_000);
  } catch (error) {
    await child.stop();
    await folder.cleanup();
    throw error;
  }
  return {
    pid: child.pid, dir: folder.dir, env, process: child, token: await readToken(folder.dir),
    stop: async () => {
      await child.stop();
      await folder.cleanup();
    },
  };
}

/** Stops each fixture a test keeps when the test ends, passed or not. */
export function stopAfterEach(): { keep: (fixture: RunningFixture) => RunningFixture } {
  const kept: RunningFixture[] = [];
  afterEach(async () => {
    for (const fixture of kept.splice(0)) await fixture.stop();
  });
  return {
    keep: (fixture) => {
      kept.push(fixture);
      return fixture;
    },
  };
}

/** Starts the broken provider with one fault (test/fixtures/broken/provider.mjs). */
export function startBroken(fault: string): Promise<RunningFixture> {
  return startProvider(BROKEN_PROVIDER, [fault], /^ready$/m);
}

/** The token from the one descriptor in the folder, following a link if the fixture made one. */
async function readToken(dir: string): Promise<string> {
  const [file] = (await readdir(dir)).filter((f) => f.endsWith('.json'));
  if (file === undefined) throw new Error('the provider published no descriptor');
  const json = JSON.parse(await readFile(await realpath(join(dir, file)), 'utf8')) as { token: string };
  return json.token;
}

/** What one run of check-provider printed and returned. */
export interface CheckRun {
  code: number;
  stdout: string;
  stderr: string;
  checks: CheckResult[];
  /** Shortcut: the check of that name. */
  check: (name: string) => CheckResult | undefined;
}

/**
 * Runs `check-provider` in-process with a capturing io, handling a usage error as main does
 * (exit 2, one line on stderr).
 */
export async function runCheck(argv: string[], env: NodeJS.ProcessEnv): Promise<CheckRun> {
  let stdout = '';
  let stderr = '';
  const io = { stdout: (t: string) => void (stdout += t), stderr: (t: string) => void (stderr += t), env };
  let code: number;
  try {
    code = await runCheckProvider(argv, io, { os: createOs() });
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    stderr += `glance: ${error.message}\n`;
    code = EXIT.usage;
  }
  const checks = argv.includes('--json') && stdout !== '' ? (JSON.parse(stdout) as { checks: CheckResult[] }).checks : [];
  return { code, stdout, stderr, checks, check: (name) => checks.find((c) => c.name === name) };
}

/**
 * check-provider --pid N --json against a running fixture. The time limit is raised to 4 s
 * unless a test sets it: a 2-core machine running other suites in parallel can take longer
 * than 1.5 s to answer, and only the tests about the limit should depend on it.
 */
export function checkFixture(p: RunningFixture, extra: string[] = []): Promise<CheckRun> {
  const limit = extra.includes('--timeout') ? [] : ['--timeout', '4000'];
  return runCheck(['--pid', String(p.pid), '--json', ...limit, ...extra], p.env);
}
