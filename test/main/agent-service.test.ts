// main's AgentPort (main/flow/agent-service.ts) over the real core: a real Sample Notes process,
// the real createOs(), locateRef, and a local model server speaking OpenAI's streaming format
// to the official SDK. Only the panel and the overlay windows are recorders.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../app/log/logger.js';
import { createOs } from '../../app/os/index.js';
import type { Element, Rect } from '@app-context/provider-kit/protocol';
import { collectContext } from '../../app/invocation/collect.js';
import { locateRef } from '../../app/invocation/locate.js';
import type { ElementRef } from '../../app/invocation/types.js';
import { DEFAULT_SETTINGS, type Settings } from '../../contract/settings.js';
import { createAgentService, type AgentPort } from '../../main/flow/agent-service.js';
import type { CollectedContext } from '../../app/ask/subject.js';
import type { ContextSource } from '../../app/sources/source.js';
import type { AnswerState } from '../../contract/ipc.js';
import { openaiStream, startFakeServer, type FakeServer, type Reply } from '../agent/fake-model-server.js';
import { makeProvidersDir } from '../helpers/providers-dir.js';
import { refusalWords } from '../../renderer/src/words/rules.js';
import { chipStateWords } from '../../renderer/src/words/answer.js';
import { requireBuild, SAMPLE, startChild, type ChildProvider } from '../provider/helpers.js';

const os = createOs();
let dir: Awaited<ReturnType<typeof makeProvidersDir>>;
let sample: ChildProvider;
let collected: CollectedContext;
let model: FakeServer;
const script: Reply[] = [];

function find(root: Element, test: (e: Element) => boolean): Element {
  const stack = [root];
  while (stack.length > 0) {
    const e = stack.pop() as Element;
    if (test(e)) return e;
    stack.push(...(e.children ?? []));
  }
  throw new Error('no such element');
}

beforeAll(async () => {
  requireBuild();
  dir = await makeProvidersDir();
  [sample, model] = await Promise.all([startChild(SAMPLE, dir.env, dir.dir), startFakeServer(script)]);
  const collection = await collectContext({ pid: sample.proc.pid }, { os, env: dir.env });
  if (collection.kind !== 'collected') throw new Error(`Sample Notes gave no context: ${collection.kind}`);
  const { pid, bundleId, instance } = collection.provider;
  collected = { appName: 'Sample Notes', root: collection.answer.root, source: collection.source, issuer: { pid, bundleId, instance } };
}, 30_000);
afterAll(async () => {
  await Promise.all([sample?.proc.stop(), model?.close()]);
  await dir?.cleanup();
});

interface Rig {
  agent: AgentPort;
  /** What the press would hold and hand in with each request. */
  about: CollectedContext;
  published: (AnswerState | null)[];
  drawn: Rect[][];
  /** The label drawn beside each ring (undefined for several elements at once). */
  labels: (string | undefined)[];
  asked: { ref: ElementRef; asked: boolean }[];
  last(): AnswerState;
  settled(): Promise<AnswerState>;
}

function rig(settings: Partial<Settings> = {}, context: CollectedContext = collected): Rig {
  const published: (AnswerState | null)[] = [];
  const drawn: Rect[][] = [];
  const labels: (string | undefined)[] = [];
  const asked: Rig['asked'] = [];
  // The collection's own source, watched: every locate goes through it, and only it.
  const source: ContextSource = {
    kind: 'provider',
    locate: async (id, options) => {
      const ref = { ...context.issuer, id };
      const result = await locateRef(ref, { os, env: dir.env }, options);
      asked.push({ ref, asked: result.asked });
      return result;
    },
  };
  const about = { ...context, source };
  const agent = createAgentService({
    settings: () => ({ ...DEFAULT_SETTINGS, ...settings }),
    apiKey: async () => 'sk-test-key-in-the-keychain',
    overlay: { show: (rects, label) => { drawn.push([...rects]); labels.push(label); }, hide: () => drawn.push([]) },
    publish: (answer) => published.push(answer),
    logger: silentLogger,
  });
  const last = (): AnswerState => published.filter((a): a is AnswerState => a !== null).at(-1) as AnswerState;
  const settled = async (): Promise<AnswerState> => {
    await expect.poll(() => last()?.turns.at(-1)?.status).not.toBe('answering');
    return last();
  };
  return { agent, about, published, drawn, labels, asked, last, settled };
}

const send = (r: Rig, prompt: string, removedIds: string[] = []) => r.agent.send({ invocation: 1, prompt, removedIds }, r.about);
const selected = (): Element => find(collected.root, (e) => e.selected === true);
const note = (): Element => find(collected.root, (e) => e.role === 'Document' && e.focused === true);

beforeEach(() => {
  script.length = 0;
});

