// "Ask without its context" on the card of a `local` rule, under the panel, over the real core:
// main's controller and agent service as services.ts wires them, the privacy service on a real
// data folder, a raw provider that logs every connection and request it gets (running as the
// app org.example.Kept), and an OpenAI-compatible model server reached at a host name that only
// this test resolves, to 127.0.0.1: a model "elsewhere", so the rule keeps the app out. The
// question goes alone: the provider is never asked, the body the server received holds nothing
// of the app's, and no receipt is written (docs/privacy.md, "Receipts").
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openGlanceHome } from '../../app/home/folder.js';
import { silentLogger } from '../../app/log/logger.js';
import { createOs } from '../../app/os/index.js';
import { createPrivacyService, type PrivacyService } from '../../app/privacy/service.js';
import { collectContext } from '../../app/invocation/collect.js';
import { DEFAULT_SETTINGS, type Settings } from '../../contract/settings.js';
import type { AnswerState } from '../../contract/ipc.js';
import type { Invocation } from '../../main/flow/invocation-types.js';
import { createController } from '../../main/flow/controller.js';
import { createStateHub } from '../../main/flow/state-hub.js';
import { openaiStream, startFakeServer, type FakeServer } from '../agent/fake-model-server.js';
import { spawnAsApp } from '../helpers/bundle-id.js';
import { fetchResolving } from '../helpers/lookup-fetch.js';
import { makeProvidersDir } from '../helpers/providers-dir.js';
import type { Spawned } from '../helpers/spawn.js';
import { said } from '../helpers/said.js';

const APP = 'org.example.Kept';
const SECRET = 'Lighthouse ledger';
const os = createOs();
let base: string;
let dir: Awaited<ReturnType<typeof makeProvidersDir>>;
let raw: { process: Spawned; pid: number };
let model: FakeServer;
let settings: Settings;
let privacy: PrivacyService;

/** Every connection and request the provider has seen, after anything still in the pipe has arrived. */
async function providerLog(): Promise<string[]> {
  await new Promise((resolve) => setTimeout(resolve, 150));
  return raw.process.output().split('\n').filter((line) => /^raw provider (connection|request)/.test(line));
}

beforeAll(async () => {
  dir = await makeProvidersDir();
  base = await mkdtemp(join(tmpdir(), 'glance-without-'));
  const spawned = spawnAsApp(APP, 'test/faults/fixtures/raw-provider.mjs', { ...dir.env, RAW_LOG_TARGETS: '1', RAW_BUNDLE_ID: APP, RAW_SECRET: SECRET });
  const ready = await spawned.waitFor(/raw provider ready \(pid (\d+), port (\d+), instance (\S+)\)/);
  raw = { process: spawned, pid: Number(ready[1]) };
}, 30_000);
afterAll(async () => {
  await raw?.process.stop();
  await dir?.cleanup();
  await rm(base, { recursive: true, force: true });
});
beforeEach(async () => {
  model = await startFakeServer([{ sse: openaiStream(['Herons wade.']) }]);
  settings = { ...DEFAULT_SETTINGS, backend: 'openai', baseURL: `http://model.example.test:${new URL(model.url).port}/v1` };
  const home = (await openGlanceHome(join(base, `home-${Math.random().toString(16).slice(2)}`))).path;
  privacy = createPrivacyService({ home, settings: () => settings });
  return () => model.close();
});

/** main's controller and agent service, wired as services.ts wires them, with the app in front. */
function panel() {
  const hub = createStateHub();
  const core = { os, env: dir.env, privacy: privacy.hooks };
  const controller = createController({
    os: { frontApp: async () => ({ ok: true, app: { pid: raw.pid, name: 'Kept' } }) },
    collect: (front, options) => collectContext(front, core, options),
    timeoutMs: () => 1500, ownPid: process.pid, showPanel: () => undefined, hub, logger: silentLogger,
    agent: {
      settings: () => settings,
      apiKey: async () => 'sk-test-key-not-real-0004',
      overlay: { show: () => undefined, hide: () => undefined },
      logger: silentLogger,
      privacy,
      modelFetch: fetchResolving({ 'model.example.test': '127.0.0.1' }),
    },
  });
  // Each answer the press publishes, as the panel gets it: a patch of its view.
  const published: AnswerState[] = [];
  hub.subscribe((push) => {
    if (push.patch?.answer) published.push(push.patch.answer);
  });
  /** The conversation of the press on screen, as the handlers find it. */
  const agent = {
    preview: (request: Parameters<Invocation['preview']>[0]) => controller.invocation(request.invocation)?.preview(request) ?? null,
    send: async (request: Parameters<Invocation['send']>[0]) => (await controller.invocation(request.invocation)?.send(request)) ?? { ok: false, message: 'stale' },
  };
  const settled = async (): Promise<AnswerState> => {
    await expect.poll(() => published.at(-1)?.turns.at(-1)?.status).not.toBe('answering');
    return published.at(-1) as AnswerState;
  };
  return { hub, controller, agent, settled };
}

