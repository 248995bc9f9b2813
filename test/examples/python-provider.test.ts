// The Python example provider (examples/python/provider.py) as a real python3 process, read
// by the real built `glance`: the protocol holds in a language the kit does not serve.
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CheckResult } from '../../app/check/types.js';
import { runGlance } from '../helpers/cli.js';
import { spawnProcess, type Spawned } from '../helpers/spawn.js';
import { socketExchange, trickle } from '../provider/helpers.js';

const SCRIPT = 'examples/python/provider.py';
/** Generous for a loaded 2-core machine: speed is measured in `npm run bench`, not here. */
const TIMEOUT = ['--timeout', '4000'];

interface Descriptor {
  protocol: string;
  bundleId: string;
  pid: number;
  instance: string;
  endpoint: string;
  token: string;
}

let base: string;
let dir: string;
let env: NodeJS.ProcessEnv;
const running: Spawned[] = [];
/** Everything glance and the providers printed in a test: none of it may hold a token. */
let printed: string[] = [];

beforeEach(async () => {
  base = await mkdtemp(join(tmpdir(), 'glance-python-'));
  dir = join(base, 'providers');
  env = { ...process.env, APP_CONTEXT_PROVIDERS_DIR: dir, GLANCE_HOME: join(base, 'home') };
  delete env['GIO_LAUNCHED_DESKTOP_FILE'];
  delete env['GIO_LAUNCHED_DESKTOP_FILE_PID'];
});

afterEach(async () => {
  for (const p of running.splice(0)) await p.stop();
  printed = [];
  await rm(base, { recursive: true, force: true });
});

