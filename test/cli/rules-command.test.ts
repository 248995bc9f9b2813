// `glance rules`: the shapes of docs/cli.md, "Per-app rules", exit 2 for a wrong rule or a missing
// option, the confirmation of `reset` (spawned, with a real standard input), `providers` showing
// each usable descriptor's rule, a damaged file (exit 9, its bytes kept) and the modes of what it
// writes. Most cases run the command in process through main(), as bin/glance.js does.
import { spawn } from 'node:child_process';
import { chmod, mkdir, readFile, realpath, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../app/cli/main.js';
import { createOs } from '../../app/os/index.js';
import { makeProvidersDir } from '../helpers/providers-dir.js';
import { startTestProvider, type TestProvider } from '../helpers/test-provider.js';
import { requireBuild } from '../provider/helpers.js';

let dir: Awaited<ReturnType<typeof makeProvidersDir>>;
const os = createOs();

/** Runs one command in process with the test's environment, as `glance` would. */
async function runGlance(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await main(args, { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t), env }, { os });
  return { code, stdout, stderr };
}
let provider: TestProvider;
const rulesFile = () => join(dir.home, 'rules.json');

/** Runs glance with `input` on its standard input (or with it closed at once). */
function runWithInput(args: string[], input: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['bin/glance.js', ...args], { env: dir.env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => void (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => void (stderr += c.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

beforeAll(async () => {
  requireBuild();
  dir = await makeProvidersDir();
  provider = await startTestProvider(dir.dir);
});
afterAll(async () => {
  await provider.process.stop();
  await dir.cleanup();
});
beforeEach(async () => {
  await runGlance(['rules', 'reset', '--yes'], dir.env);
});

describe('glance rules', () => {
  it('sets, excludes, lists and removes, in the shapes of docs/cli.md, "Per-app rules"', async () => {
    expect(await runGlance(['rules'], dir.env)).toMatchObject({ code: 0, stdout: expect.stringMatching(/^No rules: every app is asked/) });
    expect(await runGlance(['rules', 'set', 'org.example.Notes', 'never'], dir.env)).toMatchObject({ code: 0 });
    expect(await runGlance(['rules', 'exclude', 'com.example.Mail', '--role', 'Row', '--subrole', 'comment'], dir.env)).toMatchObject({
      code: 0, stdout: 'com.example.Mail: leaves out every Row with subrole "comment" on every collection\n',
    });
    expect(await runGlance(['rules', 'exclude', 'com.example.Mail', '--role', 'Row', '--subrole', 'comment'], dir.env)).toMatchObject({ stdout: expect.stringContaining('already left out') });
    expect(await runGlance(['rules', 'set', 'com.example.Mail', 'local'], dir.env)).toMatchObject({ code: 0 });
    expect(JSON.parse((await runGlance(['rules', '--json'], dir.env)).stdout)).toEqual({
      rules: [
        { bundleId: 'com.example.Mail', rule: 'local', exclusions: [{ role: 'Row', subrole: 'comment' }] },
        { bundleId: 'org.example.Notes', rule: 'never', exclusions: [] },
      ],
    });
    expect((await runGlance(['rules'], dir.env)).stdout).toBe(
      'com.example.Mail: local (its context goes only to a model on this machine); leaves out every Row with subrole "comment"\n' +
      'org.example.Notes: never (never asked)\n',
    );
    expect(await runGlance(['rules', 'remove', 'org.example.Notes'], dir.env)).toMatchObject({ code: 0, stdout: expect.stringContaining('removed') });
    expect(await runGlance(['rules', 'remove', 'org.example.Notes'], dir.env)).toMatchObject({ code: 0, stdout: 'org.example.Notes had no rule; nothing was changed\n' });
  });

  it('keeps a consent to read an app through Accessibility beside its rule and exclusions, and forgets it with ask', async () => {
    await runGlance(['rules', 'exclude', 'com.example.Mail', '--role', 'Row'], dir.env);
    expect(await runGlance(['rules', 'accessibility', 'com.example.Mail', 'always'], dir.env)).toMatchObject({
      code: 0, stdout: 'com.example.Mail: Accessibility always (without a provider, read through Accessibility without asking)\n',
    });
    await runGlance(['rules', 'set', 'com.example.Mail', 'local'], dir.env);
    expect(JSON.parse((await runGlance(['rules', '--json'], dir.env)).stdout)).toEqual({
      rules: [{ bundleId: 'com.example.Mail', rule: 'local', exclusions: [{ role: 'Row' }], accessibility: 'always' }],
    });
    expect((await runGlance(['rules'], dir.env)).stdout).toBe(
      'com.example.Mail: local (its context goes only to a model on this machine); leaves out every Row; Accessibility: always (without a provider, read through Accessibility without asking)\n',
    );
    await runGlance(['rules', 'accessibility', 'com.example.Mail', 'ask'], dir.env);
    expect(JSON.parse(await readFile(rulesFile(), 'utf8'))).toEqual({ version: 1, rules: [{ bundleId: 'com.example.Mail', rule: 'local', exclusions: [{ role: 'Row' }] }] });
  });

  it('keys an interpreter\'s consent by the program it runs (its real path), refuses "always" for the name alone, and shows an old one as not counting', async () => {
    const script = join(dir.home, 'notes.py');
    await writeFile(script, 'print(1)\n');
    const real = await realpath(script);
    expect(await runGlance(['rules', 'accessibility', 'python3.11', 'always', '--program', script], dir.env)).toMatchObject({
      code: 0, stdout: `${real} (run by python3.11): Accessibility always (without a provider, read through Accessibility without asking)\n`,
    });
    expect(JSON.parse((await runGlance(['rules', '--json'], dir.env)).stdout)).toEqual({
      rules: [{ bundleId: 'python3.11', rule: 'allow', exclusions: [], programs: [{ path: real, accessibility: 'always' }] }],
    });
    const alone = await runGlance(['rules', 'accessibility', 'python3.11', 'always'], dir.env);
    expect(alone.code).toBe(2);
    expect(alone.stderr).toContain('python3.11 is an interpreter\'s name and runs many programs, so "always" must name one: add --program PATH');
    expect(await runGlance(['rules', 'accessibility', 'python3.11', 'never'], dir.env)).toMatchObject({
      code: 0, stdout: 'python3.11: Accessibility never (never read through Accessibility, nor any other program python3.11 runs)\n',
    });
    expect((await runGlance(['rules'], dir.env)).stdout).toBe(
      `python3.11: allow (asked on your hotkey); Accessibility: never (not read through Accessibility, nor any other program python3.11 runs); Accessibility for ${real} (run by python3.11): always (without a provider, read through Accessibility without asking) (an interpreter's name: it applies to every program python3.11 runs)\n`,
    );
    // As an older Glance wrote it: loaded, listed, and said not to count.
    await writeFile(rulesFile(), JSON.stringify({ version: 1, rules: [{ bundleId: 'node', rule: 'allow', exclusions: [], accessibility: 'always' }] }));
    expect((await runGlance(['rules'], dir.env)).stdout).toContain('node: allow (asked on your hotkey); Accessibility: always, which no longer counts (node runs many programs and an "always" names one: `glance rules accessibility node always --program PATH`)');
  });

  it.each([
    [['rules', 'accessibility', 'com.example.Mail', 'always', '--program', '/usr/bin/notes.py'], /--program names a program an interpreter runs, and com.example.Mail is not an interpreter's name/],
    [['rules', 'accessibility', 'com.example.Mail', 'sometimes'], /the choice is one of ask, always, never/],
    [['rules', 'accessibility'], /give the app's bundle id/],
    [['rules', 'set', 'org.example.Notes', 'sometimes'], /the rule is one of allow, never, local/],
    [['rules', 'set', 'org.example.Notes'], /the rule is one of allow, never, local/],
    [['rules', 'set'], /give the app's bundle id/],
    [['rules', 'exclude', 'org.example.Notes'], /give --role R, --subrole S or both/],
    [['rules', 'exclude', 'org.example.Notes', '--role', 'Banana'], /--role is one of Application, Window/],
    [['rules', 'exclude', 'org.example.Notes', '--color', 'red'], /"--color" is not an option of rules exclude/],
    [['rules', 'remove'], /give the app's bundle id/],
    [['rules', 'frobnicate'], /"frobnicate" is not a rules command/],
    [['rules', 'set', ' padded ', 'never'], /is not a bundle id/],
  ])('refuses %j with exit 2', async (args, message) => {
    const run = await runGlance(args, dir.env);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('reset without a terminal removes nothing, whatever is piped in, unless --yes says so (exit 2)', async () => {
    await runGlance(['rules', 'set', 'org.example.Notes', 'never'], dir.env);
    for (const input of ['n\n', '', 'yes\n']) {
      const run = await runWithInput(['rules', 'reset'], input);
      expect(run).toMatchObject({ code: 2, stdout: '', stderr: 'glance: rules reset: nothing was changed; without a terminal to ask on, add --yes to go ahead\n' });
    }
    expect(JSON.parse((await runGlance(['rules', '--json'], dir.env)).stdout).rules).toHaveLength(1);
    expect(await runGlance(['rules', 'reset', '--yes'], dir.env)).toMatchObject({ code: 0, stdout: 'All 1 rule was removed.\n' });
    expect(JSON.parse((await runGlance(['rules', '--json'], dir.env)).stdout).rules).toEqual([]);
  });

  it('writes the folder 0700 (tightening a looser one) and the file 0600', async () => {
    await mkdir(dir.home, { recursive: true });
    await chmod(dir.home, 0o755);
    await runGlance(['rules', 'set', 'org.example.Notes', 'never'], dir.env);
    expect((await stat(dir.home)).mode & 0o777).toBe(0o700);
    expect((await stat(rulesFile())).mode & 0o777).toBe(0o600);
  });
});

describe('glance providers', () => {
  it('shows each usable descriptor\'s rule', async () => {
    const row = async () => (JSON.parse((await runGlance(['providers', '--json'], dir.env)).stdout) as { descriptors: { pid?: number; rule?: string }[] }).descriptors.find((d) => d.pid === provider.pid);
    expect(await row()).toMatchObject({ verdict: 'usable', bundleId: 'node', rule: 'allow' });
    await runGlance(['rules', 'set', 'node', 'local'], dir.env);
    expect(await row()).toMatchObject({ rule: 'local' });
    expect((await runGlance(['providers'], dir.env)).stdout).toContain('rule: local');
  });
});

describe('a damaged rules file', () => {
  it('is exit 9 with the notice for listing and for changes, and its bytes stay', async () => {
    await mkdir(dir.home, { recursive: true });
    await writeFile(rulesFile(), 'not json at all');
    for (const args of [['rules'], ['rules', 'set', 'a.b', 'never'], ['rules', 'exclude', 'a.b', '--role', 'Row'], ['rules', 'remove', 'a.b']]) {
      const run = await runGlance(args, dir.env);
      expect(run.code).toBe(9);
      expect(run.stderr).toContain('is damaged (it is not valid JSON)');
    }
    expect(await readFile(rulesFile(), 'utf8')).toBe('not json at all');
    const providers = await runGlance(['providers', '--json'], dir.env);
    expect(providers.stderr).toContain('is damaged');
    expect(JSON.parse(providers.stdout).descriptors.find((d: { pid?: number }) => d.pid === provider.pid)).toMatchObject({ rule: 'damaged' });
  });
});
