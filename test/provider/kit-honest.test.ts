// What the kit tells the developer, from a real provider process written with the kit
// (test/fixtures/kit-app.mjs), over a real MCP connection: each correction it makes to the
// tree (kind and id, never content), one line per kind on stderr by default, the errors thrown
// in the app's own functions as the errors themselves, a repeated id named where it happens and
// refused by location for that cause, and a bundle id the OS will not confirm, at start.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterEach, describe, expect, it } from 'vitest';
import { DescriptorSchema } from '@app-context/provider-kit/protocol';
import { makeProvidersDir } from '../helpers/providers-dir.js';
import { spawnNode, type Spawned } from '../helpers/spawn.js';
import { connect, descriptorFiles, READY } from './helpers.js';

const FIXTURE = 'test/fixtures/kit-app.mjs';

interface Reported {
  kind: string;
  id?: string;
  fatal: boolean;
  message: string;
  error?: string;
}

interface App {
  proc: Spawned;
  client: Client;
  stderr: () => string;
  problems: () => Reported[];
  token: string;
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function start(scenario: string, env: NodeJS.ProcessEnv = {}): Promise<App> {
  const folder = await makeProvidersDir();
  const { GIO_LAUNCHED_DESKTOP_FILE: _f, GIO_LAUNCHED_DESKTOP_FILE_PID: _p, ...clean } = folder.env;
  const proc = spawnNode(FIXTURE, [scenario], { ...clean, ...env });
  cleanups.push(async () => {
    await proc.stop();
    await folder.cleanup();
  });
  let stderr = '';
  proc.child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  await proc.waitFor(READY);
  const file = descriptorFiles(folder.dir).find((f) => f.endsWith(`.${proc.pid}.json`));
  if (file === undefined) throw new Error('no descriptor');
  const descriptor = DescriptorSchema.parse(JSON.parse(readFileSync(join(folder.dir, file), 'utf8')));
  const client = await connect(descriptor.endpoint, descriptor.token);
  cleanups.push(() => client.close());
  const problems = (): Reported[] => [...proc.output().matchAll(/^problem (.*)$/gm)].map((m) => JSON.parse(m[1] as string) as Reported);
  return { proc, client, stderr: () => stderr, problems, token: descriptor.token };
}

const callCurrent = (app: App) => app.client.callTool({ name: 'current', arguments: {} });
const callLocation = (app: App, id: string) => app.client.callTool({ name: 'location', arguments: { id } });
const text = (result: unknown): string => ((result as { content?: { text?: string }[] }).content?.[0]?.text ?? '');

/** The kit's own stderr lines, by kind. */
function stderrKinds(stderr: string): string[] {
  return [...stderr.matchAll(/^app-context provider: ([a-z-]+): /gm)].map((m) => m[1] as string);
}

describe('each correction to the tree', () => {
  it('is one line on stderr per kind by default, with ids and never content', async () => {
    const app = await start('corrections');
    await callCurrent(app);
    await callCurrent(app);
    await new Promise((r) => setTimeout(r, 100));
    const kinds = stderrKinds(app.stderr());
    for (const kind of ['second-application', 'unknown-role', 'hovered-many', 'repeated-id']) {
      expect(kinds.filter((k) => k === kind), kind).toHaveLength(1);
    }
    expect(new Set(kinds).size).toBe(kinds.length);
    const err = app.stderr();
    expect(err).toMatch(/second-application: element inner-app /);
    expect(err).toMatch(/hovered-many: 2 elements are hovered \(doc, odd-1\)/);
    // Not Node's warning machinery ("(node:123) Warning: ..."), and no titles or role names the app made up.
    expect(err).not.toMatch(/\(node:\d+\)|Kit App|Sprocket|Widget/);
  });

  it('reaches onProblem each, with the id, and a repeated id named where it happens', async () => {
    const app = await start('corrections', { REPORT: '1' });
    await callCurrent(app);
    await app.proc.waitFor(/problem .*hovered-many/);
    const problems = app.problems();
    expect(problems.filter((p) => p.kind === 'unknown-role').map((p) => p.id).sort()).toEqual(['odd-1', 'odd-2']);
    expect(problems.find((p) => p.kind === 'second-application')?.id).toBe('inner-app');
    const repeated = problems.filter((p) => p.kind === 'repeated-id');
    expect(repeated.map((p) => p.id).sort()).toEqual(['again', 'twice']);
    expect(repeated.find((p) => p.id === 'twice')?.message).toMatch(/again under list \(first under win\)/);
    expect(repeated.find((p) => p.id === 'again')?.message).toMatch(/again under win \(first under list\)/);
  });
});

describe('errors thrown in the app\'s functions', () => {
  it('reach onProblem as the error itself, and the host gets a tool error with its message; stderr names only the kind', async () => {
    const app = await start('throwing', { REPORT: '1' });
    const result = await callCurrent(app);
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(/TypeError: cannot read note 7 \(thrown by the fixture\)/);
    await app.proc.waitFor(/problem .*current-failed/);
    expect(app.problems().find((p) => p.kind === 'current-failed')).toMatchObject({ fatal: true, error: 'TypeError: cannot read note 7 (thrown by the fixture)' });
    expect(stderrKinds(app.stderr())).toContain('current-failed');
    expect(app.stderr()).not.toContain('cannot read note 7');
  });

  it('thrown by location, reach onProblem as the error itself', async () => {
    const app = await start('throwing-location', { REPORT: '1' });
    await callCurrent(app);
    const result = await callLocation(app, 'sel');
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(/element sel.*RangeError: no view for that element/);
    await app.proc.waitFor(/problem .*location-failed/);
    expect(app.problems().find((p) => p.kind === 'location-failed')).toMatchObject({ id: 'sel', error: 'RangeError: no view for that element (thrown by the fixture)' });
  });
});

describe('a repeated id', () => {
  it('whose element then vanished gives location the cause: the id names more than one element', async () => {
    const app = await start('repeated', { REPORT: '1' });
    await callCurrent(app);
    const before = await callLocation(app, 'row');
    expect(before.isError).toBe(true);
    expect(text(before)).toMatch(/element row .*more than one element/);
    app.proc.child.stdin?.write('vanish\n');
    await app.proc.waitFor(/ok vanish/);
    await callCurrent(app);
    const after = await callLocation(app, 'row');
    expect(after.isError).toBe(true);
    expect(text(after)).toMatch(/element row .*more than one element/);
    expect(app.problems().filter((p) => p.kind === 'repeated-id').map((p) => p.message).join('\n')).toMatch(/location was asked for element row/);
  });
});

describe('a bundle id the OS will not confirm', () => {
  it('is warned about at start, saying what to pass instead', async () => {
    const app = await start('bundle-mismatch', { REPORT: '1' });
    const problem = app.problems().find((p) => p.kind === 'bundle-id-mismatch');
    expect(problem?.fatal).toBe(false);
    expect(stderrKinds(app.stderr())).toEqual(['bundle-id-mismatch']);
    if (process.platform === 'linux') {
      expect(problem?.message).toMatch(/com\.example\.mismatch is not what Linux reports for this process \(node\).*pass bundleId: 'node'/);
    } else if (process.platform === 'darwin') {
      expect(problem?.message).toMatch(/com\.example\.mismatch.*macOS reports no bundle id for this process/);
    }
    // The default (no bundleId) warns about nothing.
    const quiet = await start('cannot-place', { REPORT: '1' });
    expect(quiet.problems()).toEqual([]);
    expect(quiet.stderr()).toBe('');
  });
});
