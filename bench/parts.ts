/**
 * The smaller measurements: discovery with many descriptors, the listener check both ways,
 * the tolerant reading alone, and the heap over many invocations.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createServer, connect, type AddressInfo, type Socket } from 'node:net';
import { join } from 'node:path';
import { findProvider, type DiscoveryDeps } from '../app/discovery/find.js';
import { collectContext } from '../app/invocation/collect.js';
import { discoveryDeps } from '../app/invocation/verified-call.js';
import { createHostCache } from '../app/invocation/host-cache.js';
import { connectionGuard } from '../app/discovery/check-connection.js';
import { probeConnection } from '../app/discovery/connect-checked.js';
import { createOs, lsofListeners, procConnection, procListeners, type ListenersMethod } from '../app/os/index.js';
import type { OsServices } from '../app/os/types.js';
import { readAnswer } from '@app-context/provider-kit/protocol';
import { runChild } from './children.js';
import { BENCH_TIMEOUT_MS, createDiscoveryDeps, frontAppOf } from './collector.js';
import { makeFolder, type BenchProvider } from './provider.js';
import type { DiscoveryRow, ListenerRow } from './results.js';
import { measure, measureSync, summarise, type Summary } from './stats.js';
import { makeTree } from './tree.js';

/** findProvider for the provider's pid in a folder of `count` descriptors, all but one for other pids. */
export async function benchDiscovery(provider: BenchProvider, os: OsServices, count: number, reps: number): Promise<DiscoveryRow> {
  const folder = await makeFolder(`glance-bench-discovery-${count}-`);
  try {
    const own = provider.descriptor;
    await writeFile(join(folder.dir, `${own.bundleId}.${own.pid}.json`), JSON.stringify(own), { mode: 0o600 });
    for (let i = 1; i < count; i += 1) {
      // Pids far above any this machine has handed out: stale files of other apps.
      const pid = 3_000_000 + i;
      const other = { ...own, bundleId: `com.example.app${i}`, name: `App ${i}`, pid, instance: `i${i}`, endpoint: `http://127.0.0.1:${20000 + (i % 40000)}/mcp`, token: randomBytes(32).toString('base64url') };
      await writeFile(join(folder.dir, `com.example.app${i}.${pid}.json`), JSON.stringify(other), { mode: 0o600 });
    }
    const env = { ...provider.env, APP_CONTEXT_PROVIDERS_DIR: folder.dir };
    const app = await frontAppOf(os, own.pid);
    const find = (deps: DiscoveryDeps) => async (): Promise<void> => {
      const found = await findProvider(app, deps);
      if (found.kind !== 'usable') throw new Error(`discovery in ${count} descriptors found ${found.kind}`);
    };
    // Each uncached sample reads and parses every file, as a one-shot CLI process does.
    const uncached = summarise(await measure(Math.max(2, Math.ceil(reps / 4)), 1, find({ os, env })));
    // A front app with no descriptor: every file read and matched, nothing verified.
    const nobody = createDiscoveryDeps(os, env);
    const reading = summarise(await measure(reps, 3, async () => {
      if ((await findProvider({ pid: 2_999_999, bundleId: 'com.example.none' }, nobody.deps)).kind !== 'none') throw new Error('unexpected descriptor');
    }));
    await nobody.close();
    const kept = await measureKept(app, { os, env }, reps);
    const discovery = createDiscoveryDeps(os, env);
    try {
      const samples = await measure(reps, 3, find(discovery.deps));
      return { descriptors: count, ...summarise(samples), uncached_median_ms: uncached.median_ms, uncached_p10_ms: uncached.p10_ms, uncached_p90_ms: uncached.p90_ms, unverified_median_ms: reading.median_ms, kept_median_ms: kept.median_ms };
    } finally {
      await discovery.close();
    }
  } finally {
    await folder.remove();
  }
}

/**
 * findProvider as a host finds it while it keeps a verified connection to the provider: one
 * collect opens the connection, then each sample must have used it (or the figure would mix
 * in the OS check); should the provider have closed it meanwhile, a collect outside the
 * timing opens another.
 */
async function measureKept(app: Awaited<ReturnType<typeof frontAppOf>>, base: DiscoveryDeps, reps: number): Promise<Summary> {
  const cache = createHostCache();
  const deps = { ...base, cache };
  const samples: number[] = [];
  try {
    while (samples.length < reps + 3) {
      if ((await collectContext(app, deps, { timeoutMs: BENCH_TIMEOUT_MS })).kind !== 'collected') throw new Error('the bench provider did not answer');
      for (let i = 0; i < 10 && samples.length < reps + 3; i += 1) {
        const start = performance.now();
        const found = await findProvider(app, discoveryDeps(deps));
        const elapsed = performance.now() - start;
        if (found.kind !== 'usable') throw new Error(`discovery with a kept connection found ${found.kind}`);
        if (found.provider.viaLink !== true) break;
        samples.push(elapsed);
      }
    }
  } finally {
    await cache.close();
  }
  return summarise(samples.slice(3));
}

