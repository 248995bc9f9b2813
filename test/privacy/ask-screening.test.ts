// `glance ask` with a real provider serving a tree full of comments and secrets, and a local
// model server speaking each backend's API: standing exclusions by role and subrole, each kind
// of secret withheld and restorable for one message, and a receipt per request whose SHA-256 is
// that of the body the model server received. The history commands then read those receipts.
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAsk } from '../../app/cli/ask.js';
import type { CliIo } from '../../app/cli/io.js';
import { createHistoryStore } from '../../app/history/store.js';
import { openGlanceHome } from '../../app/home/folder.js';
import { createRulesStore } from '../../app/rules/store.js';
import { createOs } from '../../app/os/index.js';
import type { Element } from '@app-context/provider-kit/protocol';
import { collectContext } from '../../app/invocation/collect.js';
import { listIds } from '../../contract/review.js';
import { anthropicStream, openaiStream, startFakeServer, type FakeServer, type Reply } from '../agent/fake-model-server.js';
import { runGlance } from '../helpers/cli.js';
import { makeProvidersDir } from '../helpers/providers-dir.js';
import { startTestProvider, type TestProvider } from '../helpers/test-provider.js';
import { requireBuild } from '../provider/helpers.js';
import { receipt } from '../history/fixtures.js';
import { FAKE } from '../withhold/fake-secrets.js';

const os = createOs();
const PASSWORD_VALUE = 'correct-horse-battery-staple';
const text = (t: string) => [{ type: 'text' as const, text: t }];
const secretElements: Element[] = Object.entries(FAKE).map(([name, { text: secret }]) => ({ id: `s-${name}`, role: 'Text', content: text(`see ${secret}`) }));
const TREE: Element = {
  id: 'app', role: 'Application', title: 'Field Notes', children: [{
    id: 'win', role: 'Window', focused: true, children: [{
      id: 'doc', role: 'Document', title: 'River walk', focused: true, children: [
        { id: 'sel', role: 'Text', selected: true, content: text('The heron stood in the shallows.') },
        { id: 'c1', role: 'Row', subrole: 'comment', content: text('COMMENT-ONE') },
        { id: 'c2', role: 'Row', subrole: 'comment', children: [{ id: 'c2-reply', role: 'Text', content: text('COMMENT-REPLY') }] },
        { id: 'task', role: 'Row', subrole: 'task', content: text('TASK-ROW') },
        { id: 'fig', role: 'Image', title: 'FIGURE-TITLE' },
        { id: 'login', role: 'Group', attributes: { password: PASSWORD_VALUE } },
        ...secretElements,
      ],
    }],
  }],
};
const SECRETS = [...Object.values(FAKE).map((f) => f.text), PASSWORD_VALUE];
const WITHHELD = [...Object.entries(FAKE).map(([name, { kind }]) => ({ id: `s-${name}`, kind })), { id: 'login', kind: 'password' }].sort((a, b) => order(a.id) - order(b.id));
function order(id: string): number {
  return ['login', ...secretElements.map((e) => e.id)].indexOf(id);
}
/** How a receipt names each withheld element: by its position in the answer (app/withhold/shown.ts), never its id. */
const RECORDED = WITHHELD.map((w) => ({ id: `withheld@${listIds(TREE).indexOf(w.id)}`, kind: w.kind }));

let base: string;
let dir: Awaited<ReturnType<typeof makeProvidersDir>>;
let provider: TestProvider;
let env: NodeJS.ProcessEnv;
let model: FakeServer | undefined;

beforeAll(async () => {
  requireBuild();
  dir = await makeProvidersDir();
  base = await mkdtemp(join(tmpdir(), 'glance-tree-'));
  await writeFile(join(base, 'tree.json'), JSON.stringify(TREE));
  provider = await startTestProvider(dir.dir, { TP_TREE_FILE: join(base, 'tree.json') });
  env = { ...dir.env, OPENAI_API_KEY: 'sk-test-openai-key-not-real-0001', ANTHROPIC_API_KEY: 'sk-ant-test-key-not-real-0002' };
});
afterAll(async () => {
  await provider.process.stop();
  await dir.cleanup();
  await rm(base, { recursive: true, force: true });
});
beforeEach(async () => {
  await openGlanceHome(dir.home);
  await createRulesStore(dir.home).reset();
  await createHistoryStore({ home: dir.home }).clear();
  return async () => {
    await model?.close();
    model = undefined;
  };
});

function captureIo(): CliIo & { out: () => string; err: () => string } {
  let out = '';
  let err = '';
  return { stdout: (t) => void (out += t), stderr: (t) => void (err += t), env, out: () => out, err: () => err };
}
const ask = createAsk({ collect: collectContext });
const sha = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

/** Asks with the openai backend against a fresh local server; returns the first line and what the server got. */
async function askOpenAI(extra: string[], script: Reply[] = [{ sse: openaiStream(['Answered.']) }]) {
  model = await startFakeServer(script);
  const io = captureIo();
  const code = await ask(['what is this?', '--pid', String(provider.pid), '--backend', 'openai', '--base-url', `${model.url}/v1`, '--json', ...extra], io, { os });
  const first = JSON.parse(io.out().split('\n')[0] as string) as { withheld: unknown; excludedByRule: unknown; sent: unknown };
  return { code, first, io, bodies: model.received.map((r) => r.raw.toString('utf8')) };
}

