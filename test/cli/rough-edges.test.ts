// The command's rough edges, against the built `glance` and real providers: a failure
// with --json is one JSON object on stdout, the words say what was typed and what is true, option
// values get a did-you-mean, a rule for an interpreter says it covers every program it runs,
// `history clear` asks as `rules reset` does, and check-provider prints each check as it ends.
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runGlance } from '../helpers/cli.js';
import { makeProvidersDir } from '../helpers/providers-dir.js';
import { spawnNode } from '../helpers/spawn.js';
import { expectNoToken, startTestProvider, type TestProvider } from '../helpers/test-provider.js';

let folder: Awaited<ReturnType<typeof makeProvidersDir>>;
/** Answers current only after a while and never answers location: one process for every case here. */
let slow: TestProvider;
let deadPid = 0;
const outputs: string[] = [];

beforeAll(async () => {
  folder = await makeProvidersDir();
  slow = await startTestProvider(folder.dir, { TP_STALL: '1', TP_SCOPE: 'location', TP_NAME: 'Slow Notes' });
  // A process id that ran and is gone: no process runs under it now.
  const gone = spawn(process.execPath, ['-e', '0']);
  deadPid = gone.pid ?? 0;
  await new Promise((resolve) => gone.on('exit', resolve));
});

afterAll(async () => {
  await slow.process.stop();
  expectNoToken(slow.descriptor.token, slow.process.output(), ...outputs);
  await folder.cleanup();
});

async function glance(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const ran = await runGlance(args, folder.env, 60_000);
  outputs.push(ran.stdout, ran.stderr);
  return ran;
}

/** The one JSON object a failing --json command prints. */
function jsonError(stdout: string): { code: number; message: string } {
  const lines = stdout.trim().split('\n');
  expect(lines).toHaveLength(1);
  return (JSON.parse(lines[0] ?? '') as { error: { code: number; message: string } }).error;
}

describe('--json on failure', () => {
  it('current, location and check-provider print one error object with the exit status and the sentence', async () => {
    const current = await glance(['current', '--pid', String(deadPid), '--json']);
    expect(current.code).toBe(3);
    expect(jsonError(current.stdout)).toEqual({ code: 3, message: expect.stringMatching(new RegExp(`^no process ${deadPid} is running`)) });
    expect(current.stderr).toContain(`glance: no process ${deadPid} is running`);

    const location = await glance(['location', 'sel-1', '--pid', String(slow.pid), '--instance', slow.descriptor.instance, '--timeout', '1', '--json']);
    expect(location.code).toBe(4);
    expect(jsonError(location.stdout)).toEqual({ code: 4, message: 'Slow Notes did not answer within 1 ms' });

    const check = await glance(['check-provider', '12789', '--json']);
    expect(check.code).toBe(2);
    expect(jsonError(check.stdout)).toEqual({ code: 2, message: 'check-provider: takes no arguments besides --pid, --app, --timeout and --json; did you mean --pid 12789?' });
  });
});