/** Starts `command args`, waits for its start line and its descriptor, and returns both. */
async function start(command: string, args: string[], extraEnv: NodeJS.ProcessEnv = {}): Promise<{ p: Spawned; d: Descriptor; file: string }> {
  const p = spawnProcess(command, args, { ...env, ...extraEnv });
  running.push(p);
  const line = await p.waitFor(/providing context \(pid (\d+), endpoint (\S+), bundle id/, 15_000);
  expect(Number(line[1])).toBe(p.pid);
  const files = (await readdir(dir)).filter((f) => f.endsWith('.json'));
  expect(files).toHaveLength(1);
  const file = join(dir, files[0] as string);
  const d = JSON.parse(await readFile(file, 'utf8')) as Descriptor;
  expect(d.endpoint).toBe(line[2]);
  return { p, d, file };
}

async function glance(...args: string[]) {
  const result = await runGlance(args, env);
  printed.push(result.stdout, result.stderr);
  return result;
}

function expectNoToken(token: string, ...outputs: string[]): void {
  expect(token.length).toBeGreaterThanOrEqual(43);
  for (const output of outputs) expect(output).not.toContain(token);
}

// On macOS a bare python3 is in no .app, so it has no bundle id and no host can confirm its
// descriptor (docs/protocol.md, "Bundle identifiers"); Linux runs these.
describe.skipIf(process.platform === 'darwin')('the Python provider (on macOS a bare python3 has no bundle id: Linux runs these)', () => {
  it('passes every check of glance check-provider, and glance current and location read it', async () => {
    // A folder it owns with a looser mode: the provider tightens it to 0700.
    await mkdir(dir, { mode: 0o755 });
    await chmod(dir, 0o755);
    const { p, d, file } = await start('python3', [SCRIPT]);
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(d).toMatchObject({ protocol: '0.2.0', pid: p.pid });
    expect(d.endpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/context\/mcp$/);

    const check = await glance('check-provider', '--pid', String(p.pid), '--json', ...TIMEOUT);
    const report = JSON.parse(check.stdout) as { pid: number; checks: CheckResult[] };
    expect(report.checks.filter((c) => !c.ok)).toEqual([]);
    expect(check.code).toBe(0);
    expect(report.checks.map((c) => c.name)).toEqual(expect.arrayContaining([
      'folder-mode', 'file-mode', 'descriptor-bundle-id', 'listener-owner', 'listener-address', 'http-no-token',
      'http-origin-with-token', 'http-wrong-host', 'http-get', 'mcp-extension', 'current-tree', 'current-text-block',
      'location-unknown-id', 'location-known-id',
    ]));
    expect(report.checks.find((c) => c.name === 'descriptor-bundle-id')?.detail).toBe(d.bundleId);

    const current = await glance('current', '--pid', String(p.pid), '--json', ...TIMEOUT);
    expect(current.code).toBe(0);
    const got = JSON.parse(current.stdout) as { provider: Record<string, unknown>; answer: { protocol: string; instance: string; root: Record<string, unknown> }; warnings: string[] };
    expect(got.warnings).toEqual([]);
    expect(got.provider).toMatchObject({ bundleId: d.bundleId, name: 'Field Notes', pid: p.pid, instance: d.instance });
    expect(got.answer.protocol).toBe('0.2.0');
    expect(got.answer.instance).toBe(d.instance);
    expect(got.answer.root).toMatchObject({
      id: 'app', role: 'Application',
      children: [{
        id: 'win-1', role: 'Window', focused: true,
        children: [
          { id: 'note-1', role: 'Document', focused: true, children: [{ id: 'sel-1', role: 'Text', selected: true, content: [{ type: 'text' }] }] },
          { id: 'list-1', role: 'List', children: [{ id: 'row-1', role: 'Row' }, { id: 'row-2', role: 'Row', hovered: true }] },
        ],
      }],
    });

    const here = await glance('location', 'sel-1', '--pid', String(p.pid), '--instance', d.instance, '--json', ...TIMEOUT);
    expect(here.code).toBe(0);
    const location = JSON.parse(here.stdout) as { state: string; rects: unknown[] };
    expect(location.state).toBe('visible');
    expect(location.rects).toEqual([{ x: 380, y: 200, w: 560, h: 18 }, { x: 380, y: 218, w: 240, h: 18 }]);
    // An id it never issued is a tool error, which glance reports as exit 6.
    const never = await glance('location', 'no-such-id', '--pid', String(p.pid), '--instance', d.instance, ...TIMEOUT);
    expect(never.code).toBe(6);

    p.child.kill('SIGTERM');
    expect(await p.exited).toEqual({ code: 128 + 15, signal: null });
    expect(await readdir(dir)).toEqual([]);
    expectNoToken(d.token, p.output(), ...printed);
  }, 60_000);

  it('closes a slow client within twice its limit and reads only its own path, before the token (raw sockets)', async () => {
    const { d } = await start('python3', [SCRIPT]);
    const port = Number(new URL(d.endpoint).port);
    const body = '{"jsonrpc":"2.0","id":1,"method":"ping"}';
    const post = (target: string, auth: boolean, content = body): string =>
      `POST ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n${auth ? `Authorization: Bearer ${d.token}\r\n` : ''}Content-Length: ${Buffer.byteLength(content)}\r\n\r\n${content}`;
    // The head a byte at a time, and a connection that sends nothing: 5 s for the head.
    const [slowHead, silent] = await Promise.all([
      trickle(port, { first: '', slowly: `POST /context/mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Pad: ${'a'.repeat(64)}` }, 100, 40_000),
      trickle(port, { first: '', slowly: '' }, 1_000, 40_000),
    ]);
    for (const outcome of [slowHead, silent]) {
      expect(outcome.closedAfterMs).toBeDefined();
      expect(outcome.closedAfterMs as number).toBeGreaterThanOrEqual(4_900);
      expect(outcome.closedAfterMs as number).toBeLessThanOrEqual(10_000);
    }
    for (const target of ['/context/./mcp', '//context/mcp', '/context/mcp/', '/context/%6Dcp', '/context/mcp?x=1', `http://127.0.0.1:${port}/context/mcp`]) {
      expect((await socketExchange(port, post(target, false))).status, target).toBe(404);
      expect((await socketExchange(port, post(target, true))).status, target).toBe(404);
    }
    expect((await socketExchange(port, post('/context/mcp', false))).status).toBe(401);
    expect((await socketExchange(port, post('/context/mcp', true))).status).toBe(200);
    // Over the limit: answered before the body is read, then drained rather than reset under the client's writes.
    const big = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', params: { pad: 'x'.repeat(2 * 1024 * 1024) } });
    expect((await socketExchange(port, post('/context/mcp', true, big))).status).toBe(413);
    expectNoToken(d.token, ...printed);
  }, 60_000);

  it('removes its descriptor on SIGINT too, leaving no temporary file', async () => {
    const { p, d } = await start('python3', [SCRIPT]);
    p.child.kill('SIGINT');
    expect(await p.exited).toEqual({ code: 128 + 2, signal: null });
    expect(await readdir(dir)).toEqual([]);
    expectNoToken(d.token, p.output());
  });

  it('names itself by the desktop file GLib launched it from, but not by one its parent was launched from', async () => {
    const desktop = { GIO_LAUNCHED_DESKTOP_FILE: '/usr/share/applications/org.example.FieldNotes.desktop' };
    // exec keeps the shell's pid, so GIO_LAUNCHED_DESKTOP_FILE_PID names the provider itself,
    // as when GLib launches an app.
    const launched = await start('sh', ['-c', `export GIO_LAUNCHED_DESKTOP_FILE_PID=$$; exec python3 ${SCRIPT}`], desktop);
    expect(launched.d.bundleId).toBe('org.example.FieldNotes');
    const check = await glance('check-provider', '--pid', String(launched.p.pid), '--json', ...TIMEOUT);
    expect(check.code).toBe(0);
    await launched.p.stop();

    // Inherited from a parent (another pid): it does not count, and the executable names it.
    const inherited = await start('python3', [SCRIPT], { ...desktop, GIO_LAUNCHED_DESKTOP_FILE_PID: String(process.pid) });
    expect(inherited.d.bundleId).toMatch(/^python3/);
    const providers = await glance('providers', '--json');
    const rows = (JSON.parse(providers.stdout) as { descriptors: { verdict: string; bundleId?: string }[] }).descriptors;
    expect(rows).toEqual([expect.objectContaining({ verdict: 'usable', bundleId: inherited.d.bundleId })]);
    expectNoToken(inherited.d.token, launched.p.output(), inherited.p.output(), ...printed);
  }, 60_000);

  it('publishes the bundle id it is given, and warns when the system will not confirm it', async () => {
    const { p, d } = await start('python3', [SCRIPT, '--bundle-id', 'com.example.fieldnotes']);
    expect(d.bundleId).toBe('com.example.fieldnotes');
    expect(p.output()).toMatch(/the system reports this process as python3\S*, so hosts will ignore com\.example\.fieldnotes/);
    const providers = await glance('providers', '--json');
    const rows = (JSON.parse(providers.stdout) as { descriptors: { verdict: string; reason?: string }[] }).descriptors;
    expect(rows).toEqual([expect.objectContaining({ verdict: 'ignored', reason: expect.stringMatching(/names the app com\.example\.fieldnotes/) as unknown })]);
  });
});
