// `glance providers --prune`, run as a user runs it, on real files with real modes and real
// processes: the user's own descriptors whose process is gone are listed and removed (after a
// y on a terminal, or with --yes); a descriptor whose process runs, another user's file, a link
// (and what it points to, outside the folder), a folder and a file naming no process stay.
import { spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runGlance } from '../helpers/cli.js';
import { run } from '../helpers/run.js';

const asRoot = process.getuid?.() === 0;
const hasPython = spawnSync('python3', ['-c', 'import pty'], { stdio: 'ignore' }).status === 0;
const PTY = resolve('test/fixtures/pty-run.py');

let deadPid = 0;
beforeAll(async () => {
  // A real process that has ended: its pid is what a crashed provider leaves in its descriptor.
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((done) => child.on('exit', done));
  deadPid = child.pid ?? 0;
  expect(deadPid).toBeGreaterThan(0);
});

const bases: string[] = [];
afterEach(() => {
  for (const base of bases.splice(0)) rmSync(base, { recursive: true, force: true });
});

interface Layout {
  base: string;
  folder: string;
  env: NodeJS.ProcessEnv;
  stale: string[];
  /** Every entry that must survive, with the target of the link. */
  survivors: string[];
}

const descriptor = (pid: number, name: string) => `${JSON.stringify({ protocol: '0.2.0', bundleId: `com.example.${name}`, name, version: '1', pid, instance: 'i1', endpoint: 'http://127.0.0.1:9/x', token: 't'.repeat(43) })}\n`;

function layout(): Layout {
  const base = mkdtempSync(join(tmpdir(), 'glance-prune-'));
  bases.push(base);
  const folder = join(base, 'providers');
  mkdirSync(folder, { mode: 0o700 });
  const put = (file: string, text: string): string => {
    writeFileSync(join(folder, file), text, { mode: 0o600 });
    return file;
  };
  const stale = [put(`com.example.Old.${deadPid}.json`, descriptor(deadPid, 'Old')), put(`crashed.${deadPid}.json`, '{"protocol":"0.2.')];
  const survivors = [
    put(`com.example.Live.${process.pid}.json`, descriptor(process.pid, 'Live')),
    put('notes.json', '{}'),
  ];
  // A link to a stale-looking descriptor outside the folder: neither is touched.
  writeFileSync(join(base, `outside.${deadPid}.json`), descriptor(deadPid, 'Outside'), { mode: 0o600 });
  symlinkSync(join(base, `outside.${deadPid}.json`), join(folder, `linked.${deadPid}.json`));
  survivors.push(`linked.${deadPid}.json`, `../outside.${deadPid}.json`);
  mkdirSync(join(folder, `dir.${deadPid}.json`));
  survivors.push(`dir.${deadPid}.json`);
  if (asRoot) {
    survivors.push(put(`com.example.Theirs.${deadPid}.json`, descriptor(deadPid, 'Theirs')));
    chownSync(join(folder, `com.example.Theirs.${deadPid}.json`), 4321, 4321);
  }
  const env = { ...process.env, APP_CONTEXT_PROVIDERS_DIR: folder, GLANCE_HOME: join(base, 'home') };
  return { base, folder, env, stale, survivors };
}

const exists = (l: Layout, file: string): boolean => {
  try {
    lstatSync(join(l.folder, file));
    return true;
  } catch {
    return false;
  }
};