describe('the words', () => {
  it('ask --pid does not speak of the app in front', async () => {
    const ask = await glance(['ask', 'what is here?', '--pid', String(deadPid), '--backend', 'offline']);
    expect(ask.code).toBe(0);
    expect(ask.stdout).toContain(`no process ${deadPid} is running`);
    expect(ask.stdout).not.toMatch(/in front/);
  });

  it('ask --pid of a live app without a provider says what to do in one sentence, and neither it nor the model hears "in front"', async () => {
    // This test's own process: alive, and publishing no descriptor.
    const ask = await glance(['ask', 'what is here?', '--pid', String(process.pid), '--backend', 'offline', '--json']);
    expect(ask.code).toBe(0);
    // This process is node running a test worker: whether one program can be named decides the sentence's end.
    expect(ask.stdout).toMatch(/to read it this once(, or `glance rules accessibility node always --program [^`]+` to allow .+ for good)?\./);
    expect(ask.stdout).not.toMatch(/\.\.(?!\.)/);
    expect(ask.stdout).not.toMatch(/in front/);
    const human = await glance(['ask', 'what is here?', '--pid', String(process.pid), '--backend', 'offline']);
    expect(human.stdout).toMatch(/No context is sent: .*(for good|this once)\.\n/);
    expect(human.stdout).not.toMatch(/good\.\./);
  });

  it('suggests the closest value of a fixed set', async () => {
    expect(await glance(['ask', 'hi', '--backend', 'antropic'])).toMatchObject({ code: 2, stderr: expect.stringContaining('not "antropic"; did you mean anthropic?') });
    // The whole line: the guess ends its sentence, and the usage is a sentence of its own.
    expect(await glance(['rules', 'set', 'org.example.App', 'nevr'])).toMatchObject({ code: 2, stderr: 'glance: rules set: the rule is one of allow, never, local, not "nevr"; did you mean never? Usage: glance rules set BUNDLE_ID allow|never|local\n' });
    expect(await glance(['rules', 'accessibility', 'org.example.App', 'alwys'])).toMatchObject({ code: 2, stderr: 'glance: rules accessibility: the choice is one of ask, always, never, not "alwys"; did you mean always? Usage: glance rules accessibility BUNDLE_ID ask|always|never [--program PATH]\n' });
    expect(await glance(['rules', 'accessibility', 'org.example.App', 'zzzzzz'])).toMatchObject({ code: 2, stderr: 'glance: rules accessibility: the choice is one of ask, always, never, not "zzzzzz". Usage: glance rules accessibility BUNDLE_ID ask|always|never [--program PATH]\n' });
  });

  it('says a rule for an interpreter applies to every program it runs', async () => {
    const set = await glance(['rules', 'set', 'python3.11', 'never']);
    expect(set.code).toBe(0);
    expect(set.stderr).toBe("glance: note: python3.11 is an interpreter's name: on Linux every program it runs without a desktop file of its own has this bundle id, so this rule applies to all of them\n");
    expect((await glance(['rules'])).stdout).toContain("python3.11: never (never asked) (an interpreter's name: it applies to every program python3.11 runs)");
    expect((await glance(['rules', 'set', 'org.example.App', 'never'])).stderr).toBe('');
    await glance(['rules', 'reset', '--yes']);
  });
});

describe('history clear', () => {
  it('follows the rule of rules reset and providers --prune: without a terminal, only --yes removes (exit 2 otherwise)', async () => {
    const asked = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, ['bin/glance.js', 'history', 'clear'], { env: folder.env });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (c: Buffer) => void (stdout += c.toString()));
      child.stderr.on('data', (c: Buffer) => void (stderr += c.toString()));
      child.on('close', (code) => resolve({ code, stdout, stderr }));
      child.stdin.end('yes\n');
    });
    expect(asked).toMatchObject({ code: 2, stdout: '', stderr: 'glance: history clear: nothing was removed; without a terminal to ask on, add --yes to go ahead\n' });
    expect(await glance(['history', 'clear', '--yes'])).toMatchObject({ code: 0, stdout: '0 receipts and every kept payload removed.\n' });
  });
});

describe('check-provider', () => {
  it('prints each check as it finishes, into a pipe too: current passed while location still waits', async () => {
    const child = spawnNode('bin/glance.js', ['check-provider', '--pid', String(slow.pid), '--timeout', '8000'], folder.env);
    try {
      // The provider never answers location, so the command cannot end before its 8 s limit;
      // the lines before it are on the pipe by then.
      await child.waitFor(/pass {2}current-tree/, 60_000);
      expect(child.child.exitCode).toBe(null);
      expect(child.output()).not.toMatch(/location-known-id/);
      const exited = await child.exited;
      expect(exited.code).toBe(7);
      expect(child.output()).toMatch(/FAIL {2}location-unknown-id: .*no answer within the time limit of 8 s/);
    } finally {
      outputs.push(child.output());
      await child.stop();
    }
  }, 90_000);
});
