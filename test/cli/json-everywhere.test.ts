// `--json` on every command that prints, against the built `glance`: the rules changes, history
// clear and --version print one object; every failure, browser's included, is the one error
// object; `rules set` refuses what cannot be a bundle id (an app's name).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runGlance } from '../helpers/cli.js';
import { makeProvidersDir } from '../helpers/providers-dir.js';

let folder: Awaited<ReturnType<typeof makeProvidersDir>>;

beforeAll(async () => {
  folder = await makeProvidersDir();
});

afterAll(async () => {
  await folder.cleanup();
});

async function json(args: string[]): Promise<{ code: number; value: unknown; stderr: string }> {
  const ran = await runGlance(args, folder.env, 60_000);
  const lines = ran.stdout.trim().split('\n');
  expect(lines, ran.stdout).toHaveLength(1);
  return { code: ran.code, value: JSON.parse(lines[0] ?? ''), stderr: ran.stderr };
}

describe('--json', () => {
  it('each rules change, history clear and --version print one object', async () => {
    expect(await json(['rules', 'set', 'org.example.Notes', 'never', '--json'])).toMatchObject({ code: 0, value: { bundleId: 'org.example.Notes', rule: 'never', effect: 'never asked' } });
    expect(await json(['rules', 'exclude', 'org.example.Notes', '--role', 'Row', '--json'])).toMatchObject({ code: 0, value: { bundleId: 'org.example.Notes', exclusion: { role: 'Row' }, added: true } });
    expect(await json(['rules', 'accessibility', 'org.example.Notes', 'never', '--json'])).toMatchObject({ code: 0, value: { bundleId: 'org.example.Notes', accessibility: 'never' } });
    expect(await json(['rules', 'remove', 'org.example.Notes', '--json'])).toMatchObject({ code: 0, value: { bundleId: 'org.example.Notes', removed: true } });
    expect(await json(['rules', 'reset', '--yes', '--json'])).toMatchObject({ code: 0, value: { removed: 0 } });
    expect(await json(['history', 'clear', '--yes', '--json'])).toMatchObject({ code: 0, value: { removed: 0 } });
    expect(await json(['--version', '--json'])).toMatchObject({ code: 0, value: { version: expect.stringMatching(/^\d+\.\d+\.\d+/), protocol: expect.stringMatching(/^\d+\.\d+\.\d+$/) } });
  }, 120_000);

  it('a failure is the one error object, for rules and browser as for the rest', async () => {
    const name = await json(['rules', 'set', 'Field Notes', 'never', '--json']);
    expect(name.code).toBe(2);
    expect(name.value).toEqual({ error: { code: 2, message: expect.stringMatching(/^rules set: "Field Notes" cannot be a bundle id: an app's bundle id has no spaces or slashes/) } });
    expect((await json(['rules', 'exclude', 'bin/node', '--role', 'Row', '--json'])).value).toMatchObject({ error: { code: 2, message: expect.stringContaining('cannot be a bundle id') } });
    expect((await json(['rules', 'reset', '--json'])).value).toEqual({ error: { code: 2, message: 'rules reset: nothing was changed; without a terminal to ask on, add --yes to go ahead' } });
    expect((await json(['browser', 'install', '--browser', 'netscape', '--json'])).value).toMatchObject({ error: { code: 2, message: expect.stringContaining('--browser takes') } });
    expect((await json(['browser', 'status', 'now', '--json'])).value).toMatchObject({ error: { code: 2, message: expect.stringContaining('browser status: takes only --json') } });
    expect(await runGlance(['--version', '--jsn'], folder.env)).toMatchObject({ code: 2, stdout: '', stderr: 'glance: --version takes only --json, not "--jsn"\n' });
  }, 120_000);
});
