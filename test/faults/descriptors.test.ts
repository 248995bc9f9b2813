// Descriptors that lie, and files that are not descriptors, in a real folder with real modes
// and owners, judged against real processes and listeners: each is ignored with a reason a
// person can read, quickly, and neither the token nor anything else from the file is quoted.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, chown, mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { findProvider, listProviders } from '../../app/discovery/find.js';
import { createOs } from '../../app/os/index.js';
import { collectContext } from '../../app/invocation/collect.js';
import { runGlance } from '../helpers/cli.js';
import { makeProvidersDir } from '../helpers/providers-dir.js';
import { descriptorOf } from '../helpers/test-provider.js';
import { captureLogger, expectNoSecrets, guardProcess, report, SECRET, startRaw, timed, type RawProvider } from './helpers.js';

const os = createOs();
const TOKEN = `${SECRET}-token-${randomBytes(16).toString('base64url')}`;
let folder: Awaited<ReturnType<typeof makeProvidersDir>>;
let provider: RawProvider;
/** A listener that publishes nothing: the process every lying file below names by default. */
let bare: RawProvider;
/** An unrelated node process (same "bundle id" as a provider run by node) and an unrelated `sleep`. */
let nodeSleeper: ChildProcess;
let sleep: ChildProcess;

guardProcess();

function descriptor(fields: Record<string, unknown> = {}): Record<string, unknown> {
  return { protocol: '0.2.0', bundleId: 'node', name: 'Liar', version: '1', pid: bare.pid, instance: 'liar-1', endpoint: `http://127.0.0.1:${bare.port}/raw/mcp`, token: TOKEN, ...fields };
}

async function write(name: string, content: string | Buffer, mode = 0o600): Promise<void> {
  const path = join(folder.dir, name);
  await writeFile(path, content, { mode });
  await chmod(path, mode);
}

beforeAll(async () => {
  folder = await makeProvidersDir();
  provider = await startRaw(folder.dir);
  bare = await startRaw(folder.dir, { RAW_NO_DESCRIPTOR: '1' });
  nodeSleeper = spawn(process.execPath, ['-e', 'setInterval(() => undefined, 1e9)'], { stdio: 'ignore' });
  sleep = spawn('sleep', ['120'], { stdio: 'ignore' });
});
afterAll(async () => {
  nodeSleeper.kill('SIGKILL');
  sleep.kill('SIGKILL');
  await provider.process.stop();
  await bare.process.stop();
  await folder.cleanup();
});

/** Every file but the true provider's own descriptor is removed between cases. */
afterEach(async () => {
  const { rm, readdir } = await import('node:fs/promises');
  for (const name of await readdir(folder.dir)) if (!name.startsWith('raw.provider.')) await rm(join(folder.dir, name), { recursive: true, force: true });
});

interface Case {
  fault: string;
  /** Writes the file(s); returns the pid the front app has. */
  arrange: () => Promise<number>;
  reason: RegExp;
}

