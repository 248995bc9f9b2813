// The per-app rules against real providers: a raw provider that logs every connection and
// request it gets, running as the app org.example.Logged, and Sample Notes (bundle id `node`)
// beside it. `never` means the provider's log shows nothing at all; `local` means a model
// server elsewhere (a host name this test alone resolves to 127.0.0.1) gets the question
// without the context while a loopback address gets the context; a damaged rules file fails
// closed. The model servers speak each backend's API (OpenAI's and Anthropic's). The commands
// run as a user runs them, or in process through createAsk.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAsk } from '../../app/cli/ask.js';
import type { CliIo } from '../../app/cli/io.js';
import { createHistoryStore } from '../../app/history/store.js';
import { openGlanceHome } from '../../app/home/folder.js';
import { createRulesStore } from '../../app/rules/store.js';
import { createOs } from '../../app/os/index.js';
import { collectContext } from '../../app/invocation/collect.js';
import { anthropicStream, openaiStream, startFakeServer, type FakeServer } from '../agent/fake-model-server.js';
import { SECRET } from '../faults/helpers.js';
import { spawnAsApp } from '../helpers/bundle-id.js';
import { runGlance } from '../helpers/cli.js';
import { fetchResolving } from '../helpers/lookup-fetch.js';
import { makeProvidersDir } from '../helpers/providers-dir.js';
import type { Spawned } from '../helpers/spawn.js';
import { requireBuild, SAMPLE, startChild, type ChildProvider } from '../provider/helpers.js';

const APP = 'org.example.Logged';
const os = createOs();
let dir: Awaited<ReturnType<typeof makeProvidersDir>>;
let logged: { process: Spawned; pid: number; instance: string };
let sample: ChildProvider;
let model: FakeServer;
let env: NodeJS.ProcessEnv;

/** Every connection and request the logged provider has seen so far. */
const providerLog = (): string[] => logged.process.output().split('\n').filter((l) => /^raw provider (connection|request)/.test(l));
/** Its log after anything still in the pipe has arrived. */
const settledLog = async (): Promise<string[]> => {
  await new Promise((resolve) => setTimeout(resolve, 150));
  return providerLog();
};

function captureIo(): CliIo & { out: () => string; err: () => string } {
  let out = '';
  let err = '';
  return { stdout: (t) => void (out += t), stderr: (t) => void (err += t), env, out: () => out, err: () => err };
}
/** Nothing of the app in what a model server received: not its bundle id, its name, its version or its instance. */
function expectNothingOfTheApp(body: string): void {
  for (const word of [APP, 'Logged', 'Raw Provider', logged.instance]) expect(body, word).not.toContain(word);
}
const firstLine = (text: string): Record<string, unknown> => JSON.parse(text.split('\n')[0] as string) as Record<string, unknown>;
const ask = createAsk({ collect: collectContext, fetch: fetchResolving({ 'model.example.test': '127.0.0.1' }) });
const modelPort = (): string => new URL(model.url).port;

/** Each backend's API, spoken by a local model server: the rules must hold whichever is chosen. */
const BACKENDS = ['openai', 'anthropic'] as const;
type Backend = (typeof BACKENDS)[number];
/** The base URL the backend's SDK is given for a server at `origin` (the OpenAI SDK's paths start after /v1). */
const baseUrl = (backend: Backend, origin: string): string => (backend === 'openai' ? `${origin}/v1` : origin);
/** A fresh model server speaking this backend's API (beforeEach's speaks OpenAI's). */
async function serveModel(backend: Backend): Promise<void> {
  if (backend === 'openai') return;
  await model.close();
  model = await startFakeServer(Array.from({ length: 4 }, () => ({ sse: anthropicStream(['Answered.']) })));
}

