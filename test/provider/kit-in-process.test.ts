// The kit in this process: the folder rules, problem reporting through onProblem and the
// logger, a deep tree, locations, and setup errors that publish nothing.
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Logger } from '../../app/log/logger.js';
import { DescriptorSchema, type Element } from '@app-context/provider-kit/protocol';
import { ProviderSetupError, startProvider, type ProviderProblem, type ProviderOptions, type RunningProvider } from '@app-context/provider-kit';
import { connect } from './helpers.js';

const temps: string[] = [];
const running: RunningProvider[] = [];
afterEach(async () => {
  for (const p of running.splice(0)) await p.stop();
  for (const t of temps.splice(0)) rmSync(t, { recursive: true, force: true });
});

function tempBase(): string {
  const base = mkdtempSync(join(tmpdir(), 'glance-kit-'));
  temps.push(base);
  return base;
}

async function start(options: Partial<ProviderOptions> & { folder: string }): Promise<{ provider: RunningProvider; token: string }> {
  // No bundleId: the kit's default is what the OS reports, so no start-up warning interferes.
  const provider = await startProvider({ name: 'Kit Test', version: '1.0.0', current: () => ({ id: 'app', role: 'Application' }), ...options });
  running.push(provider);
  const token = DescriptorSchema.parse(JSON.parse(readFileSync(provider.descriptorPath, 'utf8'))).token;
  return { provider, token };
}

/** A logger that records lines, to show the kit never hands it the token or app data. */
function recordingLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  const push = (m: string): void => void lines.push(m);
  return { lines, debug: push, info: push, warn: push, error: push };
}

describe('the providers folder', () => {
  it('is created 0700, and an existing 0755 folder is set to 0700', async () => {
    const base = tempBase();
    const fresh = join(base, 'a', 'providers');
    await start({ folder: fresh });
    expect(statSync(fresh).mode & 0o777).toBe(0o700);
    const loose = join(base, 'loose');
    mkdirSync(loose, { mode: 0o755 });
    chmodSync(loose, 0o755);
    await start({ folder: loose });
    expect(statSync(loose).mode & 0o777).toBe(0o700);
  });

  it('is an error, with nothing published, when it is a file or belongs to another user', async () => {
    const base = tempBase();
    const file = join(base, 'file');
    writeFileSync(file, '');
    await expect(start({ folder: file })).rejects.toBeInstanceOf(ProviderSetupError);
    if (process.getuid?.() === 0) {
      // Only root can hand a folder to someone else; elsewhere this part cannot be arranged.
      const other = join(base, 'other');
      mkdirSync(other, { mode: 0o700 });
      chownSync(other, 4321, 4321);
      await expect(start({ folder: other })).rejects.toThrow(/another user/);
      expect(readdirSync(other)).toEqual([]);
    }
  });
});

describe('the endpoint path', () => {
  it.each(['/context/../mcp', '/./mcp', '/context/..'])('refuses %s, which hosts would ignore (docs/protocol.md, "The endpoint"), before publishing', async (path) => {
    const folder = join(tempBase(), 'providers');
    await expect(start({ folder, path })).rejects.toThrow(/path is one hosts refuse: it has a "\.{1,2}" segment/);
    expect(existsSync(folder) ? readdirSync(folder) : []).toEqual([]);
  });
});

