// A pasted key is checked with one small request before it is stored (app/agent/key-check.ts;
// main/flow/who-answers.ts stores it only when accepted): loopback servers play Anthropic's and
// OpenAI's models lists answering 200, 401, a redirect, or nothing; the real key store keeps its
// file in a temporary folder.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServerResponse } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkApiKey } from '../../app/agent/key-check.js';
import { SecretRegistry, silentLogger } from '../../app/log/logger.js';
import { createWhoAnswers } from '../../main/flow/who-answers.js';
import { createSecretStore, KEYS_FILE, type SafeStorageLike } from '../../main/secrets.js';
import { fetchResolving } from '../helpers/lookup-fetch.js';
import { deadPort, json, startPlayedServer, type PlayedServer } from './played-local-server.js';

const KEY = 'sk-ant-api03-pasted-0123456789';
/** safeStorage's four methods the store uses, reversible (the cipher is not what is tested here). */
const testSafeStorage = {
  isAsyncEncryptionAvailable: async () => true,
  encryptStringAsync: async (text: string) => Buffer.from(text).reverse(),
  decryptStringAsync: async (blob: Buffer) => ({ result: Buffer.from(blob).reverse().toString(), shouldReEncrypt: false }),
  getSelectedStorageBackend: () => 'gnome_libsecret',
} satisfies SafeStorageLike;
const servers: PlayedServer[] = [];
const hanging: ServerResponse[] = [];
let headers: Record<string, string | string[] | undefined>[] = [];
let folder: string;
beforeEach(async () => {
  headers = [];
  folder = await mkdtemp(join(tmpdir(), 'glance-key-check-'));
});
afterEach(async () => {
  for (const res of hanging.splice(0)) res.destroy();
  await Promise.all(servers.splice(0).map((server) => server.close()));
  await rm(folder, { recursive: true, force: true });
});

/** A service whose models list answers with this status (and records the headers it was sent). */
async function service(path: string, status: number, extra: Record<string, string> = {}): Promise<PlayedServer> {
  const answer = json(status, status === 200 ? { data: [{ id: 'model-1' }] } : { error: { message: `echo of ${KEY}` } }, extra);
  const server = await startPlayedServer({ [path]: (req, res) => { headers.push(req.headers); answer(req, res); } });
  servers.push(server);
  return server;
}