beforeAll(async () => {
  requireBuild();
  dir = await makeProvidersDir();
  env = { ...dir.env, OPENAI_API_KEY: '', ANTHROPIC_API_KEY: 'sk-ant-test-key-not-real-0003' };
  const spawned = spawnAsApp(APP, 'test/faults/fixtures/raw-provider.mjs', { ...env, RAW_LOG_TARGETS: '1', RAW_BUNDLE_ID: APP, RAW_SECRET: SECRET });
  const ready = await spawned.waitFor(/raw provider ready \(pid (\d+), port (\d+), instance (\S+)\)/);
  logged = { process: spawned, pid: Number(ready[1]), instance: ready[3] as string };
  sample = await startChild(SAMPLE, env, dir.dir);
});
afterAll(async () => {
  await logged.process.stop();
  await sample.proc.stop();
  await dir.cleanup();
});
beforeEach(async () => {
  model = await startFakeServer(Array.from({ length: 4 }, () => ({ sse: openaiStream(['Answered.']) })));
  await openGlanceHome(dir.home);
  await createRulesStore(dir.home).reset();
  await createHistoryStore({ home: dir.home }).clear();
  return () => model.close();
});

describe('the rule "never"', () => {
  it('current and location ask the provider nothing at all; its log shows no request', async () => {
    // Allowed first: the log does show what Glance asks, so its silence below means something.
    expect((await runGlance(['current', '--pid', String(logged.pid), '--json'], env)).code).toBe(0);
    expect((await settledLog()).some((l) => l.startsWith('raw provider request POST'))).toBe(true);

    expect(await runGlance(['rules', 'set', APP, 'never'], env)).toMatchObject({ code: 0, stdout: `${APP}: never (never asked)\n` });
    const before = await settledLog();
    const current = await runGlance(['current', '--pid', String(logged.pid)], env);
    expect(current).toMatchObject({ code: 9, stdout: '' });
    expect(current.stderr).toBe(`glance: your rule for ${APP} is "never", so Glance asks this app for nothing (\`glance rules set ${APP} allow\` changes it)\n`);
    expect(await runGlance(['location', 'win-1', '--pid', String(logged.pid), '--instance', logged.instance], env)).toMatchObject({ code: 9 });
    expect(await settledLog()).toEqual(before);
  });

  it.each(BACKENDS)('ask with the %s API carries on without the context: the question goes, the provider is asked nothing', async (backend) => {
    await serveModel(backend);
    await runGlance(['rules', 'set', APP, 'never'], env);
    const before = await settledLog();
    const io = captureIo();
    const args = ['what is this?', '--pid', String(logged.pid), '--backend', backend, '--base-url', baseUrl(backend, model.url), '--json'];
    expect(await ask(args, io, { os })).toBe(0);
    expect(firstLine(io.out())).toEqual({ type: 'context', provider: null, reason: expect.stringContaining('"never"'), sent: null, withheld: [], excludedByRule: [] });
    // The question still went, to this backend's path, without the app's context, and left no receipt.
    expect(model.received).toHaveLength(1);
    expect(model.received[0]?.path).toBe(backend === 'openai' ? '/v1/chat/completions' : '/v1/messages');
    expect(model.received[0]?.raw.toString()).toContain('what is this?');
    expect(model.received[0]?.raw.toString()).not.toContain(SECRET);
    // Nothing of the app either (docs/reliability.md, the second outside audit, 5): the model is told why in Glance's words alone.
    expectNothingOfTheApp(model.received[0]?.raw.toString() ?? '');
    expect(model.received[0]?.raw.toString()).toContain('the user\'s rule for this app is to send nothing of it');
    expect((await createHistoryStore({ home: dir.home }).list()).receipts).toEqual([]);
    expect(await settledLog()).toEqual(before);
  });

  it('applies to that app only: Sample Notes (another bundle id) is still asked', async () => {
    await runGlance(['rules', 'set', APP, 'never'], env);
    expect((await runGlance(['current', '--pid', String(sample.proc.pid), '--json'], env)).code).toBe(0);
  });
});

