// Model clients follow no redirect (docs/reliability.md, the second outside audit, 4). With the rule `local` and a model
// server on loopback, that server answers the request with a redirect to another address (a
// second recording server): the real `glance` command exits 8 with one clear line, the second
// server receives nothing, and the one receipt names the origin the body went to, with the
// SHA-256 of the bytes that server received. The panel's agent service the same, with the
// global fetch and with a fetch passed in as main passes MainPorts.modelFetch; and a fetch that
// follows anyway is refused and said to have followed.
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnthropicBackend } from '../../app/agent/anthropic.js';
import { buildAgentPayload } from '../../app/agent/prompt.js';
import type { BackendEvent } from '../../app/agent/types.js';
import { openGlanceHome } from '../../app/home/folder.js';
import { silentLogger } from '../../app/log/logger.js';
import { createPrivacyService } from '../../app/privacy/service.js';
import { DEFAULT_SETTINGS, type Settings } from '../../contract/settings.js';
import type { AnswerState } from '../../contract/ipc.js';
import { createAgentService } from '../../main/flow/agent-service.js';
import { runGlance } from '../helpers/cli.js';
import { makeProvidersDir } from '../helpers/providers-dir.js';
import { startTestProvider, type TestProvider } from '../helpers/test-provider.js';
import { openaiStream, startFakeServer, type FakeServer } from './fake-model-server.js';
import { editorTree, must } from './fixtures.js';
import { unreachableSource } from '../helpers/sources.js';

const sha = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

let dir: Awaited<ReturnType<typeof makeProvidersDir>>;
let provider: TestProvider;

beforeAll(async () => {
  dir = await makeProvidersDir();
  provider = await startTestProvider(dir.dir);
}, 30_000);
afterAll(async () => {
  await provider?.process.stop();
  await dir?.cleanup();
});

/** A loopback model server that answers every request with `status` to `elsewhere`, a second recording server. */
async function redirecting(status: number): Promise<{ model: FakeServer; elsewhere: FakeServer; close(): Promise<void> }> {
  const elsewhere = await startFakeServer(Array.from({ length: 4 }, () => ({ sse: openaiStream(['forwarded']) })));
  const location = `${elsewhere.url}/v1/chat/completions`;
  const model = await startFakeServer(Array.from({ length: 4 }, () => ({ status, json: { moved: location }, headers: { location } })));
  return { model, elsewhere, close: async () => void (await Promise.all([model.close(), elsewhere.close()])) };
}

describe('glance ask, with the rule local and a loopback model server that redirects', () => {
  it.each([307, 308, 302])('HTTP %i: exit 8, one clear line, nothing elsewhere, a receipt for where the body went', async (status) => {
    const { model, elsewhere, close } = await redirecting(status);
    const env = { ...dir.env, GLANCE_HOME: join(dir.home, `redirect-${status}`) };
    expect((await runGlance(['rules', 'set', 'node', 'local'], env)).code).toBe(0);
    const run = await runGlance(['ask', 'what is selected?', '--pid', String(provider.pid), '--backend', 'openai', '--base-url', `${model.url}/v1`, '--timeout', '5000'], env);
    const history = await runGlance(['history', '--json'], env);
    await close();

    expect(run.code, run.stderr).toBe(8);
    expect(run.stderr).toBe(`glance: the OpenAI-compatible server at ${model.url}/v1 answered with a redirect (HTTP ${status}); Glance never follows one, so the request went to that address only. Check the server address\n`);
    expect(elsewhere.received).toEqual([]);
    expect(model.received).toHaveLength(1);
    const receipts = JSON.parse(history.stdout) as { endpoint: string; sha256: string; bytes: number }[];
    const body = must(model.received[0]).raw;
    expect(receipts).toEqual([expect.objectContaining({ endpoint: model.url, sha256: sha(body), bytes: body.length })]);
  }, 40_000);
});

describe('the panel\'s agent service, with a model server that redirects', () => {
  let settings: Settings;

  async function sendThrough(modelFetch: typeof fetch | undefined, model: FakeServer): Promise<{ turn: AnswerState['turns'][number]; receipts: { endpoint: string; sha256: string }[] }> {
    const home = (await openGlanceHome(join(dir.home, `panel-${Math.random().toString(16).slice(2)}`))).path;
    settings = { ...DEFAULT_SETTINGS, backend: 'openai', baseURL: `${model.url}/v1` };
    const privacy = createPrivacyService({ home, settings: () => settings });
    const published: (AnswerState | null)[] = [];
    const collected = { appName: 'Editor', root: editorTree(), source: unreachableSource, issuer: { pid: provider.pid, bundleId: 'node', instance: provider.descriptor.instance } };
    const agent = createAgentService({
      settings: () => settings, apiKey: async () => undefined,
      overlay: { show: () => undefined, hide: () => undefined },
      publish: (answer) => published.push(answer), logger: silentLogger, privacy,
      ...(modelFetch ? { modelFetch } : {}),
    });
    expect((await agent.send({ invocation: 1, prompt: 'What?', removedIds: [] }, collected)).ok).toBe(true);
    await expect.poll(() => published.at(-1)?.turns.at(-1)?.status).not.toBe('answering');
    return { turn: must(published.at(-1)?.turns.at(-1)), receipts: (await privacy.history.list()).receipts };
  }

  const fetches: [string, typeof fetch | undefined][] = [
    ['the global fetch', undefined],
    ['a fetch passed in (MainPorts.modelFetch)', (input, init) => fetch(input, init)],
  ];
  it.each(fetches)('%s: the turn fails as "redirected", nothing goes elsewhere, the receipt names the loopback origin', async (_name, modelFetch) => {
    const { model, elsewhere, close } = await redirecting(307);
    const { turn, receipts } = await sendThrough(modelFetch, model);
    await close();
    expect(turn).toMatchObject({ status: 'failed', kind: 'redirected' });
    expect(turn.reason).toContain('answered with a redirect (HTTP 307); Glance never follows one');
    expect(elsewhere.received).toEqual([]);
    expect(receipts).toEqual([expect.objectContaining({ endpoint: model.url, sha256: sha(must(model.received[0]).raw) })]);
  }, 30_000);
});

describe('a fetch that follows a redirect although told not to', () => {
  it('is refused, and the failure says the request may have gone to another address', async () => {
    const { model, elsewhere, close } = await redirecting(307);
    const follows: typeof fetch = (input, init) => fetch(input, { ...init, redirect: 'follow' });
    const backend = createAnthropicBackend({ apiKey: 'sk-ant-local-test-only', baseURL: model.url, fetch: follows, maxRetries: 0 });
    const events: BackendEvent[] = [];
    for await (const event of backend.stream(buildAgentPayload({ appName: 'Editor', root: editorTree() }, 'What?'), new AbortController().signal)) events.push(event);
    await close();
    // It did go: the fetch followed before Glance saw the answer. Glance says so rather than claim otherwise.
    expect(elsewhere.received).toHaveLength(1);
    expect(events).toEqual([{ type: 'error', kind: 'redirected', reason: `Anthropic at ${model.url}/ answered with a redirect; the fetch Glance was given followed it anyway, so the request may have gone to another address. Check the server address` }]);
  }, 30_000);
});