describe('problems in the app tree', () => {
  const broken = {
    id: 'app', role: 'Application',
    children: [
      { id: 'w', role: 'Window', focused: true, hovered: true, children: [{ id: 'd', role: 'Document' }, { id: 'deep', role: 'Text', focused: true }] },
      { id: 'w2', role: 'Window', children: [{ id: 'x', role: 'Text', focused: true }] },
      { id: 'w', role: 'Window' },
      { id: 'bad id!', role: 'Group' },
      { id: 'second', role: 'Application' },
      { id: 'odd', role: 'Sprocket', hovered: true, title: 'SECRET TITLE', selected: 'yes' },
      { id: 'f1', role: 'Group', focused: true },
    ],
  } as unknown as Element;

  it('are each reported once through onProblem and the logger, never with app data, and the answer still goes out', async () => {
    const problems: ProviderProblem[] = [];
    const logger = recordingLogger();
    const { provider, token } = await start({ folder: join(tempBase(), 'p'), current: () => broken, onProblem: (p) => problems.push(p), logger });
    const client = await connect(provider.endpoint, token);
    try {
      const first = await client.callTool({ name: 'current', arguments: {} });
      await client.callTool({ name: 'current', arguments: {} });
      expect(first.isError).toBeFalsy();
      const kinds = problems.map((p) => p.kind);
      for (const kind of ['repeated-id', 'invalid-id', 'second-application', 'unknown-role', 'focus-gap', 'focus-fork', 'hovered-many', 'invalid-state'] as const) {
        expect(kinds, kind).toContain(kind);
      }
      // Asked twice, reported once.
      expect(new Set(problems.map((p) => `${p.kind}:${p.id}:${p.message}`)).size).toBe(problems.length);
      expect(problems.find((p) => p.kind === 'focus-gap')?.id).toBe('x');
      const text = [...logger.lines, ...problems.map((p) => p.message)].join('\n');
      expect(text).not.toContain('SECRET TITLE');
      expect(text).not.toContain('Sprocket');
      expect(text).not.toContain(token);
      // What goes out is what a host would keep: the unknown role is Group, the repeat dropped.
      const root = (first.structuredContent as { root: Element }).root;
      expect(root.children?.map((c) => c.id)).toEqual(['w', 'w2', 'second', 'odd', 'f1']);
      expect(root.children?.find((c) => c.id === 'odd')?.role).toBe('Group');
    } finally {
      await client.close();
    }
  });

  it('that are fatal give the host a tool error and the developer a clear message', async () => {
    const problems: ProviderProblem[] = [];
    const { provider, token } = await start({ folder: join(tempBase(), 'p'), current: () => 'not a tree' as unknown as Element, onProblem: (p) => problems.push(p) });
    const client = await connect(provider.endpoint, token);
    try {
      const result = await client.callTool({ name: 'current', arguments: {} });
      expect(result.isError).toBe(true);
      expect((result.content as { text: string }[])[0]?.text).toMatch(/not an element object/);
      expect(problems).toEqual([expect.objectContaining({ kind: 'not-an-object', fatal: true })]);
    } finally {
      await client.close();
    }
  });

  it('hand a throwing current function\'s error to onProblem, and its message only to the host\'s tool error, never to the log', async () => {
    const thrown = new Error('DOCUMENT TEXT');
    const problems: ProviderProblem[] = [];
    const logger = recordingLogger();
    const { provider, token } = await start({ folder: join(tempBase(), 'p'), current: () => { throw thrown; }, onProblem: (p) => problems.push(p), logger });
    const client = await connect(provider.endpoint, token);
    try {
      const result = await client.callTool({ name: 'current', arguments: {} });
      expect(result.isError).toBe(true);
      // Hosts never show or log a tool error's text; check-provider shows it to the developer.
      expect((result.content as { text: string }[])[0]?.text).toBe("the app's current function failed: Error: DOCUMENT TEXT");
      expect(problems).toHaveLength(1);
      expect(problems[0]?.error).toBe(thrown);
      expect(logger.lines.join('\n')).toMatch(/current-failed: the current function threw Error/);
      expect(logger.lines.join('\n')).not.toContain('DOCUMENT TEXT');
    } finally {
      await client.close();
    }
  });
});