describe('the agent service', () => {
  it('streams deltas to the panel, turns cited ids into chips, and highlights through the issuing provider', async () => {
    const sel = selected().id;
    script.push({ sse: openaiStream(['It is ', `\`${sel}\``, ' in [', `${note().id}]`], [{ id: 'c1', name: 'highlight', argPieces: [`{"ids":["${sel}","made-up"]}`] }]) });
    script.push({ sse: openaiStream(['Highlighted.']) });
    const r = rig({ backend: 'openai', baseURL: `${model.url}/v1` });
    expect(await send(r, 'Where?')).toEqual({ ok: true });
    const answer = await r.settled();
    expect(answer.turns).toEqual([{ question: 'Where?', text: `It is \`${sel}\` in [${note().id}]Highlighted.`, status: 'done' }]);
    // Each piece was published as it came: the panel saw the answer grow.
    const texts = r.published.map((a) => a?.turns[0]?.text ?? '');
    expect(texts).toContain('It is ');
    expect(answer.chips.map((c) => [c.id, c.role, c.state])).toEqual([[sel, 'Text', 'visible'], [note().id, 'Document', 'idle']]);
    // The highlight asked Sample Notes (the recorded pid and instance) and drew its rects; the
    // made-up id became no chip and nobody was asked about it.
    expect(r.asked).toEqual([{ ref: { ...collected.issuer, id: sel }, asked: true }]);
    expect(r.drawn.at(-1)?.length).toBeGreaterThan(0);
    // The ring is labelled with the element's role and title, or its id when it has none.
    expect(r.labels.at(-1)).toBe(`Text ${sel}`);
    expect(model.received[0]?.headers['authorization']).toBe('Bearer sk-test-key-in-the-keychain');
  });

  it('previews exactly what it sends, applies removals, and reuses the conversation for a follow-up', async () => {
    const r = rig({ backend: 'openai', baseURL: `${model.url}/v1` });
    const removed = [find(collected.root, (e) => e.subrole === 'task-list').id];
    const preview = r.agent.preview({ invocation: 1, prompt: 'Sum up', removedIds: removed }, r.about);
    expect(JSON.stringify(preview)).not.toContain('task-list');
    script.push({ sse: openaiStream(['Summed.']) }, { sse: openaiStream(['Again.']) });
    await send(r, 'Sum up', removed);
    await r.settled();
    const first = model.received.at(-1)?.body['messages'] as { content: unknown }[];
    const texts = (first[1]?.content as { type: string; text?: string }[]).filter((p) => p.type === 'text').map((p) => p.text);
    expect(texts).toEqual(preview?.messages[0]?.role === 'user' ? preview.messages[0].parts.flatMap((p) => (p.type === 'text' ? [p.text] : [])) : []);

    const followUp = r.agent.preview({ invocation: 1, prompt: 'And?', removedIds: [] }, r.about);
    expect(followUp?.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    await send(r, 'And?');
    expect((await r.settled()).turns.map((t) => t.text)).toEqual(['Summed.', 'Again.']);
    expect((model.received.at(-1)?.body['messages'] as unknown[]).length).toBe(4);
  });

  it('stops a slow answer: the stream closes and the turn says it stopped; dispose forgets the conversation', async () => {
    script.push({ sse: openaiStream(['Thinking', ' slowly']), pauseMs: 1000, hang: true });
    const r = rig({ backend: 'openai', baseURL: `${model.url}/v1` });
    const closed = model.clientClosed;
    await send(r, 'Slow?');
    const again = await send(r, 'Again?');
    expect(again).toMatchObject({ ok: false, refused: 'still-answering' });
    expect(again.ok ? '' : refusalWords(again.refused)).toMatch(/still on its way/);
    await expect.poll(() => r.last().turns[0]?.text).toBe('Thinking');
    expect(r.agent.stop()).toEqual({ stopped: true });
    expect((await r.settled()).turns[0]).toMatchObject({ status: 'stopped' }); // the panel says it (test/renderer/answer-words.test.ts)
    await closed;
    r.agent.dispose();
    expect(r.published.at(-1)).toBeNull();
    expect(r.agent.answer()).toBeNull();
  });

  it('answers offline with no key, and a failed backend is named in words on the turn', async () => {
    const r = rig();
    await send(r, 'What is selected?');
    const answer = await r.settled();
    expect(answer.backend).toBe('Offline: answers from the context alone, no model');
    expect(answer.turns[0]?.text).toMatch(/^Offline answer: no model was asked/);

    const failing = rig({ backend: 'openai', baseURL: 'http://127.0.0.1:9/v1' });
    await send(failing, 'Hello?');
    // The kind goes with the words, so the panel offers Settings for an unreachable server.
    expect((await failing.settled()).turns[0]).toMatchObject({ status: 'failed', kind: 'unreachable', reason: expect.stringMatching(/127\.0\.0\.1:9/) });
  });

  it('locates a chip only through the recorded issuer: a restarted provider is gone, and nobody is asked', async () => {
    const extra = await startChild(SAMPLE, dir.env, dir.dir);
    const collection = await collectContext({ pid: extra.proc.pid }, { os, env: dir.env });
    if (collection.kind !== 'collected') throw new Error('no context');
    const { pid, bundleId, instance } = collection.provider;
    const context = { appName: 'Sample Notes', root: collection.answer.root, source: collection.source, issuer: { pid, bundleId, instance } };
    const r = rig({}, context);
    await send(r, 'What is selected?');
    const answer = await r.settled();
    const docChip = answer.chips.find((c) => c.role === 'Document');
    expect(docChip).toBeDefined();
    expect(await r.agent.locate('not-a-chip')).toBeNull();
    await extra.proc.stop();
    const restarted = await startChild(SAMPLE, dir.env, dir.dir);
    try {
      const chip = await r.agent.locate(docChip?.id ?? '');
      expect(chip).toMatchObject({ state: 'gone' });
      expect(chip ? chipStateWords(chip) : undefined).toBe('No longer in the app');
      expect(r.asked.at(-1)).toEqual({ ref: { ...context.issuer, id: docChip?.id }, asked: false });
      expect(r.drawn.at(-1)).toEqual([]); // no overlay for a gone element
    } finally {
      await restarted.proc.stop();
    }
  });
});