const CASES: Case[] = [
  { fault: 'another pid: the front app is an unrelated node process, the port is another\'s', reason: /its port \d+ belongs to another process \(node, pid \d+\)/,
    arrange: async () => { await write(`liar.${nodeSleeper.pid}.json`, JSON.stringify(descriptor({ pid: nodeSleeper.pid }))); return nodeSleeper.pid as number; } },
  { fault: 'another bundle id', reason: /names the app com\.example\.other, but process \d+ is node/,
    arrange: async () => { await write(`liar.${bare.pid}.json`, JSON.stringify(descriptor({ bundleId: 'com.example.other' }))); return bare.pid; } },
  { fault: 'pid reused by an unrelated program (sleep)', reason: /names the app node, but process \d+ is sleep/,
    arrange: async () => { await write(`liar.${sleep.pid}.json`, JSON.stringify(descriptor({ pid: sleep.pid }))); return sleep.pid as number; } },
  { fault: 'pid reused by an unrelated node process that listens nowhere', reason: /nobody listens on its port 1 /,
    arrange: async () => { await write(`liar.${nodeSleeper.pid}.json`, JSON.stringify(descriptor({ pid: nodeSleeper.pid, endpoint: 'http://127.0.0.1:1/x' }))); return nodeSleeper.pid as number; } },
  { fault: 'process gone (stale file after a crash)', reason: /is no longer running: a stale file left by a crash/,
    arrange: async () => { await write('liar.4194000.json', JSON.stringify(descriptor({ pid: 4194000 }))); return 4194000; } },
  { fault: 'endpoint names localhost', reason: /endpoint is not http:\/\/127\.0\.0\.1/,
    arrange: async () => { await write(`liar.${bare.pid}.json`, JSON.stringify(descriptor({ endpoint: `http://localhost:${provider.port}/raw/mcp` }))); return bare.pid; } },
  { fault: 'unsupported protocol', reason: /speaks protocol 0\.3\.0; Glance supports/,
    arrange: async () => { await write(`liar.${bare.pid}.json`, JSON.stringify(descriptor({ protocol: '0.3.0' }))); return bare.pid; } },
  { fault: 'symbolic link to a valid descriptor', reason: /symbolic link/,
    arrange: async () => {
      const target = join(folder.dir, '..', 'elsewhere.json');
      await writeFile(target, JSON.stringify(descriptor()), { mode: 0o600 });
      await symlink(target, join(folder.dir, `liar.${bare.pid}.json`));
      return bare.pid;
    } },
  { fault: 'symbolic link to /dev/zero', reason: /symbolic link/,
    arrange: async () => { await symlink('/dev/zero', join(folder.dir, `liar.${bare.pid}.json`)); return bare.pid; } },
  { fault: 'writable by others (0666)', reason: /writable by group or others \(mode 0666\)/,
    arrange: async () => { await write(`liar.${bare.pid}.json`, JSON.stringify(descriptor()), 0o666); return bare.pid; } },
  { fault: 'owned by another user', reason: /belongs to another user \(uid 4321\)/,
    arrange: async () => { await write(`liar.${bare.pid}.json`, JSON.stringify(descriptor())); await chown(join(folder.dir, `liar.${bare.pid}.json`), 4321, 4321); return bare.pid; } },
  { fault: 'a 1 MiB file', reason: /larger than 64 KiB/,
    arrange: async () => { await write(`liar.${bare.pid}.json`, JSON.stringify(descriptor({ pad: 'x'.repeat(1024 * 1024) }))); return bare.pid; } },
  { fault: 'garbage bytes', reason: /not valid UTF-8 JSON/,
    arrange: async () => { await write(`liar.${bare.pid}.json`, Buffer.concat([randomBytes(2000), Buffer.from(TOKEN)])); return bare.pid; } },
  { fault: 'caught half-written', reason: /not valid UTF-8 JSON \(perhaps caught half-written\)/,
    arrange: async () => { const text = JSON.stringify(descriptor()); await write(`liar.${bare.pid}.json`, text.slice(0, text.indexOf(TOKEN) + 20)); return bare.pid; } },
  { fault: 'token in the wrong field, token missing', reason: /these fields are missing or malformed: token \(/,
    arrange: async () => { await write(`liar.${bare.pid}.json`, JSON.stringify(descriptor({ token: undefined, tokn: TOKEN }))); return bare.pid; } },
  { fault: 'a FIFO named like a descriptor', reason: /not a regular file/,
    arrange: async () => { await mkfifo(join(folder.dir, `liar.${bare.pid}.json`)); return bare.pid; } },
  { fault: 'a directory named like a descriptor', reason: /not a regular file/,
    arrange: async () => { await mkdir(join(folder.dir, `liar.${bare.pid}.json`)); return bare.pid; } },
];

function mkfifo(path: string): Promise<void> {
  return new Promise((resolve, reject) => spawn('mkfifo', ['-m', '600', path]).on('exit', (code) => (code === 0 ? resolve() : reject(new Error('mkfifo failed')))));
}

describe('a descriptor that lies or is not one', () => {
  for (const c of CASES) {
    it(`${c.fault}: ignored with its reason, nothing quoted`, async () => {
      const pid = await c.arrange();
      const { logger, lines } = captureLogger();
      // The true provider's own descriptor names its own pid, so only the liar is judged.
      const { value, ms } = await timed(() => collectContext({ pid }, { os, env: folder.env, logger }, { timeoutMs: 1000 }));
      const reasons = value.kind === 'ignored' ? value.reasons : [];
      report('lying descriptor', c.fault, `${value.kind}: ${reasons.join('; ')}`, ms);
      expect(value.kind).toBe('ignored');
      expect(reasons).toHaveLength(1);
      expect(reasons[0]).toMatch(c.reason);
      expect(ms).toBeLessThan(3000);
      const run = await runGlance(['current', '--pid', String(pid), '--timeout', '1000'], folder.env);
      expect(run.code).toBe(3);
      expect(run.stderr).toMatch(c.reason);
      expectNoSecrets([TOKEN, SECRET], [JSON.stringify(value), ...lines, run.stdout, run.stderr]);
    });
  }
});

describe('a crowded folder', () => {
  it('three hundred stale, broken and lying files: the true provider is still found in time, each other file has its reason', async () => {
    for (let i = 0; i < 300; i += 1) {
      const kind = i % 3;
      const name = `stale.app${i}.${4_000_000 + i}.json`;
      if (kind === 0) await write(name, JSON.stringify(descriptor({ pid: 4_000_000 + i })));
      else if (kind === 1) await write(name, `{"protocol":"0.2.0","token":"${TOKEN}`);
      else await write(name, JSON.stringify(descriptor({ pid: provider.pid, instance: `old-${i}`, bundleId: 'com.example.old' })));
    }
    const found = await timed(() => findProvider({ pid: provider.pid }, { os, env: folder.env }));
    expect(found.value.kind).toBe('usable');
    if (found.value.kind === 'usable') {
      expect(found.value.provider.descriptor.instance).toBe(provider.instance);
      expect(found.value.ignored).toHaveLength(100);
    }
    const listed = await timed(() => listProviders({ os, env: folder.env }));
    expect(listed.value.descriptors).toHaveLength(301);
    expect(listed.value.descriptors.filter((d) => d.verdict === 'ignored' && (d.reason ?? '') !== '')).toHaveLength(300);
    const cli = await timed(() => runGlance(['providers', '--json'], folder.env));
    expect(cli.value.code).toBe(0);
    report('lying descriptor', '300 stale/broken/lying files + 1 true', `found the true one; ${listed.value.descriptors.length} verdicts`, found.ms);
    for (const ms of [found.ms, listed.ms]) expect(ms).toBeLessThan(3000);
    const { descriptor: real } = await descriptorOf(folder.dir, provider.pid);
    expectNoSecrets([TOKEN, real.token], [cli.value.stdout, cli.value.stderr]);
  });

  it('a folder writable by others is not read at all, and says why', async () => {
    await chmod(folder.dir, 0o777);
    try {
      const value = await collectContext({ pid: provider.pid }, { os, env: folder.env });
      expect(value).toMatchObject({ kind: 'no-provider', reason: expect.stringMatching(/writable by group or others \(mode 0777\); run chmod 700/) });
    } finally {
      await chmod(folder.dir, 0o700);
    }
  });
});
