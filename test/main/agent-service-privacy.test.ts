// The app's side of privacy and control (docs/privacy.md) under the panel, over the real core: main's agent service with the
// privacy service (app/privacy/service.ts) on a real data folder, a real provider serving a tree
// with secrets and comments, and a local model server. What the panel sends leaves out what the
// rules and the secret scan hold back; --allow's counterpart (allowedIds) restores for one
// message; each request leaves a receipt, and "keep what was sent" keeps the exact body,
// encrypted with a real test cipher in place of safeStorage.
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openGlanceHome } from '../../app/home/folder.js';
import { silentLogger } from '../../app/log/logger.js';
import { createOs } from '../../app/os/index.js';
import type { Element } from '@app-context/provider-kit/protocol';
import { createPrivacyService, type PrivacyService } from '../../app/privacy/service.js';
import { collectContext } from '../../app/invocation/collect.js';
import { DEFAULT_SETTINGS, type Settings } from '../../contract/settings.js';
import { createAgentService, type AgentPort } from '../../main/flow/agent-service.js';
import type { CollectedContext } from '../../app/ask/subject.js';
import { describeCollection } from '../../main/flow/describe.js';
import type { AnswerState } from '../../contract/ipc.js';
import { openaiStream, startFakeServer, type FakeServer } from '../agent/fake-model-server.js';
import { testCipher } from '../history/fixtures.js';
import { makeProvidersDir } from '../helpers/providers-dir.js';
import { startTestProvider, type TestProvider } from '../helpers/test-provider.js';
import { requireBuild } from '../provider/helpers.js';
import { FAKE } from '../withhold/fake-secrets.js';

const os = createOs();
const text = (t: string) => [{ type: 'text' as const, text: t }];
const TREE: Element = {
  id: 'app', role: 'Application', title: 'Field Notes', children: [{
    id: 'doc', role: 'Document', title: 'River walk', focused: true, children: [
      { id: 'sel', role: 'Text', selected: true, content: text('The heron stood in the shallows.') },
      { id: 'key', role: 'Text', content: text(`deploy with ${FAKE.github.text}`) },
      { id: 'c1', role: 'Row', subrole: 'comment', content: text('COMMENT-ONE') },
    ],
  }],
};

let base: string;
let dir: Awaited<ReturnType<typeof makeProvidersDir>>;
let provider: TestProvider;
let model: FakeServer;
let settings: Settings;
let privacy: PrivacyService;
const cipher = testCipher();

beforeAll(async () => {
  requireBuild();
  dir = await makeProvidersDir();
  base = await mkdtemp(join(tmpdir(), 'glance-tree-'));
  await writeFile(join(base, 'tree.json'), JSON.stringify(TREE));
  provider = await startTestProvider(dir.dir, { TP_TREE_FILE: join(base, 'tree.json') });
}, 30_000);
afterAll(async () => {
  await provider.process.stop();
  await dir.cleanup();
  await rm(base, { recursive: true, force: true });
});
beforeEach(async () => {
  model = await startFakeServer(Array.from({ length: 4 }, () => ({ sse: openaiStream(['Answered.']) })));
  settings = { ...DEFAULT_SETTINGS, backend: 'openai', baseURL: `${model.url}/v1` };
  const home = (await openGlanceHome(join(base, `home-${Math.random().toString(16).slice(2)}`))).path;
  privacy = createPrivacyService({ home, settings: () => settings, cipher });
  return () => model.close();
});

/** Collects as the app does (core.privacy = the service's hooks), and keeps it as the controller does. */
async function collect(): Promise<CollectedContext> {
  const collection = await collectContext({ pid: provider.pid }, { os, env: dir.env, privacy: privacy.hooks });
  if (collection.kind !== 'collected') throw new Error(describeCollection(collection, { id: 1 }).reason);
  const { pid, bundleId, instance } = collection.provider;
  return { appName: 'Field Notes', root: collection.answer.root, source: collection.source, issuer: { pid, bundleId, instance }, ...(collection.screening ? { screening: collection.screening } : {}) };
}

function service(): { agent: AgentPort; settled: () => Promise<AnswerState> } {
  const published: (AnswerState | null)[] = [];
  const agent = createAgentService({
    settings: () => settings,
    apiKey: async () => undefined,
    overlay: { show: () => undefined, hide: () => undefined },
    publish: (answer) => published.push(answer),
    logger: silentLogger,
    privacy,
  });
  const settled = async (): Promise<AnswerState> => {
    await expect.poll(() => published.at(-1)?.turns.at(-1)?.status).not.toBe('answering');
    return published.at(-1) as AnswerState;
  };
  return { agent, settled };
}

const sha = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

