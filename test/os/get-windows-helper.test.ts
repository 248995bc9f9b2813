// get-windows' macOS helper, run by Glance itself. In the packaged app
// get-windows computes its helper's path inside app.asar, which only Electron's CommonJS
// execFile wrapper can run (the ESM import never installs it: spawn ENOTDIR), and it sets no
// time limit. So on macOS the OS service moves that path to app.asar.unpacked (where
// electron-builder.yml unpacks the helper) and runs it through the project's own tool runner
// (runTool, provider/kit/src/platform/run-tool.ts) with its time limit and get-windows' no-permission options, reading its
// JSON as get-windows does. Real processes, the real runner: stand-in executables at the
// rewritten path play the helper (the Swift binary runs only on a Mac), laid out like Glance.app.
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOs } from '../../app/os/index.js';
import { runTool } from '@app-context/provider-kit/platform';
import { getWindowsHelperPath, NO_PERMISSION_ARGS, unpackedPath } from '../../app/os/get-windows-helper.js';

const OTHER_PID = process.ppid; // a real, live process that is not us
let base = '';
/** Where get-windows computes its helper in the packaged app: inside the archive. */
let inArchive = '';
/** Where electron-builder unpacked it, and where the stand-in lives. */
let unpacked = '';

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'glance-helper-'));
  const resources = join(base, 'Glance.app', 'Contents', 'Resources');
  await mkdir(resources, { recursive: true });
  // As in a real app bundle, app.asar is one file: nothing can be executed "inside" it.
  await writeFile(join(resources, 'app.asar'), 'asar archive stand-in');
  inArchive = join(resources, 'app.asar', 'node_modules', 'get-windows', 'main');
  unpacked = join(resources, 'app.asar.unpacked', 'node_modules', 'get-windows', 'main');
  await mkdir(dirname(unpacked), { recursive: true });
});
afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

/** Puts a shell script at the unpacked helper's place; it records its arguments beside itself. */
async function helper(body: string): Promise<void> {
  await writeFile(unpacked, `#!/bin/sh\nprintf '%s\\n' "$@" > "$(dirname "$0")/args.txt"\n${body}\n`);
  await chmod(unpacked, 0o755);
}

/** The darwin OS service with the helper where get-windows would compute it in the packaged app. */
function darwinOs(timeoutMs = 2000, ownPid = process.pid) {
  return createOs({ getWindowsHelper: inArchive, toolTimeoutMs: timeoutMs, ownPid }, 'darwin');
}

describe("get-windows' helper, run from app.asar.unpacked", () => {
  it('moves a path inside an asar archive to the unpacked folder, and leaves other paths alone', () => {
    expect(unpackedPath('/Applications/Glance.app/Contents/Resources/app.asar/node_modules/get-windows/main')).toBe(
      '/Applications/Glance.app/Contents/Resources/app.asar.unpacked/node_modules/get-windows/main',
    );
    expect(unpackedPath(unpacked)).toBe(unpacked);
    expect(unpackedPath('/work/glance/node_modules/get-windows/main')).toBe('/work/glance/node_modules/get-windows/main');
  });

  it("finds the helper where get-windows' lib/macos.js does: `main` beside its lib folder", async () => {
    const path = getWindowsHelperPath();
    expect(path).toBe(resolve('node_modules/get-windows/main'));
    expect(existsSync(path)).toBe(true);
    // get-windows' own computation, read from its source, so a moved helper breaks this test.
    const source = await readFile('node_modules/get-windows/lib/macos.js', 'utf8');
    expect(source).toContain("path.join(__dirname, '../main')");
    for (const arg of NO_PERMISSION_ARGS) expect(source).toContain(`'${arg}'`);
  });

  it('the path inside the archive cannot be run at all: this is why it is rewritten', async () => {
    await helper(`echo null`);
    expect(await runTool(inArchive, [], { timeoutMs: 2000 })).toMatchObject({ kind: 'error', message: expect.stringMatching(/ENOTDIR/) });
  });

  it('runs the unpacked helper with the no-permission options and reads its answer', async () => {
    await helper(
      `printf '%s' '{"platform":"macos","title":"","id":42,"bounds":{"x":0,"y":0,"width":300,"height":400},"owner":{"name":"Calculator","processId":${OTHER_PID},"bundleId":"com.apple.calculator","path":"/System/Applications/Calculator.app"},"memoryUsage":0}'`,
    );
    expect(await darwinOs().frontApp()).toEqual({ ok: true, app: { pid: OTHER_PID, bundleId: 'com.apple.calculator', name: 'Calculator' } });
    expect((await readFile(join(dirname(unpacked), 'args.txt'), 'utf8')).trim().split('\n')).toEqual([...NO_PERMISSION_ARGS]);
  });

  it('"null" (no app with a window is active) cannot tell, in words without --pid for the panel', async () => {
    await helper(`echo null`);
    const front = await darwinOs().frontApp();
    expect(front).toMatchObject({ ok: false, cause: 'no app with a window is active', reason: expect.stringMatching(/--pid/) });
  });

  it('a helper past the time limit is killed and the answer says so', async () => {
    // The helper notes its pid, then becomes a long sleep under that same pid.
    await helper(`echo $$ > "$(dirname "$0")/pid.txt"\nexec sleep 30`);
    const front = await darwinOs(300).frontApp();
    expect(front).toMatchObject({ ok: false, cause: "get-windows' helper did not answer within 300 ms" });
    const pid = Number(await readFile(join(dirname(unpacked), 'pid.txt'), 'utf8'));
    expect(pid).toBeGreaterThan(0);
    // Killed, not left running: the runner ends it with SIGKILL when the limit passes.
    expect(() => process.kill(pid, 0)).toThrow(/ESRCH/);
  });

  it('an answer it cannot read, and a failing helper, are reasons too, never a crash', async () => {
    await helper(`echo 'not json'`);
    expect(await darwinOs().frontApp()).toMatchObject({ ok: false, cause: "get-windows' helper gave an answer Glance cannot read" });
    await helper(`echo 'get-windows requires the accessibility permission'\nexit 1`);
    expect(await darwinOs().frontApp()).toMatchObject({ ok: false, cause: expect.stringMatching(/^get-windows' helper failed \(exit 1\)/) });
  });

  it('Glance itself in front is its own result, not a failure to tell', async () => {
    await helper(`printf '%s' '{"owner":{"name":"Glance","processId":${process.pid},"bundleId":"io.appcontext.glance"}}'`);
    expect(await darwinOs().frontApp()).toMatchObject({ ok: false, glanceInFront: true });
  });
});