describe('secrets held back', () => {
  it('withholds each kind, named by kind only; no secret reaches the model or the output', async () => {
    const { code, first, io, bodies } = await askOpenAI([]);
    expect(code).toBe(0);
    expect(first.withheld).toEqual(WITHHELD);
    expect(first.excludedByRule).toEqual([]);
    expect(bodies[0]).toContain('The heron stood in the shallows.');
    for (const secret of SECRETS) {
      for (const seen of [bodies[0], io.out(), io.err(), await readFile(join(dir.home, 'history.jsonl'), 'utf8')]) expect(seen).not.toContain(secret);
    }
    const [only] = (await createHistoryStore({ home: dir.home }).list()).receipts;
    expect(only?.withheld).toEqual(RECORDED);
    expect(JSON.stringify(only)).not.toMatch(/"s-|"login"/);
  });

  it('--allow sends one withheld element for this message only', async () => {
    const allowed = await askOpenAI(['--allow', 's-github']);
    expect(allowed.first.withheld).toEqual(WITHHELD.filter((w) => w.id !== 's-github'));
    expect(allowed.bodies[0]).toContain(FAKE.github.text);
    await model?.close();
    const next = await askOpenAI([]);
    expect(next.first.withheld).toEqual(WITHHELD);
    expect(next.bodies[0]).not.toContain(FAKE.github.text);
  });
});

describe('standing exclusions', () => {
  it('leave out elements by subrole, by role, and by both, each with its subtree, and say which rule did', async () => {
    for (const args of [['--subrole', 'comment'], ['--role', 'Image'], ['--role', 'Row', '--subrole', 'task']]) {
      expect((await runGlance(['rules', 'exclude', 'node', ...args], env)).code).toBe(0);
    }
    const { first, bodies, io } = await askOpenAI(['--allow', 'no-such-id']);
    expect(first.excludedByRule).toEqual([
      { id: 'c1', rule: 'every element with subrole "comment"' },
      { id: 'c2', rule: 'every element with subrole "comment"' },
      { id: 'task', rule: 'every Row with subrole "task"' },
      { id: 'fig', rule: 'every Image' },
    ]);
    for (const gone of ['COMMENT-ONE', 'COMMENT-REPLY', 'TASK-ROW', 'FIGURE-TITLE', '"c2-reply"']) expect(bodies[0]).not.toContain(gone);
    expect(io.err()).toContain('--allow no-such-id: no element with that id was withheld or left out by a rule');
    const [only] = (await createHistoryStore({ home: dir.home }).list()).receipts;
    expect(only?.excludedIds).toEqual(['c1', 'c2', 'task', 'fig']);
    expect(only?.sentIds).not.toContain('c2-reply');
  });

  it('--allow sends a rule-excluded element for this message; the user\'s own --exclude still wins', async () => {
    await runGlance(['rules', 'exclude', 'node', '--subrole', 'comment'], env);
    const { first, bodies } = await askOpenAI(['--allow', 'c1', '--exclude', 'task']);
    expect(first.excludedByRule).toEqual([{ id: 'c2', rule: 'every element with subrole "comment"' }]);
    expect(bodies[0]).toContain('COMMENT-ONE');
    expect(bodies[0]).not.toContain('TASK-ROW');
  });
});

describe('receipts', () => {
  it.each([
    ['openai', [{ sse: openaiStream([], [{ id: 'call_1', name: 'highlight', argPieces: ['{"ids":["sel"]}'] }]) }, { sse: openaiStream(['Shown.']) }]],
    ['anthropic', [{ sse: anthropicStream([], [{ id: 'tu_1', name: 'highlight', jsonPieces: ['{"ids":["sel"]}'] }]) }, { sse: anthropicStream(['Shown.']) }]],
  ] as const)('%s: one per request, its SHA-256 that of the body the model server received; never a key or token', async (backend, script) => {
    model = await startFakeServer([...script]);
    const io = captureIo();
    const baseURL = backend === 'openai' ? `${model.url}/v1` : model.url;
    expect(await ask(['what is this?', '--pid', String(provider.pid), '--backend', backend, '--base-url', baseURL, '--model', 'test-model', '--json'], io, { os })).toBe(0);
    expect(model.received).toHaveLength(2);
    const { receipts } = await createHistoryStore({ home: dir.home }).list();
    const oldestFirst = [...receipts].reverse();
    expect(oldestFirst.map((r) => [r.bytes, r.sha256])).toEqual(model.received.map((r) => [r.raw.length, sha(r.raw)]));
    for (const r of receipts) {
      expect(r).toMatchObject({ app: { bundleId: 'node', name: 'Test Provider', pid: provider.pid }, backend, model: 'test-model', endpoint: model.url });
      expect(r.sentIds).toContain('sel');
      expect(r.sentIds).not.toContain('s-github');
    }
    const file = await readFile(join(dir.home, 'history.jsonl'), 'utf8');
    for (const never of [env['OPENAI_API_KEY'] as string, env['ANTHROPIC_API_KEY'] as string, provider.descriptor.token, 'The heron']) expect(file).not.toContain(never);
  });
});

describe('glance history', () => {
  it('lists, shows and clears the receipts `ask` left', async () => {
    await askOpenAI([]);
    await model?.close();
    await askOpenAI(['--allow', 'login']);
    const list = await runGlance(['history', '--json'], env);
    expect(list.code).toBe(0);
    const receipts = JSON.parse(list.stdout) as { id: string; withheld: unknown[] }[];
    expect(receipts).toHaveLength(2);
    // Newest first: the second ask sent the password element.
    expect(receipts.map((r) => r.withheld.length)).toEqual([WITHHELD.length - 1, WITHHELD.length]);
    expect(JSON.parse((await runGlance(['history', '--json', '--limit', '1'], env)).stdout)).toEqual([receipts[0]]);

    const id = receipts[1]?.id as string;
    const shown = await runGlance(['history', 'show', id, '--json'], env);
    expect(JSON.parse(shown.stdout)).toEqual(receipts[1]);
    const human = await runGlance(['history', 'show', id], env);
    expect(human.stdout).toContain(`Receipt ${id}`);
    expect(human.stdout).toContain(`withheld  ${RECORDED.find((w) => w.kind === 'password')?.id} (password)`);
    expect((await runGlance(['history'], env)).stdout).toContain(`Test Provider (node, pid ${provider.pid}) to openai, model llama3.2, at ${model?.url}`);

    expect(await runGlance(['history', 'show', 'ffffffffffffffff'], env)).toMatchObject({ code: 2, stderr: expect.stringContaining('no receipt has the id "ffffffffffffffff"') });
    expect(await runGlance(['history', 'clear', '--yes'], env)).toMatchObject({ code: 0, stdout: '2 receipts and every kept payload removed.\n' });
    expect(JSON.parse((await runGlance(['history', '--json'], env)).stdout)).toEqual([]);
  });

  it('prunes receipts older than the days the settings keep', async () => {
    await writeFile(join(dir.home, 'settings.json'), JSON.stringify({ historyDays: 2 }));
    const history = createHistoryStore({ home: dir.home });
    await history.append(receipt({ id: '00000000000000a1', at: new Date(Date.now() - 3 * 86_400_000).toISOString() }));
    await history.append(receipt({ id: '00000000000000a2', at: new Date(Date.now() - 1 * 86_400_000).toISOString() }));
    const list = await runGlance(['history', '--json'], env);
    expect((JSON.parse(list.stdout) as { id: string }[]).map((r) => r.id)).toEqual(['00000000000000a2']);
    expect((await history.list()).receipts.map((r) => r.id)).toEqual(['00000000000000a2']);
    await rm(join(dir.home, 'settings.json'));
  });

  it('glance ask prunes old receipts on every run, also one that sends no context and records no receipt', async () => {
    await writeFile(join(dir.home, 'settings.json'), JSON.stringify({ historyDays: 2 }));
    const history = createHistoryStore({ home: dir.home });
    await history.clear();
    await history.append(receipt({ id: '00000000000000b1', at: new Date(Date.now() - 3 * 86_400_000).toISOString() }));
    await history.append(receipt({ id: '00000000000000b2', at: new Date(Date.now() - 1 * 86_400_000).toISOString() }));
    // This test's own process shares no context: the offline answerer gets the question alone.
    const run = await runGlance(['ask', 'anything?', '--pid', String(process.pid), '--backend', 'offline', '--json'], env);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout.split('\n')[0] as string)).toMatchObject({ provider: null });
    expect((await history.list()).receipts.map((r) => r.id)).toEqual(['00000000000000b2']);
    await rm(join(dir.home, 'settings.json'));
  });
});

describe('glance ask as a user runs it', () => {
  it('prints withheld and excludedByRule on its first line and records the receipt', async () => {
    await runGlance(['rules', 'exclude', 'node', '--role', 'Image'], env);
    model = await startFakeServer([{ sse: openaiStream(['Answered.']) }]);
    const run = await runGlance(['ask', 'what is this?', '--pid', String(provider.pid), '--backend', 'openai', '--base-url', `${model.url}/v1`, '--allow', 's-cardSpaces', '--json'], env);
    expect(run.code).toBe(0);
    const first = JSON.parse(run.stdout.split('\n')[0] as string) as Record<string, unknown>;
    expect(first['excludedByRule']).toEqual([{ id: 'fig', rule: 'every Image' }]);
    expect(first['withheld']).toEqual(WITHHELD.filter((w) => w.id !== 's-cardSpaces'));
    expect(model.received[0]?.raw.toString()).toContain(FAKE.cardSpaces.text);
    const { receipts } = await createHistoryStore({ home: dir.home }).list();
    expect(receipts.map((r) => r.sha256)).toEqual([sha(model.received[0]?.raw as Buffer)]);
  });
});
