// Finding 3 of the outside audit: the host asked the OS who listens on the provider's port, then
// connected; a process that bound 127.0.0.1:<port> in between received the request with the
// token. A provider listening on :: with IPV6_V6ONLY leaves 127.0.0.1 free for exactly that,
// and looked verified. Now the check runs on the open connection before any byte is sent on
// it (step 5 of docs/protocol.md, "The host's checks, in order"): every listener is the provider's,
// and so is the server end of this very connection. The thief is a real process of another user
// (nobody) when the tests run as root; the window is widened with the collect's test seam, after
// discovery and before the connect. Both ways of asking the OS run: /proc and the real lsof.
import { spawn } from 'node:child_process';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { listProviders } from '../../app/discovery/find.js';
import { createOs } from '../../app/os/index.js';
import type { ListenersMethod } from '../../app/os/options.js';
import { collectContext } from '../../app/invocation/collect.js';
import { makeProvidersDir } from '../helpers/providers-dir.js';
import { descriptorOf } from '../helpers/test-provider.js';
import { captureLogger, expectNoSecrets, guardProcess, report, SECRET, startRaw, timed, type RawProvider } from './helpers.js';

let folder: Awaited<ReturnType<typeof makeProvidersDir>>;
const stops: (() => Promise<void>)[] = [];

guardProcess();
beforeAll(async () => { folder = await makeProvidersDir(); });
afterEach(async () => { await Promise.all(stops.splice(0).map((stop) => stop())); });
afterAll(async () => { await folder.cleanup(); });

/** A provider on :: with IPV6_V6ONLY: 127.0.0.1 on its port is served by nobody. */
async function ipv6OnlyProvider(): Promise<RawProvider & { token: string }> {
  const p = await startRaw(folder.dir, { RAW_HOST: '::', RAW_V6ONLY: '1' });
  stops.push(p.process.stop);
  const { descriptor } = await descriptorOf(folder.dir, p.pid);
  return { ...p, token: descriptor.token };
}

interface Thief {
  pid: number;
  /** Every connection it saw closed: bytes received and whether the token was among them. */
  connections: () => { bytes: number; token: boolean }[];
}

/** Starts the thief on 127.0.0.1:port, as user nobody when we are root. */
async function startThief(port: number, token: string): Promise<Thief> {
  const asNobody = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
  const child = spawn(process.execPath, ['test/faults/fixtures/thief.mjs'], { env: { PATH: process.env['PATH'], THIEF_PORT: String(port), THIEF_TOKEN: token }, stdio: ['ignore', 'pipe', 'pipe'], ...asNobody });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => { out += chunk.toString('utf8'); });
  child.stderr.on('data', (chunk: Buffer) => { out += chunk.toString('utf8'); });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  stops.push(async () => {
    child.kill('SIGKILL');
    await exited;
  });
  const started = Date.now();
  while (!/thief ready/.test(out)) {
    if (Date.now() - started > 10_000 || child.exitCode !== null) throw new Error(`the thief did not start: ${out}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return {
    pid: child.pid ?? -1,
    connections: () => [...out.matchAll(/thief connection: (\d+) bytes, token (yes|no)/g)].map((m) => ({ bytes: Number(m[1]), token: m[2] === 'yes' })),
  };
}

// /proc is Linux's; macOS has only lsof (createOs ignores listenersMethod there).
const METHODS: ListenersMethod[] = process.platform === 'linux' ? ['proc', 'lsof'] : ['lsof'];

describe.each(METHODS)('a port thief, asking the OS by %s', (method) => {
  const os = createOs({ listenersMethod: method });

  it('takes 127.0.0.1:<port> between discovery and the connect: it gets not one byte, and the descriptor is ignored with the reason', async () => {
    const p = await ipv6OnlyProvider();
    let thief: Thief | undefined;
    const { logger, lines } = captureLogger();
    const afterDiscovery = async (): Promise<void> => { thief = await startThief(p.port, p.token); };
    const { value, ms } = await timed(() => collectContext({ pid: p.pid, bundleId: 'node' }, { os, env: folder.env, logger, afterDiscovery }, { timeoutMs: 1000 }));
    if (thief === undefined) throw new Error('the seam did not run: discovery did not choose the provider');
    // Let the thief see its connection close.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const connections = thief.connections();
    report('port thief', `${method}: IPv6-only provider, 127.0.0.1 taken after discovery`, `${value.kind}; thief got ${connections.map((c) => c.bytes).join(', ') || 'no connection'} bytes`, ms);
    expect(connections.filter((c) => c.token)).toEqual([]);
    expect(connections.every((c) => c.bytes === 0)).toBe(true);
    expect(value.kind).toBe('ignored');
    expect(value.kind === 'ignored' && value.reasons).toEqual([expect.stringMatching(new RegExp(`its port ${p.port} belongs to another process \\(node, pid ${thief.pid}\\)`))]);
    expectNoSecrets([p.token, SECRET], [JSON.stringify(value), ...lines]);
  });

  it('an IPv6-only listener with 127.0.0.1 unserved is not taken for verified: a clear reason, for collect and for glance providers', async () => {
    const p = await ipv6OnlyProvider();
    const reason = new RegExp(`process ${p.pid} listens on port ${p.port} on :: only, with IPV6_V6ONLY, so nothing serves 127\\.0\\.0\\.1:${p.port}`);
    const { value, ms } = await timed(() => collectContext({ pid: p.pid, bundleId: 'node' }, { os, env: folder.env }, { timeoutMs: 1000 }));
    report('port thief', `${method}: IPv6-only provider, 127.0.0.1 unserved`, value.kind === 'ignored' ? value.reasons.join('; ') : value.kind, ms);
    expect(value.kind).toBe('ignored');
    expect(value.kind === 'ignored' && value.reasons[0]).toMatch(reason);
    const listed = await listProviders({ os, env: folder.env });
    const mine = listed.descriptors.find((d) => d.descriptor?.pid === p.pid);
    expect(mine).toMatchObject({ verdict: 'ignored', reason: expect.stringMatching(reason) });
  });
});
