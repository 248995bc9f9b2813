// Where the exact body of each model request is known: every HTTP request the real SDKs make
// (each turn, each tool round trip, each retry) is told to the observer before it is sent, with
// the size and SHA-256 of the very bytes the local model server then receives. An observer that
// fails stops the request: nothing reaches the server.
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createBackend } from '../../app/agent/backends.js';
import { Conversation, type ConversationEvent } from '../../app/agent/conversation.js';
import type { RequestObserver, SentRequest } from '../../app/agent/types.js';
import type { RequestOutcome } from '../../contract/privacy.js';
import { applyRemovals } from '../../contract/review.js';
import { anthropicStream, openaiStream, startFakeServer, type FakeServer, type Reply } from './fake-model-server.js';
import { editorTree, recordingLocate } from './fixtures.js';

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const sha = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');
const root = () => applyRemovals(editorTree(), new Set(['secret-1']));

async function run(backend: 'openai' | 'anthropic', script: Reply[], observe: RequestObserver, maxRetries = 0): Promise<ConversationEvent[]> {
  server = await startFakeServer(script);
  const agent = createBackend({ backend, baseURL: backend === 'openai' ? `${server.url}/v1` : server.url, model: 'm', maxRetries, onRequest: observe }, 'test-key-not-real');
  const events: ConversationEvent[] = [];
  const { locate } = recordingLocate();
  for await (const e of new Conversation({ backend: agent, context: { appName: 'Editor', root: root() }, locate }).ask('Where?', new AbortController().signal)) events.push(e);
  return events;
}

// A function: the fake server takes its replies off the array it is given.
const toolThenText = (backend: 'openai' | 'anthropic'): Reply[] => ({
  openai: [{ sse: openaiStream([], [{ id: 'call_1', name: 'highlight', argPieces: ['{"ids":["sel-23"]}'] }]) }, { sse: openaiStream(['Shown.']) }],
  anthropic: [{ sse: anthropicStream([], [{ id: 'tu_1', name: 'highlight', jsonPieces: ['{"ids":["sel-23"]}'] }]) }, { sse: anthropicStream(['Shown.']) }],
})[backend];

describe.each(['openai', 'anthropic'] as const)('%s: each request observed with its exact body', (backend) => {
  it('a turn and its tool round trip are two requests, each with the SHA-256 of what the server received', async () => {
    const seen: SentRequest[] = [];
    const events = await run(backend, toolThenText(backend), async (r) => void seen.push(r));
    expect(events.at(-1)).toEqual({ type: 'done' });
    expect(seen).toHaveLength(2);
    expect(server?.received).toHaveLength(2);
    seen.forEach((request, i) => {
      const raw = server?.received[i]?.raw as Buffer;
      expect(request).toMatchObject({ backend, model: 'm', endpoint: server?.url, bytes: raw.length, sha256: sha(raw) });
      expect(request.body).toBe(raw.toString('utf8'));
      expect(request.context.root?.id).toBe('app');
    });
  });

  it('each observed request is told what came back: the status of its answer', async () => {
    const outcomes: RequestOutcome[] = [];
    const events = await run(backend, [{ status: 503, json: { error: { message: 'busy' } } }, ...toolThenText(backend)], async () => async (outcome) => void outcomes.push(outcome), 1);
    expect(events.at(-1)).toEqual({ type: 'done' });
    expect(outcomes).toEqual([{ status: 503 }, { status: 200 }, { status: 200 }]);
  });

  it('a retry is another request, observed again', async () => {
    const seen: SentRequest[] = [];
    const script: Reply[] = [{ status: 500, json: { error: { message: 'busy' } } }, toolThenText(backend)[1] as Reply];
    const events = await run(backend, script, async (r) => void seen.push(r), 1);
    expect(events.at(-1)).toEqual({ type: 'done' });
    expect(server?.received).toHaveLength(2);
    expect(seen.map((r) => r.sha256)).toEqual(server?.received.map((r) => sha(r.raw)));
  });

  it('an observer that fails stops the request: the server receives nothing, the turn says why', async () => {
    const events = await run(backend, toolThenText(backend), async () => {
      throw new Error('disk full');
    }, 1);
    expect(server?.received).toHaveLength(0);
    expect(events).toEqual([{ type: 'error', kind: 'not-recorded', reason: "Glance could not write this request's receipt to its history, so nothing was sent (disk full)" }]);
  });
});

describe('offline: the payload it was given is observed', () => {
  it('one payload per answer, with its JSON, at the endpoint "offline"', async () => {
    const seen: SentRequest[] = [];
    const agent = createBackend({ backend: 'offline', onRequest: async (r) => void seen.push(r) }, undefined);
    const { locate } = recordingLocate();
    const events: ConversationEvent[] = [];
    for await (const e of new Conversation({ backend: agent, context: { appName: 'Editor', root: root() }, locate }).ask('What?', new AbortController().signal)) events.push(e);
    expect(events.at(-1)).toEqual({ type: 'done' });
    // The answer only: the highlight round trip reads no context, so it is no request of its own.
    expect(events.some((e) => e.type === 'highlight')).toBe(true);
    expect(seen.map((r) => [r.backend, r.model, r.endpoint])).toEqual([['offline', null, 'offline']]);
    for (const r of seen) expect(r.sha256).toBe(sha(Buffer.from(r.body, 'utf8')));
    expect(JSON.parse(seen[0]?.body ?? '{}')).toMatchObject({ system: expect.any(String), messages: [expect.objectContaining({ role: 'user' })] });
  });

  it('an observer that fails stops the offline answer too', async () => {
    const agent = createBackend({ backend: 'offline', onRequest: async () => { throw new Error('read-only'); } }, undefined);
    const events: ConversationEvent[] = [];
    for await (const e of new Conversation({ backend: agent, context: { root: root() }, locate: recordingLocate().locate }).ask('What?', new AbortController().signal)) events.push(e);
    expect(events).toEqual([{ type: 'error', kind: 'not-recorded', reason: expect.stringContaining('(read-only)') }]);
  });
});
