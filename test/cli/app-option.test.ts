// `--app NAME|BUNDLE-ID` wherever --pid is taken, against the built `glance` and real providers:
// one match is used, several are listed with their pids (exit 2), none is said (exit 3);
// `location` finds the instance itself when one provider runs for the pid; a process id that
// is not running is said the same way by `current` and `check-provider`.
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runGlance } from '../helpers/cli.js';
import { makeProvidersDir } from '../helpers/providers-dir.js';
import { expectNoToken, startTestProvider, type TestProvider } from '../helpers/test-provider.js';

let folder: Awaited<ReturnType<typeof makeProvidersDir>>;
let notes: TestProvider;
const twins: TestProvider[] = [];
let deadPid = 0;
const outputs: string[] = [];

beforeAll(async () => {
  folder = await makeProvidersDir();
  notes = await startTestProvider(folder.dir, { TP_NAME: 'Field Notes' });
  twins.push(await startTestProvider(folder.dir, { TP_NAME: 'Twin Pad' }), await startTestProvider(folder.dir, { TP_NAME: 'Twin Pad' }));
  const gone = spawn(process.execPath, ['-e', '0']);
  deadPid = gone.pid ?? 0;
  await new Promise((resolve) => gone.on('exit', resolve));
}, 60_000);

afterAll(async () => {
  for (const p of [notes, ...twins]) await p.process.stop();
  for (const p of [notes, ...twins]) expectNoToken(p.descriptor.token, p.process.output(), ...outputs);
  await folder.cleanup();
});

async function glance(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const ran = await runGlance(args, folder.env, 60_000);
  outputs.push(ran.stdout, ran.stderr);
  return ran;
}

describe('--app', () => {
  it('current, check-provider and ask find the one process of the app by its name, in any case', async () => {
    const current = await glance(['current', '--app', 'field notes', '--json']);
    expect(current.code).toBe(0);
    expect((JSON.parse(current.stdout) as { provider: { pid: number } }).provider.pid).toBe(notes.pid);

    const check = await glance(['check-provider', '--app', 'Field Notes']);
    expect(check.stdout).toContain(`Checking process ${notes.pid}: Field Notes`);

    const ask = await glance(['ask', 'what is this?', '--app', 'Field Notes', '--json']);
    expect(ask.code).toBe(0);
    expect(ask.stdout).toContain(`"pid":${notes.pid}`);
  }, 120_000);

  it('location finds the instance itself when one provider runs for the process', async () => {
    const current = JSON.parse((await glance(['current', '--pid', String(notes.pid), '--json'])).stdout) as { answer: { root: { id: string } } };
    const byApp = await glance(['location', current.answer.root.id, '--app', 'Field Notes', '--json']);
    const byPid = await glance(['location', current.answer.root.id, '--pid', String(notes.pid), '--instance', notes.descriptor.instance, '--json']);
    expect(byPid.code).toBe(0);
    expect(byApp.code).toBe(0);
    expect(JSON.parse(byApp.stdout)).toEqual(JSON.parse(byPid.stdout));
  }, 120_000);

  it('several matching processes are listed with their pids, and none is chosen (exit 2)', async () => {
    const ran = await glance(['current', '--app', 'Twin Pad', '--json']);
    expect(ran.code).toBe(2);
    const error = (JSON.parse(ran.stdout) as { error: { code: number; message: string } }).error;
    expect(error.code).toBe(2);
    expect(error.message).toMatch(/^current: --app "Twin Pad" matches 2 running processes: /);
    for (const twin of twins) expect(error.message).toContain(`pid ${twin.pid})`);
    expect(error.message).toMatch(/name one with --pid N$/);

    // The OS's own name for a process: every provider here runs as `node` (and glance itself is never counted).
    const byProcessName = await glance(['check-provider', '--app', 'node']);
    expect(byProcessName.code).toBe(2);
    expect(byProcessName.stderr).toMatch(/^glance: check-provider: --app "node" matches \d+ running processes: /);
  }, 120_000);

  it('an app that is not running is said so (exit 3), and --app with --pid is a usage error', async () => {
    const none = await glance(['location', 'x', '--app', 'No Such App Here']);
    expect(none.code).toBe(3);
    expect(none.stderr).toBe('glance: no running app has the bundle id or name "No Such App Here". `glance providers` lists the apps with a provider; --pid N names any process.\n');

    const both = await glance(['current', '--app', 'Field Notes', '--pid', String(notes.pid)]);
    expect(both.code).toBe(2);
    expect(both.stderr).toBe('glance: current: give --pid N or --app NAME, not both\n');
  }, 60_000);
});

describe('a process id that is not running', () => {
  it('current and check-provider say the same sentence and exit 3', async () => {
    const current = await glance(['current', '--pid', String(deadPid)]);
    const check = await glance(['check-provider', '--pid', String(deadPid)]);
    expect(current.code).toBe(3);
    expect(check.code).toBe(3);
    expect(current.stderr).toBe(`glance: no process ${deadPid} is running (it quit, or the process id is not the app's); \`glance providers\` lists the apps with a provider.\n`);
    expect(check.stderr).toBe(current.stderr);
  }, 60_000);
});
