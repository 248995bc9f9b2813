import { afterEach, describe, expect, it } from 'vitest';
import { Conversation, type ConversationEvent } from '../../app/agent/conversation.js';
import { createOpenAIBackend } from '../../app/agent/openai.js';
import { buildAgentPayload } from '../../app/agent/prompt.js';
import type { BackendEvent } from '../../app/agent/types.js';
import { applyRemovals } from '../../contract/review.js';
import { openaiStream, startFakeServer, type FakeServer, type Reply } from './fake-model-server.js';
import { editorTree, PNG, recordingLocate, REMOVED_TEXT, must } from './fixtures.js';

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function backendFor(script: Reply[], apiKey?: string) {
  server = await startFakeServer(script);
  return createOpenAIBackend({ apiKey, baseURL: `${server.url}/v1`, model: 'local-model', maxRetries: 0 });
}

async function collect<T>(events: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const e of events) out.push(e);
  return out;
}

const sentRoot = () => applyRemovals(editorTree(), new Set(['secret-1']));
type ChatMessage = { role: string; content: unknown; tool_call_id?: string; tool_calls?: unknown[] };

describe('OpenAI-compatible backend against a local chat completions server', () => {
  it('streams text in pieces and runs a highlight round trip through tool_calls deltas', async () => {
    const backend = await backendFor([
      { sse: openaiStream(['See ', 'the ', 'selection.'], [{ id: 'call_1', name: 'highlight', argPieces: ['{"ids":', '["sel-23","doc-2"]}'] }]) },
      { sse: openaiStream(['Both ', 'shown.']) },
    ]);
    const { locate, asked } = recordingLocate();
    const convo = new Conversation({ backend, context: { appName: 'Editor', root: sentRoot() }, locate });
    const events = await collect<ConversationEvent>(convo.ask('Where is it?', new AbortController().signal));

    expect(events.filter((e) => e.type === 'text').map((e) => (e as { text: string }).text)).toEqual(['See ', 'the ', 'selection.', 'Both ', 'shown.']);
    expect(events.filter((e) => e.type === 'highlight').map((e) => (e as { id: string }).id)).toEqual(['sel-23', 'doc-2']);
    expect(asked).toEqual(['sel-23', 'doc-2']);
    expect(events.at(-1)).toEqual({ type: 'done' });

    const first = must(server?.received[0], 'request 0');
    expect(first.path).toBe('/v1/chat/completions');
    expect(first.headers['authorization']).toBeUndefined();
    expect(first.body).toMatchObject({ model: 'local-model', stream: true, max_tokens: expect.any(Number) });
    expect(first.body['tools']).toEqual([{ type: 'function', function: expect.objectContaining({ name: 'highlight' }) }]);
    const messages = first.body['messages'] as ChatMessage[];
    expect(must(messages[0]).role).toBe('system');
    const parts = must(messages[1]).content as { type: string; text?: string; image_url?: { url: string } }[];
    expect(parts.filter((p) => p.type === 'image_url')).toEqual([{ type: 'image_url', image_url: { url: `data:image/png;base64,${PNG}` } }]);
    const text = parts.map((p) => p.text ?? '').join('\n');
    expect(text).toContain('"id": "sel-23"');
    expect(text).toContain('"selected"');
    expect(text).toContain('Question: Where is it?');
    expect(JSON.stringify(first.body)).not.toContain(REMOVED_TEXT);
    expect(JSON.stringify(first.body)).not.toContain('secret-');

    const second = must(server?.received[1], 'request 1').body['messages'] as ChatMessage[];
    expect(second.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool']);
    expect(must(second[2]).tool_calls).toEqual([{ id: 'call_1', type: 'function', function: { name: 'highlight', arguments: '{"ids":["sel-23","doc-2"]}' } }]);
    expect(second[3]).toMatchObject({ tool_call_id: 'call_1' });
    expect(JSON.parse(must(second[3]).content as string)).toEqual({ results: [{ id: 'sel-23', state: 'visible' }, { id: 'doc-2', state: 'visible' }] });
  });

  it('sends a follow-up with the history and only the new question', async () => {
    const backend = await backendFor([{ sse: openaiStream(['One.']) }, { sse: openaiStream(['Two.']) }]);
    const convo = new Conversation({ backend, context: { root: sentRoot() }, locate: recordingLocate().locate });
    await collect(convo.ask('first?', new AbortController().signal));
    await collect(convo.ask('and then?', new AbortController().signal));
    const messages = must(server?.received[1], 'request 1').body['messages'] as ChatMessage[];
    expect(messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(must(messages[3]).content).toBe('and then?');
  });

  it('sends the key as a bearer token when one is given', async () => {
    const backend = await backendFor([{ sse: openaiStream(['ok']) }], 'sk-test-123456');
    await collect(backend.stream(buildAgentPayload({ root: null }, 'q'), new AbortController().signal));
    expect(must(server?.received[0], 'request 0').headers['authorization']).toBe('Bearer sk-test-123456');
  });

  it('says the key was refused on 401 and names where to fix it, without the key', async () => {
    server = await startFakeServer([{ status: 401, json: { error: { message: 'bad key SERVER-TEXT' } } }]);
    const backend = createOpenAIBackend({ apiKey: 'sk-secret-999999', baseURL: `${server.url}/v1`, maxRetries: 0, keyHint: 'OPENAI_API_KEY' });
    const [event] = await collect<BackendEvent>(backend.stream(buildAgentPayload({ root: null }, 'q'), new AbortController().signal));
    expect(event).toEqual({ type: 'error', kind: 'refused', reason: expect.stringMatching(/HTTP 401.*OPENAI_API_KEY/) });
    expect(JSON.stringify(event)).not.toMatch(/sk-secret|SERVER-TEXT/);
  });

  it('reports 500 and 429 as their own kinds', async () => {
    const backend = await backendFor([{ status: 500, json: {} }, { status: 429, json: {} }]);
    const request = buildAgentPayload({ root: null }, 'q');
    expect(await collect(backend.stream(request, new AbortController().signal))).toEqual([expect.objectContaining({ kind: 'server-error' })]);
    expect(await collect(backend.stream(request, new AbortController().signal))).toEqual([expect.objectContaining({ kind: 'rate-limited' })]);
  });

  it('says the server is unreachable when nothing listens', async () => {
    server = await startFakeServer([]);
    const url = server.url;
    await server.close();
    server = undefined;
    const backend = createOpenAIBackend({ apiKey: undefined, baseURL: `${url}/v1`, maxRetries: 0 });
    const [event] = await collect<BackendEvent>(backend.stream(buildAgentPayload({ root: null }, 'q'), new AbortController().signal));
    expect(event).toEqual({ type: 'error', kind: 'unreachable', reason: expect.stringContaining(`could not reach the OpenAI-compatible server at ${url}/v1 (connection refused)`) });
  });

  it('needs a key for api.openai.com', async () => {
    const backend = createOpenAIBackend({ apiKey: undefined, keyHint: 'OPENAI_API_KEY' });
    const events = await collect<BackendEvent>(backend.stream(buildAgentPayload({ root: null }, 'q'), new AbortController().signal));
    expect(events).toEqual([{ type: 'error', kind: 'no-key', reason: 'no API key for OpenAI; set OPENAI_API_KEY' }]);
  });

  it('stops mid-stream on cancel, the server sees the close, and the conversation keeps no trace', async () => {
    const backend = await backendFor([{ sse: openaiStream(['partial ', 'more']).slice(0, 2), hang: true }, { sse: openaiStream(['fresh']) }]);
    const convo = new Conversation({ backend, context: { root: sentRoot() }, locate: recordingLocate().locate });
    const controller = new AbortController();
    const events: ConversationEvent[] = [];
    for await (const event of convo.ask('q1', controller.signal)) {
      events.push(event);
      if (event.type === 'text') controller.abort();
    }
    await must(server).clientClosed;
    expect(events).toEqual([{ type: 'text', text: 'partial ' }, { type: 'error', kind: 'cancelled', reason: 'the request was cancelled' }]);
    await collect(convo.ask('q2', new AbortController().signal));
    const retry = must(server?.received[1], 'request 1').body['messages'] as ChatMessage[];
    // The cancelled question left nothing behind: the retry is a first question, with the context.
    expect(retry.map((m) => m.role)).toEqual(['system', 'user']);
    expect(JSON.stringify(must(retry[1]).content)).toContain('Question: q2');
  });
});
