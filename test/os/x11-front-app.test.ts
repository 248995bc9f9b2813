// The front app on Linux under X11, for real: Xvfb, a real X client that becomes the active
// window the way a window manager marks it, the real get-windows (xprop, xwininfo), and the
// `glance current` command without --pid collecting from the provider that owns the window.
// CI installs xvfb, x11-utils and python3-xlib (.ci/run); elsewhere the test says it is skipped.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createOs } from '../../app/os/index.js';
import { runGlance } from '../helpers/cli.js';
import { makeProvidersDir } from '../helpers/providers-dir.js';
import { spawnProcess, type Spawned } from '../helpers/spawn.js';
import { startTestProvider, expectNoToken, type TestProvider } from '../helpers/test-provider.js';

const HAVE_X11 = existsSync('/usr/bin/Xvfb') && existsSync('/usr/bin/xprop') && existsSync('/usr/lib/python3/dist-packages/Xlib');
// In CI the tools are installed on purpose: a missing one is a failure, not a skip.
const RUN = HAVE_X11 || process.env['CI'] === 'true';

let xvfb: ChildProcess | undefined;
let display = '';
let folder: Awaited<ReturnType<typeof makeProvidersDir>>;
const windows: Spawned[] = [];
const providers: TestProvider[] = [];

/** Maps a window whose _NET_WM_PID is `pid` ("none": unset) and makes it the active window. */
async function activate(pid: number | 'none'): Promise<void> {
  const window = spawnProcess('/usr/bin/python3', ['test/os/fixtures/x11-window.py', String(pid)], { ...process.env, DISPLAY: display });
  windows.push(window);
  await window.waitFor(/ready/);
}

describe.runIf(RUN)('the front app under X11', () => {
  beforeAll(async () => {
    folder = await makeProvidersDir();
    xvfb = spawn('/usr/bin/Xvfb', ['-displayfd', '1', '-nolisten', 'tcp', '-screen', '0', '1280x800x24'], { stdio: ['ignore', 'pipe', 'ignore'] });
    display = await new Promise<string>((resolve, reject) => {
      xvfb?.stdout?.once('data', (chunk: Buffer) => resolve(`:${chunk.toString().trim()}`));
      xvfb?.once('exit', (code) => reject(new Error(`Xvfb exited (${code})`)));
    });
    // get-windows runs xprop and xwininfo with our environment.
    process.env['DISPLAY'] = display;
  });
  afterEach(async () => {
    for (const w of windows.splice(0)) await w.stop();
    for (const p of providers.splice(0)) {
      await p.process.stop();
      expectNoToken(p.descriptor.token, p.process.output());
    }
  });
  afterAll(async () => {
    xvfb?.kill('SIGTERM');
    delete process.env['DISPLAY'];
    await folder.cleanup();
  });

  it('names the process that owns the active window, with its Linux bundle id', async () => {
    const provider = await startTestProvider(folder.dir);
    providers.push(provider);
    await activate(provider.pid);
    expect(await createOs().frontApp()).toEqual({ ok: true, app: { pid: provider.pid, bundleId: 'node' } });
  });

  it('lets `glance current` collect from the front app without --pid', async () => {
    const provider = await startTestProvider(folder.dir, { TP_NAME: 'Front Notes' });
    providers.push(provider);
    await activate(provider.pid);
    const run = await runGlance(['current', '--json'], { ...folder.env, DISPLAY: display });
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ provider: { name: 'Front Notes', pid: provider.pid } });
    expectNoToken(provider.descriptor.token, run.stdout, run.stderr);
  });

  it('cannot tell for a window without _NET_WM_PID, says so and suggests --pid (exit 3)', async () => {
    await activate('none');
    const front = await createOs().frontApp();
    expect(front).toMatchObject({ ok: false, reason: expect.stringMatching(/could not tell which app is in front.*--pid/) });
    const run = await runGlance(['current'], { ...folder.env, DISPLAY: display });
    expect(run.code).toBe(3);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('never takes Glance itself for the front app', async () => {
    await activate(process.pid);
    expect(await createOs().frontApp()).toMatchObject({ ok: false, reason: expect.stringMatching(/Glance itself is in front/) });
  });
});