describe('a deep tree', () => {
  it('of 10,000 levels is answered, cut at 64 levels, without crashing the SDK output validation', async () => {
    let node: Element = { id: 'leaf', role: 'Text' };
    for (let i = 0; i < 10_000; i += 1) node = { id: `g${i}`, role: 'Group', children: [node] };
    const problems: ProviderProblem[] = [];
    const { provider, token } = await start({ folder: join(tempBase(), 'p'), current: () => ({ id: 'app', role: 'Application', children: [node] }), onProblem: (p) => problems.push(p) });
    const client = await connect(provider.endpoint, token);
    try {
      await client.listTools(); // makes the SDK client validate structuredContent as well
      const result = await client.callTool({ name: 'current', arguments: {} });
      expect(result.isError).toBeFalsy();
      let depth = 0;
      for (let e: Element | undefined = (result.structuredContent as { root: Element }).root; e; e = e.children?.[0]) depth += 1;
      expect(depth).toBe(64);
      expect(problems.map((p) => p.kind)).toEqual(['too-deep']);
    } finally {
      await client.close();
    }
  });
});

describe('location', () => {
  it('is not listed without a location function, and reports malformed locations', async () => {
    const bare = await start({ folder: join(tempBase(), 'p') });
    const c1 = await connect(bare.provider.endpoint, bare.token);
    expect((await c1.listTools()).tools.map((t) => t.name)).toEqual(['current']);
    await c1.close();
    const problems: ProviderProblem[] = [];
    const odd = await start({
      folder: join(tempBase(), 'q'),
      current: () => ({ id: 'app', role: 'Application', children: [{ id: 'a', role: 'Text' }, { id: 'b', role: 'Text' }, { id: 'c', role: 'Text' }] }),
      location: (id) => (id === 'a' ? ({ state: 'somewhere' } as never) : id === 'b' ? undefined : { state: 'gone', rects: [{ x: 0, y: 0, w: 1, h: 1 }] }),
      onProblem: (p) => problems.push(p),
    });
    const c2 = await connect(odd.provider.endpoint, odd.token);
    try {
      await c2.callTool({ name: 'current', arguments: {} });
      expect((await c2.callTool({ name: 'location', arguments: { id: 'a' } })).isError).toBe(true);
      expect((await c2.callTool({ name: 'location', arguments: { id: 'b' } })).isError).toBe(true);
      expect((await c2.callTool({ name: 'location', arguments: { id: 'c' } })).structuredContent).toEqual({ state: 'gone', rects: [] });
      expect(problems.map((p) => [p.kind, p.id])).toEqual([['invalid-location', 'a'], ['invalid-location', 'c']]);
    } finally {
      await c2.close();
    }
  });
});

// appPid: this process serves its parent as its helper (docs/protocol.md, "Providers served by a helper").
describe('a provider served by a helper (appPid)', () => {
  it("names the app as pid and this process as helperPid, with the app's bundle id and the helper's file name", async () => {
    const folder = join(tempBase(), 'providers');
    const { provider } = await start({ folder, appPid: process.ppid });
    const descriptor = DescriptorSchema.parse(JSON.parse(readFileSync(provider.descriptorPath, 'utf8')));
    expect(provider).toMatchObject({ pid: process.ppid, helperPid: process.pid });
    expect(descriptor).toMatchObject({ pid: process.ppid, helperPid: process.pid, bundleId: provider.bundleId });
    expect(readdirSync(folder)).toEqual([`${provider.bundleId.replace(/[^A-Za-z0-9._-]/g, '_')}.${process.ppid}.${process.pid}.json`]);
  });

  it('is a provider like any other with appPid equal to its own pid', async () => {
    const { provider } = await start({ folder: join(tempBase(), 'providers'), appPid: process.pid });
    expect(provider.pid).toBe(process.pid);
    expect(Object.hasOwn(provider, 'helperPid')).toBe(false);
  });

  it('refuses to start for an app it does not descend from, and for a pid that is no process id, publishing nothing', async () => {
    const folder = join(tempBase(), 'providers');
    await expect(start({ folder, appPid: 1 << 30 })).rejects.toThrow(ProviderSetupError);
    await expect(start({ folder, appPid: 1 << 30 })).rejects.toThrow(/cannot serve app 1073741824 as its helper: process \d+ is not a descendant of process 1073741824/);
    await expect(start({ folder, appPid: -3 })).rejects.toThrow(/appPid must be a positive whole number/);
    expect(existsSync(folder) ? readdirSync(folder) : []).toEqual([]);
  });
});
