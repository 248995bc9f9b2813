// A password manager is not read through Accessibility unless the user says so
// (contract/password-managers.ts): `glance current --accessibility` for one refuses with Glance's
// reason, not "your choice", and names the command that stores the user's own `always`. Real
// processes Linux names as password managers: a copy of `sleep` called `keepassxc` (a process
// without a desktop file is named by its executable), and node launched from KeePassXC's desktop
// id; the built command, run as a user runs it, with the rules in a GLANCE_HOME of the test's own.
import { chmod, copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnAsApp } from '../helpers/bundle-id.js';
import { runGlance } from '../helpers/cli.js';
import { makeProvidersDir } from '../helpers/providers-dir.js';
import { spawnProcess, type Spawned } from '../helpers/spawn.js';
import { requireBuild } from '../provider/helpers.js';

const REFUSED = 9;
let dir: Awaited<ReturnType<typeof makeProvidersDir>>;
let scratch = '';
let copied: Spawned;
let launched: Spawned;

/** The command between backticks in the refusal, as the words a shell would pass. */
function advised(line: string): string[] {
  const command = /`(glance rules accessibility [^`]* always)`/.exec(line)?.[1];
  expect(command, line).toBeDefined();
  return (command ?? '').split(' ').slice(1);
}

describe.runIf(process.platform === 'linux')('a password manager through Accessibility', () => {
  beforeAll(async () => {
    requireBuild();
    dir = await makeProvidersDir();
    scratch = await mkdtemp(join(tmpdir(), 'glance-password-manager-'));
    await copyFile('/bin/sleep', join(scratch, 'keepassxc'));
    await chmod(join(scratch, 'keepassxc'), 0o755);
    copied = spawnProcess(join(scratch, 'keepassxc'), ['600'], dir.env);
    await writeFile(join(scratch, 'idle.mjs'), 'setInterval(() => {}, 60_000);\n');
    launched = spawnAsApp('org.keepassxc.KeePassXC', join(scratch, 'idle.mjs'), dir.env);
  });

  afterAll(async () => {
    await copied?.stop();
    await launched?.stop();
    await dir?.cleanup();
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });

  it("refuses with --accessibility as Glance's default, not the user's choice, until the user's own `always`", async () => {
    const pid = String(copied.pid);
    const refused = await runGlance(['current', '--pid', pid, '--accessibility', '--timeout', '3000'], dir.env);
    expect(refused.code, refused.stderr).toBe(REFUSED);
    expect(refused.stderr).toContain("Glance doesn't read password managers such as keepassxc through Accessibility: their windows hold your passwords; no context was collected");
    expect(refused.stderr).not.toMatch(/your choice|you chose/i);
    expect(advised(refused.stderr)).toEqual(['rules', 'accessibility', 'keepassxc', 'always']);
    // Setting it back to `ask` says what `ask` means for a password manager.
    const ask = await runGlance(['rules', 'accessibility', 'keepassxc', 'ask'], dir.env);
    expect(ask.stdout).toBe("keepassxc: Accessibility ask (a password manager, which Glance doesn't read through Accessibility unless you choose always)\n");
    // The advice, followed word for word: the user's own `always` reads it (here the read itself finds no window).
    expect((await runGlance(advised(refused.stderr), dir.env)).code).toBe(0);
    const after = await runGlance(['current', '--pid', pid, '--timeout', '3000'], dir.env);
    expect(after.stderr).not.toContain('password managers');
    expect(after.code).not.toBe(REFUSED);
  });

  it('names a password manager by the desktop id it was launched from', async () => {
    const refused = await runGlance(['current', '--pid', String(launched.pid), '--accessibility', '--timeout', '3000'], dir.env);
    expect(refused.code, refused.stderr).toBe(REFUSED);
    expect(refused.stderr).toContain('such as org.keepassxc.KeePassXC through Accessibility: their windows hold your passwords');
    expect(advised(refused.stderr)).toEqual(['rules', 'accessibility', 'org.keepassxc.KeePassXC', 'always']);
  });
});