describe('the panel\'s sends, with the privacy service', () => {
  it('withholds a secret and a rule\'s matches, in the preview and in what is sent, with a receipt per request', async () => {
    await privacy.rules.exclude('node', { subrole: 'comment' });
    const context = await collect();
    expect(context.screening).toEqual({ rule: 'allow', excludedByRule: [{ id: 'c1', rule: 'every element with subrole "comment"' }], withheld: [{ id: 'key', position: 3, kind: 'GitHub token', where: [expect.any(Number)] }] });
    const { agent, settled } = service();
    const preview = JSON.stringify(agent.preview({ invocation: 1, prompt: 'What?', removedIds: [] }, context));
    expect(preview).toContain('The heron');
    expect(preview).not.toContain(FAKE.github.text);
    expect(preview).not.toContain('COMMENT-ONE');

    expect((await agent.send({ invocation: 1, prompt: 'What?', removedIds: [] }, context)).ok).toBe(true);
    expect((await settled()).turns.at(-1)?.status).toBe('done');
    const raw = model.received[0]?.raw as Buffer;
    expect(raw.toString()).not.toContain(FAKE.github.text);
    expect(raw.toString()).not.toContain('COMMENT-ONE');
    const { receipts } = await privacy.history.list();
    expect(receipts).toEqual([expect.objectContaining({
      app: { bundleId: 'node', name: 'Field Notes', pid: provider.pid }, backend: 'openai', endpoint: model.url,
      sentIds: ['app', 'doc', 'sel'], excludedIds: ['c1'], withheld: [{ id: 'withheld@3', kind: 'GitHub token' }], bytes: raw.length, sha256: sha(raw),
    })]);
    // "Keep what was sent" is off by default: no payload.
    expect(await privacy.history.keptPayloads()).toEqual(new Set());
  });

  it('restores a withheld element for one message, and keeps the exact payload, encrypted, when asked to', async () => {
    settings = { ...settings, keepPayloads: true };
    const context = await collect();
    const { agent, settled } = service();
    await agent.send({ invocation: 1, prompt: 'What?', removedIds: [], allowedIds: ['key'] }, context);
    await settled();
    const raw = model.received[0]?.raw as Buffer;
    expect(raw.toString()).toContain(FAKE.github.text);
    const [kept] = (await privacy.history.list()).receipts;
    expect(kept?.withheld).toEqual([]);
    expect(await privacy.history.payload(kept?.id as string)).toBe(raw.toString('utf8'));
    // The payload, and the answer beside it once the turn is done (kept under the same rules).
    await expect.poll(async () => (await readdir(join(privacy.history.path, '..', 'payloads'))).sort()).toEqual([`${kept?.id as string}.answer.bin`, `${kept?.id as string}.bin`]);
    expect(await readFile(join(privacy.history.path, '..', 'payloads', `${kept?.id as string}.bin`), 'utf8')).not.toContain('heron');
  });

  it('keeps each answer with the receipt of the request it came back for, encrypted, only when the payload is kept', async () => {
    await model.close();
    model = await startFakeServer([{ sse: openaiStream(['The **heron**', ' waits.']) }, { sse: openaiStream(['It eats fish.']) }, { sse: openaiStream(['Not kept.']) }]);
    settings = { ...settings, baseURL: `${model.url}/v1`, keepPayloads: true };
    const context = await collect();
    const { agent, settled } = service();
    await agent.send({ invocation: 1, prompt: 'What?', removedIds: [] }, context);
    await settled();
    await expect.poll(async () => (await privacy.history.list()).receipts[0]?.answer).toBe('kept');
    await agent.send({ invocation: 1, prompt: 'And then?', removedIds: [] }, context);
    await expect.poll(async () => (await privacy.history.list()).receipts.filter((r) => r.answer === 'kept').length).toBe(2);
    // Newest first: the follow-up's receipt holds the follow-up's answer.
    const [second, first] = (await privacy.history.list()).receipts;
    expect(await privacy.history.answer(first?.id as string)).toBe('The **heron** waits.');
    expect(await privacy.history.answer(second?.id as string)).toBe('It eats fish.');
    expect(await readFile(privacy.history.path, 'utf8')).not.toContain('heron');
    // "Keep what was sent" off: the answer is not kept either.
    settings = { ...settings, keepPayloads: false };
    await agent.send({ invocation: 1, prompt: 'More?', removedIds: [] }, context);
    await expect.poll(async () => (await privacy.history.list()).receipts.length).toBe(3);
    await expect.poll(async () => (await settled()).turns.at(-1)?.status).toBe('done');
    const [third] = (await privacy.history.list()).receipts;
    expect(third?.answer).toBeUndefined();
    expect(await privacy.history.answer(third?.id as string)).toBeUndefined();
  });

  it('sends no context when the rule is local and the backend chosen since collecting is not on this machine', async () => {
    await privacy.rules.set('node', 'local');
    settings = { ...settings, baseURL: `http://127.0.0.1:${new URL(model.url).port}/v1` };
    const context = await collect();
    expect(context.screening?.rule).toBe('local');
    settings = { ...settings, baseURL: 'http://model.example.test:11434/v1' };
    const preview = JSON.stringify(service().agent.preview({ invocation: 1, prompt: 'What?', removedIds: [] }, context));
    expect(preview).toContain("No app context was sent (the user's rule keeps this app's context on this machine, and the model answering is not on it)");
    expect(preview).not.toContain('Field Notes');
    expect(preview).not.toContain('The heron');
  });

  it('never: the app is not asked, and the panel says it is the user\'s rule', async () => {
    await privacy.rules.set('node', 'never');
    const collection = await collectContext({ pid: provider.pid }, { os, env: dir.env, privacy: privacy.hooks });
    expect(collection.kind).toBe('ruled-out');
    expect(describeCollection(collection, { id: 1 })).toMatchObject({ phase: 'failed', appName: 'Test Provider', reason: expect.stringContaining('Your rule for node is "never"') });
  });
});
