// Who listens on a port, asked of real processes with both methods: lsof and /proc must name
// the same pids and addresses, since discovery trusts whichever one runs.
import { existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createOs, lsofListeners, procListeners } from '../../app/os/index.js';
import type { ListenersResult, ListeningSocket } from '../../app/os/index.js';
import { killStarted, startForkedListener, startListener, startPassedListener, waitFor } from './processes.js';

const linux = process.platform === 'linux';
const ipv6 = linux ? existsSync('/proc/net/if_inet6') : true;

const dirs: string[] = [];
afterEach(() => {
  killStarted();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), 'glance-listeners-'));
  dirs.push(dir);
  return dir;
}

/**
 * The reference the fast scan must agree with: every fd link of every process, read one by one
 * with no shortcut, for the sockets listening on `port` in /proc/net/tcp.
 */
function everyHolder(port: number): number[] {
  const field = `:${port.toString(16).toUpperCase().padStart(4, '0')} `;
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!existsSync(table)) continue;
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols[1]?.endsWith(field.trim()) === true && cols[3] === '0A' && cols[9] !== undefined) inodes.add(cols[9]);
    }
  }
  const pids = new Set<number>();
  for (const entry of readdirSync('/proc').filter((e) => /^\d+$/.test(e))) {
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${entry}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        const inode = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${entry}/fd/${fd}`))?.[1];
        if (inode !== undefined && inodes.has(inode)) pids.add(Number(entry));
      } catch {
        // closed, gone, or not ours to read
      }
    }
  }
  return [...pids].sort((a, b) => a - b);
}

function sorted(result: ListenersResult): ListeningSocket[] {
  if (!result.ok) throw new Error(result.reason);
  return [...result.sockets].sort((a, b) => a.pid - b.pid || a.address.localeCompare(b.address));
}

async function both(port: number): Promise<{ lsof: ListeningSocket[]; proc: ListeningSocket[] }> {
  return { lsof: sorted(await lsofListeners(port)), proc: sorted(await procListeners(port)) };
}

describe.runIf(linux)('listeners: lsof and /proc on real processes', () => {
  it.each([
    ['127.0.0.1', '127.0.0.1'],
    ['0.0.0.0', '0.0.0.0'],
  ])('a node server on %s', async (host, address) => {
    const { pid, port } = await startListener(host);
    const { lsof, proc } = await both(port);
    expect(proc).toEqual([{ pid, address }]);
    expect(lsof).toEqual(proc);
  });

  it.runIf(ipv6)('a node server on ::1 and one on :: (dual stack)', async () => {
    const loop6 = await startListener('::1');
    expect(await both(loop6.port)).toEqual({ lsof: [{ pid: loop6.pid, address: '::1' }], proc: [{ pid: loop6.pid, address: '::1' }] });
    const any6 = await startListener('::');
    expect(await both(any6.port)).toEqual({ lsof: [{ pid: any6.pid, address: '::' }], proc: [{ pid: any6.pid, address: '::' }] });
  });

  it.runIf(ipv6)('a node server on ::ffff:127.0.0.1 (IPv4-mapped) reads as 127.0.0.1 both ways', async () => {
    const { pid, port } = await startListener('::ffff:127.0.0.1');
    const { lsof, proc } = await both(port);
    expect(proc).toEqual([{ pid, address: '127.0.0.1' }]);
    expect(lsof).toEqual(proc);
  });

  it('two processes holding one listening socket are both reported', async () => {
    const { parent, child, port } = await startForkedListener();
    const { lsof, proc } = await both(port);
    const expected = [
      { pid: parent, address: '127.0.0.1' },
      { pid: child, address: '127.0.0.1' },
    ].sort((a, b) => a.pid - b.pid);
    expect(proc).toEqual(expected);
    expect(lsof).toEqual(proc);
  });

  it('a listening socket passed to a process that is not a child (SCM_RIGHTS) is reported for both holders', async () => {
    const { opener, receiver, port } = await startPassedListener(scratch());
    const { lsof, proc } = await both(port);
    const expected = [{ pid: opener, address: '127.0.0.1' }, { pid: receiver, address: '127.0.0.1' }].sort((a, b) => a.pid - b.pid);
    expect(proc).toEqual(expected);
    expect(lsof).toEqual(proc);
    expect(everyHolder(port)).toEqual(expected.map((s) => s.pid));
  });

  it('a listening socket handed over to another process is reported for that process alone', async () => {
    const { receiver, port } = await startPassedListener(scratch(), true);
    const { lsof, proc } = await both(port);
    expect(proc).toEqual([{ pid: receiver, address: '127.0.0.1' }]);
    expect(lsof).toEqual(proc);
  });

  it('the scan names the same holders as reading every fd link of every process', async () => {
    const forked = await startForkedListener();
    const single = await startListener('0.0.0.0');
    for (const port of [forked.port, single.port]) {
      expect(sorted(await procListeners(port)).map((s) => s.pid)).toEqual(everyHolder(port));
    }
  });

  it('nobody listening: both methods say so with an empty list', async () => {
    const { child, port } = await startListener('127.0.0.1').then((l) => ({ child: l.pid, port: l.port }));
    process.kill(child, 'SIGKILL');
    expect(await waitFor(async () => sorted(await procListeners(port)).length === 0)).toBe(true);
    expect(await both(port)).toEqual({ lsof: [], proc: [] });
  });

  it('a connected socket on the same port is not a listener', async () => {
    const net = await import('node:net');
    const { pid, port } = await startListener('127.0.0.1');
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    try {
      const { lsof, proc } = await both(port);
      expect(proc).toEqual([{ pid, address: '127.0.0.1' }]);
      expect(lsof).toEqual(proc);
    } finally {
      socket.destroy();
    }
  });

  it('createOs uses /proc by default and lsof when asked, with the same answer', async () => {
    const { pid, port } = await startListener('127.0.0.1');
    const viaProc = await createOs().listeners(port);
    const viaLsof = await createOs({ listenersMethod: 'lsof' }).listeners(port);
    expect(viaProc).toEqual({ ok: true, sockets: [{ pid, address: '127.0.0.1' }] });
    expect(viaLsof).toEqual(viaProc);
  });

  it('/proc failing falls back to lsof', async () => {
    const { pid, port } = await startListener('127.0.0.1');
    const result = await createOs({ procRoot: '/nonexistent-proc' }).listeners(port);
    expect(result).toEqual({ ok: true, sockets: [{ pid, address: '127.0.0.1' }] });
  });
});

describe('listeners: bad input and a missing lsof', () => {
  it.each([0, -1, 65536, 1.5, Number.NaN])('port %s is refused without running anything', async (port) => {
    const result = await createOs({ lsofPath: '/nonexistent/lsof' }).listeners(port);
    expect(result).toEqual({ ok: false, reason: `${port} is not a TCP port` });
  });

  it('a missing lsof binary is ok:false with a reason to install lsof', async () => {
    const result = await lsofListeners(8080, { lsofPath: '/nonexistent/bin/lsof' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(/lsof was not found .*install lsof/);
  });
});
