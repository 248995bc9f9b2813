// The Linux bundle-id rule of docs/protocol.md, "Bundle identifiers", on real processes where we
// can (the desktop file variables, the executable) and on a directory laid out like /proc for a
// Flatpak, then one laid out by a hostile process (a FIFO, a link to a procfs file, an
// environment too large), which must not hold or flood the host.
import { execFile, execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createOs } from '../../app/os/index.js';
import { desktopFileId, exeName, parseEnviron, parseFlatpakInfo } from '@app-context/provider-kit/platform';
import { killStarted, startAndRead } from './processes.js';

const linux = process.platform === 'linux';
const nodeName = basename(realpathSync(process.execPath));
const desktop = '/usr/share/applications/org.example.Notes.desktop';

afterEach(killStarted);

/** A node process started through `env` by a shell that execs, so GIO_LAUNCHED_DESKTOP_FILE_PID=$$ is its pid. */
function startWithDesktopFile(pidExpression: string) {
  const script = `exec env GIO_LAUNCHED_DESKTOP_FILE=${desktop} GIO_LAUNCHED_DESKTOP_FILE_PID=${pidExpression} "$0" -e 'console.log(process.pid);setTimeout(()=>{},60000)'`;
  return startAndRead('/bin/sh', ['-c', script, process.execPath]);
}

describe.runIf(linux)('bundleId on Linux, real processes', () => {
  const os = createOs();

  it('is the desktop file id when GLib launched this very process', async () => {
    const { pid, line } = await startWithDesktopFile('$$');
    expect(Number(line)).toBe(pid);
    expect(await os.bundleId(pid)).toBe('org.example.Notes');
  });

  it('is the executable name when the desktop file was inherited from another pid', async () => {
    const { pid } = await startWithDesktopFile('1');
    expect(await os.bundleId(pid)).toBe(nodeName);
  });

  it('is the executable name for our own process and undefined for no process', async () => {
    expect(await os.bundleId(process.pid)).toBe(nodeName);
    expect(await os.bundleId(0)).toBeUndefined();
    expect(await os.bundleId(2 ** 30)).toBeUndefined();
  });
});

describe('bundleId on Linux, a /proc laid out in a temporary directory', () => {
  let root = '';
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'glance-proc-'));
    // 4242: a Flatpak app that GLib also launched from a desktop file: the Flatpak id wins.
    await mkdir(join(root, '4242', 'root'), { recursive: true });
    await writeFile(join(root, '4242', 'root', '.flatpak-info'), '[Application]\nname=org.gnome.Maps\nruntime=runtime/org.gnome.Platform/x86_64/46\n\n[Instance]\ninstance-id=1\n');
    await writeFile(join(root, '4242', 'environ'), `GIO_LAUNCHED_DESKTOP_FILE=${desktop}\0GIO_LAUNCHED_DESKTOP_FILE_PID=4242\0`);
    await symlink('/app/bin/gnome-maps', join(root, '4242', 'exe'));
    // 5151: no Flatpak, no desktop file, a binary replaced by an upgrade while running.
    await mkdir(join(root, '5151', 'root'), { recursive: true });
    await writeFile(join(root, '5151', 'environ'), 'PATH=/usr/bin\0');
    await symlink('/usr/bin/gedit (deleted)', join(root, '5151', 'exe'));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('takes the Flatpak application id first', async () => {
    expect(await createOs({ procRoot: root }, 'linux').bundleId(4242)).toBe('org.gnome.Maps');
  });

  it('takes the executable name without " (deleted)" last', async () => {
    expect(await createOs({ procRoot: root }, 'linux').bundleId(5151)).toBe('gedit');
  });

  it('is undefined for a pid with nothing to read', async () => {
    expect(await createOs({ procRoot: root }, 'linux').bundleId(6161)).toBeUndefined();
  });
});

/**
 * The kit's linuxBundleId run in a process of its own (its reads are synchronous: a read that
 * blocks would hold this test's process for good), with a bound on the run, not a wait.
 */
function bundleIdInChild(pid: number, procRoot: string): Promise<{ answer?: string; error?: string }> {
  const script = `const { linuxBundleId } = await import('@app-context/provider-kit/platform'); console.log(JSON.stringify(await linuxBundleId(${pid}, ${JSON.stringify(procRoot)}) ?? null));`;
  return new Promise((resolve) => {
    execFile(process.execPath, ['--input-type=module', '-e', script], { cwd: process.cwd(), timeout: 10_000, killSignal: 'SIGKILL' }, (error, stdout) => {
      resolve(error ? { error: error.killed ? 'killed after 10 s' : error.message } : { answer: JSON.parse(stdout) as string });
    });
  });
}

describe.runIf(linux)('bundleId on Linux, a /proc laid out by a hostile process', () => {
  let root = '';
  const pidDir = async (pid: number, exe: string): Promise<string> => {
    await mkdir(join(root, String(pid), 'root'), { recursive: true });
    await symlink(exe, join(root, String(pid), 'exe'));
    return join(root, String(pid));
  };
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'glance-proc-hostile-'));
    // A process in a mount namespace of its own lays out its root: /.flatpak-info a FIFO, or a link to a procfs file.
    execFileSync('mkfifo', [join(await pidDir(7171, '/usr/bin/piped'), 'root', '.flatpak-info')]);
    await symlink('/proc/self/pagemap', join(await pidDir(7272, '/usr/bin/mapped'), 'root', '.flatpak-info'));
    // An environment past the cap: the desktop file it names is not taken, the executable is.
    const big = `GIO_LAUNCHED_DESKTOP_FILE=${desktop}\0GIO_LAUNCHED_DESKTOP_FILE_PID=7373\0X=${'y'.repeat(3 * 1024 * 1024)}\0`;
    await writeFile(join(await pidDir(7373, '/usr/bin/roomy'), 'environ'), big);
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('answers with the executable name, at once, for a FIFO or a link to a procfs file as /.flatpak-info, and an oversized environment', async () => {
    const answers = await Promise.all([7171, 7272, 7373].map((pid) => bundleIdInChild(pid, root)));
    expect(answers).toEqual([{ answer: 'piped' }, { answer: 'mapped' }, { answer: 'roomy' }]);
  });
});

describe('the Linux rule, piece by piece', () => {
  it('reads name= of [Application] only', () => {
    expect(parseFlatpakInfo('[Instance]\nname=wrong\n[Application]\n# c\nname = org.x.Y \n')).toBe('org.x.Y');
    expect(parseFlatpakInfo('[Runtime]\nname=org.gnome.Platform\n')).toBeUndefined();
    expect(parseFlatpakInfo('[Application]\nname[de]=x\n')).toBeUndefined();
  });

  it('matches the desktop file to the pid and strips the extension', () => {
    const env = parseEnviron(`A=1\0GIO_LAUNCHED_DESKTOP_FILE=/x/org.a.B.desktop\0GIO_LAUNCHED_DESKTOP_FILE_PID=10\0`);
    expect(desktopFileId(env, 10)).toBe('org.a.B');
    expect(desktopFileId(env, 11)).toBeUndefined();
    expect(desktopFileId(parseEnviron('GIO_LAUNCHED_DESKTOP_FILE_PID=10\0'), 10)).toBeUndefined();
  });

  it('names the executable', () => {
    expect(exeName('/usr/lib/firefox/firefox')).toBe('firefox');
    expect(exeName('/usr/bin/node (deleted)')).toBe('node');
  });
});