describe('asking without the context of an app a `local` rule keeps out', () => {
  it('sends the question alone: the app is not asked, the body holds nothing of its, and no receipt is written', async () => {
    await privacy.rules.set(APP, 'local');
    const { controller, agent, settled } = panel();
    const before = (await providerLog()).length;
    await controller.onHotkey();
    expect(controller.current()?.view()).toMatchObject({ id: 1, phase: 'failed', failure: 'ruled-out', ruledOutBy: 'local', root: null });
    expect(controller.current()?.view()?.withoutContext).toBeUndefined();

    expect((controller.invocation(1)?.askWithoutContext() ?? false)).toBe(true);
    // The panel's view says the choice; the card goes and the question field comes.
    expect(controller.current()?.view()).toMatchObject({ id: 1, phase: 'failed', ruledOutBy: 'local', withoutContext: true });
    const preview = JSON.stringify(agent.preview({ invocation: 1, prompt: 'What do herons eat?', removedIds: [] }));
    expect(preview).toContain("No app context was sent (the user's rule keeps this app's context on this Mac");

    expect(await agent.send({ invocation: 1, prompt: 'What do herons eat?', removedIds: [] })).toMatchObject({ ok: true });
    expect((await settled()).turns.at(-1)).toMatchObject({ status: 'done', text: 'Herons wade.' });
    expect(model.received).toHaveLength(1);
    const body = (model.received[0]?.raw as Buffer).toString();
    expect(body).toContain('What do herons eat?');
    // Why, told to the model as `glance ask` tells it; and nothing of the app's: no tree, no text, not even its name.
    expect(body).toContain("No app context was sent (the user's rule keeps this app's context on this Mac, so Glance did not ask the app, and the user chose to ask without it)");
    for (const word of [SECRET, 'Raw Provider', APP, 'Kept', '"id"']) expect(body).not.toContain(word);
    expect(await providerLog()).toHaveLength(before);
    // A request without an app's context records no receipt (docs/privacy.md).
    expect((await privacy.history.list()).receipts).toEqual([]);
  }, 30_000);

  it('under `never`, a question the panel sends anyway carries nothing of the app: not its name, not its bundle id', async () => {
    await privacy.rules.set(APP, 'never');
    const { controller, agent, settled } = panel();
    const before = (await providerLog()).length;
    await controller.onHotkey();
    expect(controller.current()?.view()).toMatchObject({ id: 1, failure: 'ruled-out', ruledOutBy: 'never' });
    // The user's own view says whose rule it is; the model is told nothing of the app.
    expect(said(controller.current()?.view())).toContain(APP);
    expect(await agent.send({ invocation: 1, prompt: 'What do herons eat?', removedIds: [] })).toMatchObject({ ok: true });
    expect((await settled()).turns.at(-1)?.status).toBe('done');
    const body = (model.received[0]?.raw as Buffer).toString();
    expect(body).toContain('What do herons eat?');
    for (const word of [SECRET, 'Raw Provider', APP, 'Kept', '"id"']) expect(body, word).not.toContain(word);
    expect(await providerLog()).toHaveLength(before);
  }, 30_000);

  it('is offered only on a `local` card, for the invocation on screen, and ends with the next press', async () => {
    await privacy.rules.set(APP, 'never');
    const { controller } = panel();
    await controller.onHotkey();
    expect(controller.current()?.view()).toMatchObject({ id: 1, ruledOutBy: 'never' });
    // "Never" keeps out the question about the app too: nothing to ask without.
    expect((controller.invocation(1)?.askWithoutContext() ?? false)).toBe(false);
    expect(controller.current()?.view()?.withoutContext).toBeUndefined();

    await privacy.rules.set(APP, 'local');
    await controller.onHotkey();
    expect((controller.invocation(1)?.askWithoutContext() ?? false)).toBe(false); // an older invocation
    expect((controller.invocation(2)?.askWithoutContext() ?? false)).toBe(true);
    expect((controller.invocation(2)?.withoutContext() ?? false)).toBe(true);
    await controller.onHotkey();
    expect((controller.invocation(2)?.withoutContext() ?? false)).toBe(false);
    expect((controller.invocation(3)?.withoutContext() ?? false)).toBe(false);
    expect(controller.current()?.view()?.withoutContext).toBeUndefined();
  }, 30_000);
});
