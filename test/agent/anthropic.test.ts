import { afterEach, describe, expect, it } from 'vitest';
import { createAnthropicBackend } from '../../app/agent/anthropic.js';
import { Conversation, type ConversationEvent } from '../../app/agent/conversation.js';
import { buildAgentPayload } from '../../app/agent/prompt.js';
import type { BackendEvent } from '../../app/agent/types.js';
import { applyRemovals } from '../../contract/review.js';
import { anthropicStream, startFakeServer, type FakeServer, type Reply } from './fake-model-server.js';
import { editorTree, PNG, recordingLocate, REMOVED_TEXT, must } from './fixtures.js';

const KEY = 'sk-ant-test-key-0123456789';
let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function backendFor(script: Reply[], extra: { timeoutMs?: number } = {}) {
  server = await startFakeServer(script);
  return createAnthropicBackend({ apiKey: KEY, baseURL: server.url, maxRetries: 0, ...extra });
}

async function collect<T>(events: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const e of events) out.push(e);
  return out;
}

const sentRoot = () => applyRemovals(editorTree(), new Set(['secret-1']));

describe('Anthropic backend against a local Messages API', () => {
  it('streams text in pieces and runs a highlight round trip', async () => {
    const backend = await backendFor([
      { sse: anthropicStream(['The selection ', 'says ', 'thirty years.'], [{ id: 'toolu_1', name: 'highlight', jsonPieces: ['{"ids": ["sel', '-23", "secret-2"]}'] }]) },
      { sse: anthropicStream(['Highlighted.']) },
    ]);
    const { locate, asked } = recordingLocate();
    const convo = new Conversation({ backend, context: { appName: 'Editor', root: sentRoot() }, locate });
    const events = await collect<ConversationEvent>(convo.ask('What does this say?', new AbortController().signal));

    const texts = events.filter((e) => e.type === 'text').map((e) => (e as { text: string }).text);
    expect(texts).toEqual(['The selection ', 'says ', 'thirty years.', 'Highlighted.']);
    const highlights = events.filter((e) => e.type === 'highlight');
    expect(highlights).toEqual([
      expect.objectContaining({ id: 'sel-23', location: expect.objectContaining({ state: 'visible' }) }),
      expect.objectContaining({ id: 'secret-2', location: null, unknown: true }),
    ]);
    expect(asked).toEqual(['sel-23']);
    expect(events.at(-1)).toEqual({ type: 'done' });

    const first = must(server?.received[0], 'request 0');
    expect(first.path).toBe('/v1/messages');
    expect(JSON.stringify(first.headers)).toContain(KEY);
    expect(first.body['stream']).toBe(true);
    expect(first.body['tools']).toEqual([expect.objectContaining({ name: 'highlight', input_schema: expect.objectContaining({ required: ['ids'] }) })]);
    const body = JSON.stringify(first.body);
    expect(body).toContain('sel-23');
    expect(body).toContain('The command line lasted thirty years.');
    expect(body).not.toContain(REMOVED_TEXT);
    expect(body).not.toContain('secret-1');
    const content = (first.body['messages'] as { content: { type: string; source?: { data: string; media_type: string } }[] }[])[0]?.content ?? [];
    expect(content.filter((b) => b.type === 'image')).toEqual([{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } }]);

    const second = must(server?.received[1], 'request 1').body['messages'] as { role: string; content: { type: string; tool_use_id?: string; content?: string }[] }[];
    expect(second.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    const result = must(must(second[2]).content[0]);
    expect(result).toMatchObject({ type: 'tool_result', tool_use_id: 'toolu_1' });
    expect(JSON.parse(must(result.content))).toEqual({ results: [{ id: 'sel-23', state: 'visible' }, { id: 'secret-2', state: 'unknown' }] });
  });

  it('says the key was refused on 401, without the key or the server text', async () => {
    const backend = await backendFor([{ status: 401, json: { type: 'error', error: { type: 'authentication_error', message: 'SERVER-SECRET-TEXT' } } }]);
    const events = await collect<BackendEvent>(backend.stream(buildAgentPayload({ root: sentRoot() }, 'q'), new AbortController().signal));
    expect(events).toEqual([{ type: 'error', kind: 'refused', reason: expect.stringContaining('HTTP 401') }]);
    const reason = (events[0] as { reason: string }).reason;
    expect(reason).not.toContain(KEY);
    expect(reason).not.toContain('SERVER-SECRET-TEXT');
  });

  it('reports a server failure on 500', async () => {
    const backend = await backendFor([{ status: 500, json: { type: 'error', error: { type: 'api_error', message: 'boom' } } }]);
    const events = await collect<BackendEvent>(backend.stream(buildAgentPayload({ root: null }, 'q'), new AbortController().signal));
    expect(events).toEqual([{ type: 'error', kind: 'server-error', reason: expect.stringMatching(/HTTP 500.*try again later/) }]);
  });

  it('says the server is unreachable when the connection is refused', async () => {
    server = await startFakeServer([]);
    const url = server.url;
    await server.close();
    server = undefined;
    const backend = createAnthropicBackend({ apiKey: KEY, baseURL: url, maxRetries: 0 });
    const events = await collect<BackendEvent>(backend.stream(buildAgentPayload({ root: null }, 'q'), new AbortController().signal));
    expect(events).toEqual([{ type: 'error', kind: 'unreachable', reason: expect.stringContaining('connection refused') }]);
  });

  it('needs a key and asks nobody without one', async () => {
    const backend = createAnthropicBackend({ apiKey: undefined, keyHint: 'ANTHROPIC_API_KEY' });
    const events = await collect<BackendEvent>(backend.stream(buildAgentPayload({ root: null }, 'q'), new AbortController().signal));
    expect(events).toEqual([{ type: 'error', kind: 'no-key', reason: 'no API key for Anthropic; set ANTHROPIC_API_KEY' }]);
  });

  it('stops mid-stream on cancel and the server sees the connection close', async () => {
    const backend = await backendFor([{ sse: anthropicStream(['first ', 'second ', 'third']).slice(0, 4), hang: true }]);
    const controller = new AbortController();
    const events: BackendEvent[] = [];
    for await (const event of backend.stream(buildAgentPayload({ root: null }, 'q'), controller.signal)) {
      events.push(event);
      if (event.type === 'text') controller.abort();
    }
    await must(server).clientClosed;
    expect(events).toEqual([{ type: 'text', text: 'first ' }, { type: 'error', kind: 'cancelled', reason: 'the request was cancelled' }]);
  });

  it('stops a model that does not finish within the model time limit', async () => {
    const backend = await backendFor([{ sse: anthropicStream(['slow']).slice(0, 3), hang: true }], { timeoutMs: 300 });
    const events = await collect<BackendEvent>(backend.stream(buildAgentPayload({ root: null }, 'q'), new AbortController().signal));
    expect(events.at(-1)).toEqual({ type: 'error', kind: 'timeout', reason: expect.stringContaining('300 ms') });
    await must(server).clientClosed;
  });
});
