// The child-process paths with stand-in tools: small shell scripts in place of lsof, ps,
// lsappinfo and plutil, for what cannot happen here (a wedged lsof, macOS's own tools).
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDarwinOs, createLinuxOs, lsofListeners, procListeners } from '../../app/os/index.js';
import { killStarted, startListener } from './processes.js';
import { writeShellTool } from '../helpers/shell-tool.js';

let dir = '';
const tool = (name: string, body: string): Promise<string> => writeShellTool(dir, name, body);

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'glance-tools-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});
afterEach(killStarted);

describe('lsof as a child process', () => {
  it('is called with exactly the lookup arguments, no shell', async () => {
    const lsof = await tool('lsof-args', `printf '%s\\n' "$@" > "${dir}/args"; exit 1`);
    expect(await lsofListeners(8080, { lsofPath: lsof })).toEqual({ ok: true, sockets: [] });
    expect((await readFile(join(dir, 'args'), 'utf8')).trim().split('\n')).toEqual(['-nP', '-iTCP:8080', '-sTCP:LISTEN', '-Fpnt']);
  });

  it.runIf(process.platform === 'linux')('without a path given, the system lsof answers, never an lsof first on PATH', async () => {
    // A PATH entry that says someone else listens: the fallback of the connect-time check must not ask it.
    const first = join(dir, 'path-first');
    await mkdir(first, { recursive: true });
    const ran = join(dir, 'fake-lsof-ran');
    await writeShellTool(first, 'lsof', `touch "${ran}"; printf 'p1\\ntIPv4\\nn127.0.0.1:%s\\n' "\${2#-iTCP:}"`);
    const { pid, port } = await startListener('127.0.0.1');
    const saved = process.env['PATH'];
    process.env['PATH'] = `${first}:${saved ?? ''}`;
    try {
      const expected = { ok: true, sockets: [{ pid, address: '127.0.0.1' }] };
      expect(await lsofListeners(port)).toEqual(expected);
      expect(await createLinuxOs({ listenersMethod: 'lsof' }).listeners(port)).toEqual(expected);
    } finally {
      process.env['PATH'] = saved;
    }
    expect(existsSync(ran)).toBe(false);
  });

  it('a wedged lsof is killed at the time limit', async () => {
    const lsof = await tool('lsof-slow', 'exec sleep 10');
    const start = Date.now();
    const result = await lsofListeners(8080, { lsofPath: lsof, timeoutMs: 200 });
    expect(result).toEqual({ ok: false, reason: 'lsof did not answer within 200 ms' });
    expect(Date.now() - start).toBeLessThan(2000);
  });

  it('exit 1 with an error is a failure, exit 1 with only warnings is nobody listening', async () => {
    const failing = await tool('lsof-err', 'echo "lsof: unacceptable port specification in: -i TCP:x" >&2; exit 1');
    expect(await lsofListeners(8080, { lsofPath: failing })).toEqual({
      ok: false,
      reason: 'lsof failed (exit status 1): lsof: unacceptable port specification in: -i TCP:x',
    });
    const warning = await tool('lsof-warn', `echo "lsof: WARNING: can't stat() fuse.gvfsd-fuse file system /run/user/1000/gvfs" >&2; echo "      Output information may be incomplete." >&2; exit 1`);
    expect(await lsofListeners(8080, { lsofPath: warning })).toEqual({ ok: true, sockets: [] });
  });
});

describe('/proc: a listening socket nobody can be found holding', () => {
  it('is reported with pid -1, so the caller refuses it', async () => {
    const root = join(dir, 'proc');
    await mkdir(join(root, 'net'), { recursive: true });
    const header = '  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode\n';
    await writeFile(join(root, 'net', 'tcp'), `${header}   0: 0100007F:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1001        0 99999 1 0 100 0 0 10 0\n   1: 00000000:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 77777 1 0 100 0 0 10 0\n`);
    await mkdir(join(root, '123', 'fd'), { recursive: true });
    await symlink('socket:[77777]', join(root, '123', 'fd', '3'));
    await symlink('socket:[11111]', join(root, '123', 'fd', '4'));
    await mkdir(join(root, '456'), { recursive: true }); // no fd directory: unreadable, skipped
    expect(await procListeners(8080, root)).toEqual({
      ok: true,
      sockets: [
        { pid: -1, address: '127.0.0.1' },
        { pid: 123, address: '0.0.0.0' },
      ],
    });
  });
});

describe('macOS services with stand-ins for its tools', () => {
  let tools: { lsappinfo: string; ps: string; plutil: string };
  beforeAll(async () => {
    const app = join(dir, 'Apps', 'Editor.app');
    await mkdir(join(app, 'Contents', 'MacOS'), { recursive: true });
    await writeFile(join(app, 'Contents', 'Info.plist'), '{"CFBundleIdentifier":"com.example.Editor"}');
    tools = {
      lsappinfo: await tool('lsappinfo', `echo '"CFBundleIdentifier"=[ NULL ]'`),
      ps: await tool('ps', `case "$2" in comm=) echo "${app}/Contents/MacOS/Editor";; stat=) echo "Z+";; esac`),
      // plutil -convert json -o - FILE: the stand-in plist is already JSON.
      plutil: await tool('plutil', '[ "$1 $2 $3 $4" = "-convert json -o -" ] && cat "$5"'),
    };
  });

  it('bundleId: lsappinfo first', async () => {
    const lsappinfo = await tool('lsappinfo-ok', `echo '"CFBundleIdentifier"="com.example.Direct"'`);
    expect(await createDarwinOs({ darwinTools: { ...tools, lsappinfo } }).bundleId(process.pid)).toBe('com.example.Direct');
  });

  it("bundleId: else the Info.plist of the executable's .app", async () => {
    expect(await createDarwinOs({ darwinTools: tools }).bundleId(process.pid)).toBe('com.example.Editor');
  });

  it('bundleId: undefined when every tool is missing', async () => {
    const missing = { lsappinfo: '/nonexistent/a', ps: '/nonexistent/b', plutil: '/nonexistent/c', lsof: '/nonexistent/d' };
    expect(await createDarwinOs({ darwinTools: missing }).bundleId(process.pid)).toBeUndefined();
  });

  it('isAlive: a zombie per ps is not alive; a missing or wedged ps leaves kill(0) in charge', async () => {
    expect(await createDarwinOs({ darwinTools: tools }).isAlive(process.pid)).toBe(false);
    expect(await createDarwinOs({ darwinTools: { ps: '/nonexistent/ps' } }).isAlive(process.pid)).toBe(true);
    const slow = await tool('ps-slow', 'exec sleep 10');
    expect(await createDarwinOs({ darwinTools: { ps: slow }, toolTimeoutMs: 200 }).isAlive(process.pid)).toBe(true);
    expect(await createDarwinOs({ darwinTools: tools }).isAlive(-1)).toBe(false);
  });

  it.runIf(process.platform === 'linux')('listeners: the same lsof parsing on a real listener', async () => {
    const { pid, port } = await startListener('127.0.0.1');
    expect(await createDarwinOs({ lsofPath: 'lsof' }).listeners(port)).toEqual({ ok: true, sockets: [{ pid, address: '127.0.0.1' }] });
  });
});