describe('glance providers --prune', () => {
  it('without a terminal and without --yes lists the stale descriptors, removes nothing, and says to add --yes (exit 2)', async () => {
    const l = layout();
    const result = await runGlance(['providers', '--prune'], l.env);
    expect(result.code).toBe(2);
    for (const file of l.stale) expect(result.stdout).toContain(file);
    expect(result.stdout).toContain(`Old (com.example.Old, pid ${deadPid})`);
    expect(result.stdout).toContain(`linked.${deadPid}.json: a symbolic link (not followed)`);
    expect(result.stdout).not.toContain(`com.example.Live.${process.pid}.json`);
    expect(result.stderr).toBe('glance: providers: nothing removed; to remove 2 stale descriptors without a terminal to ask on, add --yes\n');
    for (const file of [...l.stale, ...l.survivors]) expect(exists(l, file), file).toBe(true);
    // Never the token, not even of a stale descriptor.
    expect(result.stdout + result.stderr).not.toContain('t'.repeat(43));
  });

  it('with --yes removes exactly the user\'s descriptors whose process is gone', async () => {
    const l = layout();
    const result = await runGlance(['providers', '--prune', '--yes', '--json'], l.env);
    expect(result.code).toBe(0);
    const printed = JSON.parse(result.stdout) as { stale: { file: string; pid: number }[]; removed: string[]; kept: { file: string; reason: string }[] };
    expect(printed.stale.map((s) => s.file).sort()).toEqual([...l.stale].sort());
    expect(printed.removed.sort()).toEqual([...l.stale].sort());
    expect(printed.kept.map((k) => k.file).sort()).toEqual([
      ...(asRoot ? [`com.example.Theirs.${deadPid}.json`] : []), `dir.${deadPid}.json`, `linked.${deadPid}.json`, 'notes.json',
    ].sort());
    for (const file of l.stale) expect(exists(l, file), file).toBe(false);
    for (const file of l.survivors) expect(exists(l, file), file).toBe(true);
    expect(readdirSync(l.folder).sort()).toEqual(l.survivors.filter((f) => !f.startsWith('../')).sort());
    expect(existsSync(join(l.base, `outside.${deadPid}.json`))).toBe(true);
  });

  it("removes a helper's descriptor once its helper is gone, though the app runs, and keeps one whose app and helper run", async () => {
    const l = layout();
    const helperDescriptor = (helperPid: number, name: string): string => `${JSON.stringify({ ...(JSON.parse(descriptor(process.pid, name)) as object), helperPid })}\n`;
    const gone = `com.example.Browser.${process.pid}.${deadPid}.json`;
    const running = `com.example.Browser.${process.pid}.${process.ppid}.json`;
    writeFileSync(join(l.folder, gone), helperDescriptor(deadPid, 'Browser'), { mode: 0o600 });
    writeFileSync(join(l.folder, running), helperDescriptor(process.ppid, 'Browser'), { mode: 0o600 });
    const result = await runGlance(['providers', '--prune', '--yes', '--json'], l.env);
    expect(result.code).toBe(0);
    const printed = JSON.parse(result.stdout) as { stale: { file: string }[]; removed: string[] };
    expect(printed.stale).toContainEqual({ file: gone, pid: process.pid, helperPid: deadPid, name: 'Browser', bundleId: 'com.example.Browser' });
    expect(printed.removed).toContain(gone);
    expect(exists(l, gone)).toBe(false);
    expect(exists(l, running)).toBe(true);
  });

  it('with nothing stale says so, exit 0', async () => {
    const l = layout();
    await runGlance(['providers', '--prune', '--yes'], l.env);
    const again = await runGlance(['providers', '--prune'], l.env);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('No stale descriptors');
  });

  it('takes --yes only with --prune', async () => {
    const l = layout();
    const result = await runGlance(['providers', '--yes'], l.env);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--yes goes with --prune/);
  });

  describe.skipIf(!hasPython)('on a terminal', () => {
    it.each([['n', 'nothing', false], ['y', 'them', true]])('asks first, and answering %s removes %s', async (answer, _what, removes) => {
      const l = layout();
      const result = await run('python3', [PTY, answer, process.execPath, resolve('bin/glance.js'), 'providers', '--prune'], { cwd: resolve('.'), env: l.env, timeoutMs: 30_000 });
      expect(result.code).toBe(0);
      expect(result.stdout).toContain('Remove 2 stale descriptors? [y/N] ');
      expect(result.stdout).toContain(removes ? 'Removed 2 of 2 stale descriptors.' : 'Nothing removed.');
      for (const file of l.stale) expect(exists(l, file), file).toBe(!removes);
      for (const file of l.survivors) expect(exists(l, file), file).toBe(true);
    });
  });
});