describe('checkApiKey', () => {
  it('asks Anthropic’s models list with the key in x-api-key: 200 is accepted, 401 refused', async () => {
    const good = await service('/v1/models', 200);
    expect(await checkApiKey({ backend: 'anthropic', key: KEY, baseURL: `http://127.0.0.1:${good.port}` })).toEqual({ check: 'accepted' });
    expect(good.requests).toEqual([{ method: 'GET', path: '/v1/models', host: `127.0.0.1:${good.port}` }]);
    expect(headers[0]?.['x-api-key']).toBe(KEY);
    expect(headers[0]?.['anthropic-version']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(headers[0]?.authorization).toBeUndefined();
    const bad = await service('/v1/models', 401);
    expect(await checkApiKey({ backend: 'anthropic', key: KEY, baseURL: `http://127.0.0.1:${bad.port}` })).toEqual({ check: 'refused', httpStatus: 401 });
  });

  it('asks OpenAI’s models list with the key as a bearer token, under the base URL’s /v1', async () => {
    const good = await service('/v1/models', 200);
    expect(await checkApiKey({ backend: 'openai', key: KEY, baseURL: `http://127.0.0.1:${good.port}/v1` })).toEqual({ check: 'accepted' });
    expect(headers[0]?.authorization).toBe(`Bearer ${KEY}`);
    const bad = await service('/v1/models', 403);
    expect(await checkApiKey({ backend: 'openai', key: KEY, baseURL: `http://127.0.0.1:${bad.port}/v1` })).toEqual({ check: 'refused', httpStatus: 403 });
  });

  it('reaches the service’s own host name through the fetch it is given (a test lookup to loopback)', async () => {
    const good = await service('/v1/models', 200);
    const fetch = fetchResolving({ 'api.anthropic.test': '127.0.0.1' });
    expect(await checkApiKey({ backend: 'anthropic', key: KEY, baseURL: `http://api.anthropic.test:${good.port}`, fetch })).toEqual({ check: 'accepted' });
    expect(good.requests[0]?.host).toBe(`api.anthropic.test:${good.port}`);
  });

  it('says a key could not be checked, never that it is bad, when the service did not judge it', async () => {
    const elsewhere = await service('/elsewhere', 200);
    const redirecting = await service('/v1/models', 307, { location: `http://127.0.0.1:${elsewhere.port}/elsewhere` });
    expect(await checkApiKey({ backend: 'openai', key: KEY, baseURL: `http://127.0.0.1:${redirecting.port}/v1` })).toEqual({ check: 'redirect', httpStatus: 307 });
    // The key went to the address asked only.
    expect(elsewhere.requests).toEqual([]);
    expect(await checkApiKey({ backend: 'openai', key: KEY, baseURL: `http://127.0.0.1:${await deadPort()}/v1` })).toEqual({ check: 'unreachable' });
    const busy = await service('/v1/models', 429);
    expect(await checkApiKey({ backend: 'openai', key: KEY, baseURL: `http://127.0.0.1:${busy.port}/v1` })).toEqual({ check: 'rate-limited', httpStatus: 429 });
    const down = await service('/v1/models', 503);
    expect(await checkApiKey({ backend: 'openai', key: KEY, baseURL: `http://127.0.0.1:${down.port}/v1` })).toEqual({ check: 'server-error', httpStatus: 503 });
    const silent = await startPlayedServer({ '/v1/models': (_req, res) => { hanging.push(res); } });
    servers.push(silent);
    expect(await checkApiKey({ backend: 'openai', key: KEY, baseURL: `http://127.0.0.1:${silent.port}/v1`, timeoutMs: 300 })).toEqual({ check: 'timeout' });
  });
});

/**
 * The fetch main is given, sending what goes to the service's own https address to a played
 * service on loopback instead (every other argument as given: `redirect: 'manual'` included).
 */
const atService = (port: number): typeof fetch => (input, init) => fetch(String(input).replace(/^https:\/\/api\.(anthropic|openai)\.com/, `http://127.0.0.1:${port}`), init);

describe('the welcome’s key (main/flow/who-answers.ts)', () => {
  const keys = () => createSecretStore({ safeStorage: testSafeStorage, folder, platform: 'darwin', redact: new SecretRegistry(), logger: silentLogger });

  it('stores a key the service accepted, and nothing when it refused one', async () => {
    const store = keys();
    const refusing = await service('/v1/models', 401);
    const refusedBy = createWhoAnswers({ keys: store, modelFetch: atService(refusing.port) });
    expect(await refusedBy.checkKey('anthropic', KEY)).toEqual({ backend: 'anthropic', check: 'refused', httpStatus: 401, stored: false });
    expect(await readdir(folder)).not.toContain(KEYS_FILE);
    expect((await store.status()).stored.anthropic).toBe(false);

    const accepting = await service('/v1/models', 200);
    const acceptedBy = createWhoAnswers({ keys: store, modelFetch: atService(accepting.port) });
    expect(await acceptedBy.checkKey('anthropic', KEY)).toEqual({ backend: 'anthropic', check: 'accepted', stored: true });
    expect(await store.get('anthropic')).toBe(KEY);
  });

  it('sends nothing when keys cannot be kept here, and says why', async () => {
    const server = await service('/v1/models', 200);
    const store = createSecretStore({ safeStorage: { ...testSafeStorage, getSelectedStorageBackend: () => 'basic_text' }, folder, platform: 'linux', redact: new SecretRegistry(), logger: silentLogger });
    const who = createWhoAnswers({ keys: store, modelFetch: atService(server.port) });
    expect(await who.checkKey('openai', KEY)).toEqual({ backend: 'openai', check: 'not-checked', stored: false, problem: { problem: 'no-keyring', store: 'keyring' } });
    expect(server.requests).toEqual([]);
  });
});