describe('the rule "local"', () => {
  it.each(BACKENDS)('%s: a model server elsewhere gets the question without the context, and the provider is not asked', async (backend) => {
    await serveModel(backend);
    await runGlance(['rules', 'set', APP, 'local'], env);
    const before = await settledLog();
    const io = captureIo();
    const args = ['what is this?', '--pid', String(logged.pid), '--backend', backend, '--base-url', baseUrl(backend, `http://model.example.test:${modelPort()}`), '--json'];
    expect(await ask(args, io, { os })).toBe(0);
    expect(firstLine(io.out())).toMatchObject({ provider: null, sent: null, reason: expect.stringContaining(`and model.example.test (http://model.example.test:${modelPort()}) is not one`) });
    expect(model.received).toHaveLength(1);
    expect(model.received[0]?.headers.host).toBe(`model.example.test:${modelPort()}`);
    expect(model.received[0]?.raw.toString()).not.toContain(SECRET);
    expectNothingOfTheApp(model.received[0]?.raw.toString() ?? '');
    expect(await settledLog()).toEqual(before);
    expect((await createHistoryStore({ home: dir.home }).list()).receipts).toEqual([]);
  });

  it.each(BACKENDS)('%s: a model server on a loopback address gets the context, with its receipt', async (backend) => {
    await serveModel(backend);
    await runGlance(['rules', 'set', APP, 'local'], env);
    const io = captureIo();
    const args = ['what is this?', '--pid', String(logged.pid), '--backend', backend, '--base-url', baseUrl(backend, `http://127.0.0.1:${modelPort()}`), '--json'];
    expect(await ask(args, io, { os })).toBe(0);
    expect(firstLine(io.out())).toMatchObject({ provider: { bundleId: APP, pid: logged.pid }, sent: { role: 'Application' } });
    expect(model.received[0]?.raw.toString()).toContain(SECRET);
    const { receipts } = await createHistoryStore({ home: dir.home }).list();
    expect(receipts).toEqual([expect.objectContaining({ app: { bundleId: APP, name: 'Raw Provider', pid: logged.pid }, endpoint: `http://127.0.0.1:${modelPort()}`, backend })]);
  });

  it('the offline backend is on this machine too', async () => {
    await runGlance(['rules', 'set', APP, 'local'], env);
    const io = captureIo();
    expect(await ask(['what is this?', '--pid', String(logged.pid), '--json'], io, { os })).toBe(0);
    expect(firstLine(io.out())).toMatchObject({ provider: { bundleId: APP }, sent: { role: 'Application' } });
    expect((await createHistoryStore({ home: dir.home }).list()).receipts.map((r) => r.endpoint)).toContain('offline');
  });
});

describe('a damaged rules file', () => {
  it('fails closed until it is fixed or reset: nothing is asked of any app, and its bytes stay', async () => {
    const path = join(dir.home, 'rules.json');
    const damaged = '{"version": 1, "rules": [{"bundleId": "org.example.Logged", "rule": "nev';
    await writeFile(path, damaged);
    const before = await settledLog();
    for (const pid of [logged.pid, sample.proc.pid]) {
      const run = await runGlance(['current', '--pid', String(pid)], env);
      expect(run.code).toBe(9);
      expect(run.stderr).toContain(`Glance's rules file ${path} is damaged (it is not valid JSON)`);
      expect(run.stderr).toContain('glance rules reset');
    }
    const io = captureIo();
    expect(await ask(['what is this?', '--pid', String(logged.pid), '--json'], io, { os })).toBe(0);
    expect(firstLine(io.out())).toMatchObject({ provider: null, sent: null, reason: expect.stringContaining('is damaged') });
    expect(await settledLog()).toEqual(before);
    expect(await readFile(path, 'utf8')).toBe(damaged);

    const reset = await runGlance(['rules', 'reset', '--yes'], env);
    expect(reset).toMatchObject({ code: 0, stdout: expect.stringMatching(/^The damaged rules file was kept as .*rules\.damaged-.*\.json; Glance starts again with no rules\.\n$/) });
    expect((await runGlance(['current', '--pid', String(logged.pid), '--json'], env)).code).toBe(0);
  });
});
