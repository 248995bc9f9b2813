// The welcome's look for a model server already running here (app/agent/local-servers.ts):
// real HTTP servers on free loopback ports play Ollama, an OpenAI-compatible server, and every
// way a port can fail to be one; the probe list names their ports (the usual 11434, 1234 and
// 8080 are never bound here).
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { findLocalServers, MAX_REPLY_BYTES, USUAL_PROBES } from '../../app/agent/local-servers.js';
import { listedModels } from '../../app/agent/local-server-replies.js';
import { MAX_LISTED_MODELS } from '../../contract/who-answers.js';
import { deadPort, json, ollamaTags, openAIModels, startPlayedServer, type PlayedServer } from './played-local-server.js';

const servers: PlayedServer[] = [];
const hanging: ServerResponse[] = [];
afterEach(async () => {
  for (const res of hanging.splice(0)) res.destroy();
  await Promise.all(servers.splice(0).map((server) => server.close()));
});
const play = async (routes: Parameters<typeof startPlayedServer>[0]): Promise<PlayedServer> => {
  const server = await startPlayedServer(routes);
  servers.push(server);
  return server;
};

describe('findLocalServers', () => {
  it('looks where Ollama, LM Studio and llama.cpp listen by default, on loopback only', () => {
    expect(USUAL_PROBES).toEqual([{ kind: 'ollama', port: 11434 }, { kind: 'lm-studio', port: 1234 }, { kind: 'llama-cpp', port: 8080 }]);
  });

  it('finds a played Ollama and an OpenAI-compatible server and lists their models, the base URL their OpenAI API is at', async () => {
    const ollama = await play({ '/api/tags': ollamaTags(['llama3.2:latest', 'nomic-embed-text:latest', 'qwen3:8b']) });
    const studio = await play({ '/v1/models': openAIModels(['qwen2.5-7b-instruct']) });
    const found = await findLocalServers({ probes: [{ kind: 'ollama', port: ollama.port }, { kind: 'lm-studio', port: studio.port }] });
    expect(found.missed).toEqual([]);
    expect(found.found).toEqual([
      // The embedding model goes last: it cannot chat, and the first model is the one preselected.
      { kind: 'ollama', port: ollama.port, baseURL: `http://127.0.0.1:${ollama.port}/v1`, models: ['llama3.2:latest', 'qwen3:8b', 'nomic-embed-text:latest'] },
      { kind: 'lm-studio', port: studio.port, baseURL: `http://127.0.0.1:${studio.port}/v1`, models: ['qwen2.5-7b-instruct'] },
    ]);
    // One GET each, to the server's own list, at 127.0.0.1.
    expect(ollama.requests).toEqual([{ method: 'GET', path: '/api/tags', host: `127.0.0.1:${ollama.port}` }]);
    expect(studio.requests).toEqual([{ method: 'GET', path: '/v1/models', host: `127.0.0.1:${studio.port}` }]);
  });

  it('says why each other port gave no models: nothing listens, an error status, not JSON, not this server, no models', async () => {
    const dead = await deadPort();
    const broken = await play({ '/v1/models': json(500, { error: 'boom' }) });
    const html = await play({ '/v1/models': (_req, res) => { res.writeHead(200, { 'content-type': 'text/html' }); res.end('<!doctype html><title>dev server</title>'); } });
    const other = await play({ '/api/tags': json(200, { hello: 'world' }) });
    const empty = await play({ '/api/tags': ollamaTags([]) });
    const found = await findLocalServers({ probes: [
      { kind: 'ollama', port: dead }, { kind: 'lm-studio', port: broken.port }, { kind: 'lm-studio', port: html.port },
      { kind: 'ollama', port: other.port }, { kind: 'ollama', port: empty.port },
    ] });
    expect(found.found).toEqual([]);
    expect(found.missed).toEqual([
      { kind: 'ollama', port: dead, miss: 'nothing-listens' },
      { kind: 'lm-studio', port: broken.port, miss: 'http-status', status: 500 },
      { kind: 'lm-studio', port: html.port, miss: 'not-json' },
      { kind: 'ollama', port: other.port, miss: 'not-this-server' },
      { kind: 'ollama', port: empty.port, miss: 'no-models' },
    ]);
  });

  it('asks llama-server whether its model is loaded before its list: loading, ready, or another server on its port', async () => {
    const loading = await play({ '/health': json(503, { error: { code: 503, message: 'Loading model' } }), '/v1/models': openAIModels(['model.gguf']) });
    const ready = await play({ '/health': json(200, { status: 'ok' }), '/v1/models': openAIModels(['qwen2.5-7b-instruct-q4_k_m.gguf']) });
    // A web developer's server on 8080: its /health is its own.
    const other = await play({ '/health': json(200, { healthy: true }), '/v1/models': openAIModels(['not-a-model']) });
    const found = await findLocalServers({ probes: [{ kind: 'llama-cpp', port: loading.port }, { kind: 'llama-cpp', port: ready.port }, { kind: 'llama-cpp', port: other.port }] });
    expect(found.found).toEqual([{ kind: 'llama-cpp', port: ready.port, baseURL: `http://127.0.0.1:${ready.port}/v1`, models: ['qwen2.5-7b-instruct-q4_k_m.gguf'] }]);
    expect(found.missed).toEqual([{ kind: 'llama-cpp', port: loading.port, miss: 'loading' }, { kind: 'llama-cpp', port: other.port, miss: 'not-this-server' }]);
    expect(ready.requests.map((r) => r.path)).toEqual(['/health', '/v1/models']);
    expect(loading.requests.map((r) => r.path)).toEqual(['/health']);
  });

  it('follows no redirect: the server it points to is never asked', async () => {
    const elsewhere = await play({ '/api/tags': ollamaTags(['stolen']) });
    const redirecting = await play({ '/api/tags': json(307, {}, { location: `http://127.0.0.1:${elsewhere.port}/api/tags` }) });
    const found = await findLocalServers({ probes: [{ kind: 'ollama', port: redirecting.port }] });
    expect(found).toEqual({ found: [], missed: [{ kind: 'ollama', port: redirecting.port, miss: 'redirect', status: 307 }] });
    expect(elsewhere.requests).toEqual([]);
  });

  it('gives up on a server that does not answer within the time limit', async () => {
    const slow = await play({ '/api/tags': (_req, res) => { hanging.push(res); res.writeHead(200, { 'content-type': 'application/json' }); res.write('{"models":['); } });
    const silent = await play({ '/v1/models': (_req, res) => { hanging.push(res); } });
    const found = await findLocalServers({ timeoutMs: 300, probes: [{ kind: 'ollama', port: slow.port }, { kind: 'lm-studio', port: silent.port }] });
    expect(found.missed).toEqual([{ kind: 'ollama', port: slow.port, miss: 'timeout' }, { kind: 'lm-studio', port: silent.port, miss: 'timeout' }]);
  });

  it('reads no more than its limit, declared or streamed', async () => {
    const declared = await play({ '/api/tags': (_req, res) => { hanging.push(res); res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(MAX_REPLY_BYTES + 1) }); res.write('{'); } });
    // No length given: the body streams past the limit, and the probe stops reading there.
    const streamed = await play({ '/api/tags': (_req, res) => {
      hanging.push(res);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write(`{"models":[{"name":"${'x'.repeat(MAX_REPLY_BYTES)}`);
    } });
    const found = await findLocalServers({ probes: [{ kind: 'ollama', port: declared.port }, { kind: 'ollama', port: streamed.port }] });
    expect(found.missed).toEqual([{ kind: 'ollama', port: declared.port, miss: 'too-large' }, { kind: 'ollama', port: streamed.port, miss: 'too-large' }]);
  });

  it('stops when the caller aborts', async () => {
    const silent = await play({ '/api/tags': (_req, res) => { hanging.push(res); } });
    const controller = new AbortController();
    const look = findLocalServers({ timeoutMs: 60_000, signal: controller.signal, probes: [{ kind: 'ollama', port: silent.port }] });
    await expect.poll(() => silent.requests.length).toBe(1);
    controller.abort();
    expect((await look).missed).toEqual([{ kind: 'ollama', port: silent.port, miss: 'failed' }]);
  });
});

describe('listedModels', () => {
  it('keeps one-line names once each, embedding models last, at most the listed number', () => {
    expect(listedModels([' llama3.2 ', 'llama3.2', 'bad\nname', '', 'x'.repeat(201), 'bge-embed', 'phi4'])).toEqual(['llama3.2', 'phi4', 'bge-embed']);
    expect(listedModels(Array.from({ length: 80 }, (_, i) => `m${i}`))).toHaveLength(MAX_LISTED_MODELS);
  });
});
