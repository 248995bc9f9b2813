// Glance's own data files when one is not a file to read: a FIFO (which a plain read waits on
// for good: synchronously, the whole command; through the thread pool, one of its four
// threads), or far larger than any real one. Each must give way at once, with a reason, and
// leave the pool free. The rules and history are read synchronously, so they are tried through
// the built `glance` command (a read that blocks would hold this test's own process).
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHistoryStore } from '../../app/history/store.js';
import { UnreadableFileError } from '../../app/home/files.js';
import { withFileLock } from '../../app/home/lock.js';
import { createSettingsStore } from '../../app/settings/store.js';
import { requireBuild } from '../provider/helpers.js';
import { runGlance } from '../helpers/cli.js';
import { testCipher } from '../history/fixtures.js';
import { releaseFifos, within } from '../helpers/within.js';

let base = '';
let home = '';
const fifos: string[] = [];
const env = (): NodeJS.ProcessEnv => ({ ...process.env, GLANCE_HOME: home, APP_CONTEXT_PROVIDERS_DIR: join(base, 'providers') });
const fifo = (path: string): void => {
  execFileSync('mkfifo', ['-m', '600', path]);
  fifos.push(path);
};

beforeAll(() => {
  requireBuild();
});
beforeEach(async () => {
  base = await mkdtemp(join(tmpdir(), 'glance-special-files-'));
  home = join(base, 'home');
  await mkdir(home, { mode: 0o700 });
});
afterEach(async () => {
  releaseFifos(fifos.splice(0));
  await rm(base, { recursive: true, force: true });
});

describe('the rules and the history read by the command', () => {
  it('a FIFO as rules.json: `glance rules` says at once that the file is damaged, not a regular file', async () => {
    fifo(join(home, 'rules.json'));
    const run = await runGlance(['rules'], env(), 15_000);
    expect(`${run.stdout}${run.stderr}`).toContain('is damaged (it cannot be read: not a regular file)');
  });

  it('a rules.json past 64 MiB is not read at all, and says so', async () => {
    await writeFile(join(home, 'rules.json'), '');
    await truncate(join(home, 'rules.json'), 65 * 1024 * 1024); // sparse: no disk used
    const run = await runGlance(['rules'], env(), 15_000);
    expect(`${run.stdout}${run.stderr}`).toContain('is damaged (it cannot be read: larger than 64 MiB)');
  });

  it('a FIFO as history.jsonl: `glance history` fails at once, naming the file and why', async () => {
    fifo(join(home, 'history.jsonl'));
    const run = await runGlance(['history'], env(), 15_000);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toMatch(/^glance: Glance's file \S+history.jsonl cannot be read \(not a regular file\); move it away and try again\n$/);
  });
});

describe('the files read through the thread pool', () => {
  it('a FIFO as settings.json is moved aside and the defaults used; as the history lock, refused; as a kept payload, none', async () => {
    fifo(join(home, 'settings.json'));
    const loaded = await within(createSettingsStore(home).load(), 5000);
    expect(loaded).toMatchObject({ notice: { kind: 'settings-damaged', damage: { why: 'not-json' } } });
    expect((await readdir(home)).some((name) => name.startsWith('settings.damaged-'))).toBe(true);

    fifo(join(home, 'history.jsonl.lock'));
    const locked = await within(withFileLock(join(home, 'history.jsonl'), async () => 'ran').catch((error: unknown) => error), 5000);
    expect(locked).toBeInstanceOf(UnreadableFileError);
    expect((locked as Error).message).toContain('history.jsonl.lock cannot be read (not a regular file)');

    await mkdir(join(home, 'payloads'), { mode: 0o700 });
    fifo(join(home, 'payloads', '00000000000000a1.bin'));
    expect(await within(createHistoryStore({ home, cipher: testCipher() }).payload('00000000000000a1'), 5000)).toBeUndefined();

    // Nothing was left waiting on a FIFO: four reads at once still complete.
    const small = join(base, 'small.txt');
    await writeFile(small, 'small');
    expect(await within(Promise.all([0, 1, 2, 3].map(() => readFile(small, 'utf8'))), 5000)).toEqual(['small', 'small', 'small', 'small']);
  });
});
