// The host never calls a tool the provider's run does not offer: against one real provider that
// does not list `location`, which records every JSON-RPC message it receives, `glance location`,
// a long-running host's collect-then-locate, and `glance ask`'s highlight send no location call.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectContext } from '../../app/invocation/collect.js';
import { createHostCache } from '../../app/invocation/host-cache.js';
import { locateRef } from '../../app/invocation/locate.js';
import { createOs } from '../../app/os/index.js';
import { runGlance } from '../helpers/cli.js';
import { makeProvidersDir } from '../helpers/providers-dir.js';
import { expectNoToken, startTestProvider, type TestProvider } from '../helpers/test-provider.js';

let folder: Awaited<ReturnType<typeof makeProvidersDir>>;
let provider: TestProvider;
let log: string;
const outputs: string[] = [];

beforeAll(async () => {
  folder = await makeProvidersDir();
  log = join(folder.dir, '..', 'requests.log');
  writeFileSync(log, '');
  provider = await startTestProvider(folder.dir, { TP_NO_LOCATION: '1', TP_REQUEST_LOG: log, TP_NAME: 'Plain Notes' });
});

afterAll(async () => {
  await provider.process.stop();
  expectNoToken(provider.descriptor.token, provider.process.output(), ...outputs);
  await folder.cleanup();
});

/** What the provider received since the last call, one line per message (configurable.ts, TP_REQUEST_LOG). */
function received(): string[] {
  const lines = readFileSync(log, 'utf8').split('\n').filter((l) => l !== '');
  writeFileSync(log, '');
  return lines;
}

const ref = () => ({ pid: provider.pid, instance: provider.descriptor.instance, id: 'sel-1' });

describe('a provider that does not list location', () => {
  it('glance location exits 6 with a sentence saying so, and the provider only lists its tools', async () => {
    const ran = await runGlance(['location', 'sel-1', '--pid', String(provider.pid), '--instance', provider.descriptor.instance], folder.env);
    outputs.push(ran.stdout, ran.stderr);
    expect(ran.stderr).toBe('glance: Plain Notes does not offer location (it cannot report where its elements are), so it was not asked\n');
    expect(ran.code).toBe(6);
    expect(received()).toEqual(['initialize', 'notifications/initialized', 'tools/list']);
  });

  it('is listed once per run by a host that keeps sessions: collect, then locating twice, sends no location call', async () => {
    const cache = createHostCache();
    const deps = { os: createOs(), env: folder.env, cache };
    try {
      const collected = await collectContext({ pid: provider.pid }, deps, { timeoutMs: 10_000 });
      expect(collected.kind).toBe('collected');
      for (let i = 0; i < 2; i += 1) {
        expect(await locateRef(ref(), deps, { timeoutMs: 10_000 })).toMatchObject({ ok: false, kind: 'not-offered' });
      }
    } finally {
      await cache.close();
    }
    expect(received()).toEqual(['initialize', 'notifications/initialized', 'tools/list', 'tools/call current']);
  });

  it('is not asked for location by ask\'s highlight', async () => {
    const ran = await runGlance(['ask', 'what is selected?', '--pid', String(provider.pid), '--backend', 'offline', '--json'], folder.env);
    outputs.push(ran.stdout, ran.stderr);
    expect(ran.code, ran.stderr).toBe(0);
    const events = ran.stdout.trim().split('\n').map((l) => JSON.parse(l) as { type: string });
    expect(events.some((e) => e.type === 'highlight')).toBe(true);
    expect(received()).toEqual(['initialize', 'notifications/initialized', 'tools/list', 'tools/call current']);
  });
});
