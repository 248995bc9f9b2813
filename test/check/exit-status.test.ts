import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeProvidersDir } from '../helpers/providers-dir.js';
import { checkFixture, runCheck, startBroken, stopAfterEach } from './helpers.js';

const fixtures = stopAfterEach();

describe('check-provider exit statuses', () => {
  it('exits 3 when the process has no descriptor, saying where it looked', async () => {
    const folder = await makeProvidersDir();
    try {
      const run = await runCheck(['--pid', String(process.pid), '--json'], folder.env);
      expect(run.code).toBe(3);
      expect(run.stdout).toBe('');
      expect(run.stderr).toMatch(/^glance: no descriptor in .* names process \d+\. .*glance providers/);
    } finally {
      await folder.cleanup();
    }
  });

  it('exits 3 when the providers folder does not exist', async () => {
    const run = await runCheck(['--pid', '1'], { APP_CONTEXT_PROVIDERS_DIR: join('/nonexistent', String(process.pid)) });
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/cannot be read \(ENOENT\)/);
  });

  it('exits 3 for another process than the provider, with the provider running', async () => {
    const running = fixtures.keep(await startBroken('none'));
    const run = await runCheck(['--pid', String(process.pid)], running.env);
    expect(run.code).toBe(3);
  });

  it('exits 0 for a provider without location (the tool is optional) and notes it', async () => {
    const running = fixtures.keep(await startBroken('no-location'));
    const run = await checkFixture(running);
    expect(run.code).toBe(0);
    expect(run.check('location-unknown-id')?.detail).toMatch(/not offered/);
    expect(run.check('mcp-tools')?.detail).toMatch(/location is not offered/);
  });

  it('exits 0 for a descriptor with another file name, with a note recommending <bundleId>.<pid>.json', async () => {
    const running = fixtures.keep(await startBroken('odd-name'));
    const run = await checkFixture(running);
    expect(run.code).toBe(0);
    expect(run.check('file-name')).toEqual({ name: 'file-name', ok: true, detail: expect.stringMatching(/^note: the recommended name is <bundleId>\.<pid>\.json \(node\.\d+\.json\)/) });
  });

  it('exits 7 and prints FAIL lines for a person', async () => {
    const running = fixtures.keep(await startBroken('accepts-origin'));
    const run = await runCheck(['--pid', String(running.pid), '--timeout', '4000'], running.env);
    expect(run.code).toBe(7);
    expect(run.stdout).toMatch(/^ {2}FAIL {2}http-origin-with-token: answered HTTP 200; a request with an Origin header gets 403, even with the right token$/m);
    expect(run.stdout).toMatch(/^2 of \d+ checks failed\.$/m);
    expect(run.stdout).toMatch(/^Not checked, as no check from outside can show them:\n {2}- {2}the token is compared in constant time: /m);
    // Glance's own lines, each its own write: no line break shown as a mark.
    expect(run.stdout).not.toContain('\u240a');
    expect(run.stdout + run.stderr).not.toContain(running.token);
  });

  it('with --json, failed checks carry the error object every failing command prints (code 7), and passed ones none', async () => {
    const broken = fixtures.keep(await startBroken('accepts-origin'));
    const failed = await runCheck(['--pid', String(broken.pid), '--timeout', '4000', '--json'], broken.env);
    expect(failed.code).toBe(7);
    const printed = JSON.parse(failed.stdout) as { checks: unknown[]; error?: unknown };
    expect(printed.error).toEqual({ code: 7, message: `2 of ${printed.checks.length} checks failed` });
    const fine = fixtures.keep(await startBroken('no-location'));
    const passed = await runCheck(['--pid', String(fine.pid), '--timeout', '4000', '--json'], fine.env);
    expect(passed.code).toBe(0);
    expect(JSON.parse(passed.stdout)).not.toHaveProperty('error');
  });

  it.each([
    [[], /--pid N is required/],
    [['--pid', 'abc'], /--pid takes a process id/],
    [['--pid', '0'], /--pid takes a process id/],
    [['--pid', '12', 'extra'], /takes no arguments besides/],
    [['--pid', '12', '--bogus'], /check-provider: "--bogus" is not an option of check-provider; `glance check-provider --help` lists its options$/m],
    [['--pid', '12', '--timeout', '0'], /--timeout takes milliseconds/],
  ])('exits 2 for a wrong command line: %j', async (argv, message) => {
    const run = await runCheck(argv, { APP_CONTEXT_PROVIDERS_DIR: '/nonexistent' });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(message);
  });
});

describe('check-provider with two descriptors for one process', () => {
  it('fails file-single and checks the newest', async () => {
    const running = fixtures.keep(await startBroken('none'));
    const { readdir, copyFile, chmod } = await import('node:fs/promises');
    const [file] = (await readdir(running.dir)).filter((f) => f.endsWith('.json'));
    const copy = join(running.dir, `old.${running.pid}.json`);
    await copyFile(join(running.dir, file as string), copy);
    await chmod(copy, 0o600);
    const run = await checkFixture(running);
    expect(run.code).toBe(7);
    expect(run.check('file-single')).toMatchObject({ ok: false, detail: expect.stringMatching(/^2 descriptors name process \d+; .*hosts use the newest, old\.\d+\.json/) });
  });
});