/**
 * Who listens on the provider's port, by lsof and by /proc; the connect-time check's one question
 * on an open connection (`proc-connection`: step 5 of docs/protocol.md, "The host's checks, in
 * order", as an exchange asks it); and the connect-time check as an exchange runs it (a connect
 * to the port, that question, then a close), each way. With `padding`, that many loopback
 * connections are held open meanwhile (two table entries each), so the figure is taken at a
 * known number of sockets, as on a busy machine, rather than at whatever this one has now.
 */
export async function benchListeners(provider: BenchProvider, reps: number, padding = 0): Promise<ListenerRow[]> {
  const port = Number(new URL(provider.descriptor.endpoint).port);
  const check = (result: Awaited<ReturnType<typeof procListeners>>): void => {
    if (!result.ok || !result.sockets.some((s) => s.pid === provider.pid)) throw new Error('the listener check did not find the provider');
  };
  const padded = await holdConnections(padding);
  const open = await openConnection(port);
  try {
    const client = { address: open.localAddress ?? '', port: open.localPort ?? 0 };
    const lsof = await measure(reps, 2, async () => check(await lsofListeners(port)));
    const proc = await measure(reps, 2, async () => check(await procListeners(port)));
    const question = await measure(reps, 2, async () => {
      const result = await procConnection(port, client);
      if (!result.ok || !result.sockets.some((s) => s.pid === provider.pid) || !Array.isArray(result.server) || !result.server.includes(provider.pid)) {
        throw new Error('the connect-time question did not find the provider at both ends');
      }
    });
    const connectCheck = (method: ListenersMethod) => async (): Promise<void> => {
      const verdict = await probeConnection(connectionGuard(port, { pid: provider.pid }, createOs({ listenersMethod: method })), BENCH_TIMEOUT_MS);
      if (!verdict.ok) throw new Error(`the connect-time check refused the provider: ${verdict.reason}`);
    };
    const connectLsof = await measure(reps, 2, connectCheck('lsof'));
    const connectProc = await measure(reps, 2, connectCheck('proc'));
    const sockets = tcpTableLines();
    return [
      { method: 'lsof', ...summarise(lsof), sockets }, { method: 'proc', ...summarise(proc), sockets },
      { method: 'proc-connection', ...summarise(question), sockets },
      { method: 'connect+lsof', ...summarise(connectLsof), sockets }, { method: 'connect+proc', ...summarise(connectProc), sockets },
    ];
  } finally {
    open.destroy();
    await padded.close();
  }
}

/** A connection to the provider, accepted by it (the question looks for its server end). */
async function openConnection(port: number): Promise<Socket> {
  const socket = connect(port, '127.0.0.1');
  await new Promise((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  // The provider accepts on its own time; the question above insists on seeing its end held.
  for (let i = 0; i < 100; i += 1) {
    const result = await procConnection(port, { address: socket.localAddress ?? '', port: socket.localPort ?? 0 });
    if (result.ok && Array.isArray(result.server)) break;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return socket;
}

/** `count` loopback connections to a server of this process, held until close(). */
async function holdConnections(count: number): Promise<{ close: () => Promise<void> }> {
  const server = createServer();
  const accepted: Socket[] = [];
  server.on('connection', (socket) => accepted.push(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const clients: Socket[] = [];
  for (let i = 0; i < count; i += 1) {
    const socket = connect(port, '127.0.0.1');
    clients.push(socket);
    await new Promise((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  }
  return {
    close: async () => {
      for (const socket of [...clients, ...accepted]) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Sockets in the kernel's TCP tables now: /proc reads them all, so they set its cost. */
function tcpTableLines(): number {
  try {
    return ['/proc/net/tcp', '/proc/net/tcp6'].reduce((n, path) => n + readFileSync(path, 'utf8').trim().split('\n').length - 1, 0);
  } catch {
    return 0;
  }
}

/** The tolerant reading alone, of an answer already parsed from JSON. */
export function benchRead(elements: number, reps: number): Summary & { elements: number } {
  const answer = JSON.parse(JSON.stringify({ protocol: '0.2.0', instance: 'bench', root: makeTree(elements) })) as unknown;
  const samples = measureSync(reps, 3, () => {
    const read = readAnswer(answer);
    if (!read.ok || read.elementCount !== elements) throw new Error('the reading did not keep every element');
  });
  return { elements, ...summarise(samples) };
}

/** Heap after `first` and after `second` invocations, in a fresh process with --expose-gc. */
export async function benchHeap(provider: BenchProvider, first: number, second: number): Promise<{ after_first: number; after_second: number; data_growth: number }> {
  const args = [String(provider.pid), String(provider.elements), String(first), String(second)];
  return runChild('bench/heap-child.js', args, provider.env, ['--expose-gc']);
}
