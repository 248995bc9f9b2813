// The configurable test provider does what its knobs say, so host tests can rely on it.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { declaredProtocol } from '@app-context/provider-kit/protocol';
import { makeProvidersDir } from '../helpers/providers-dir.js';
import { CONFIGURABLE, connect, expectNoToken, INITIALIZE, rawRequest, requireBuild, startChild, type ChildProvider } from './helpers.js';

const started: { child: ChildProvider; cleanup: () => Promise<void> }[] = [];
beforeAll(requireBuild);
afterEach(async () => {
  for (const { child, cleanup } of started.splice(0)) {
    await child.proc.stop();
    expectNoToken(child);
    await cleanup();
  }
});

async function run(knobs: Record<string, string>): Promise<ChildProvider & { dir: string }> {
  const dir = await makeProvidersDir();
  const child = await startChild(CONFIGURABLE, { ...dir.env, ...knobs }, dir.dir);
  started.push({ child, cleanup: dir.cleanup });
  return { ...child, dir: dir.dir };
}

const call = (body: object): string => JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: body });

describe('the configurable test provider', () => {
  it('serves a valid default tree and location', async () => {
    const p = await run({});
    const client = await connect(p.descriptor.endpoint, p.descriptor.token);
    expect(declaredProtocol(client.getServerCapabilities())).toBe('0.2.0');
    const result = await client.callTool({ name: 'current', arguments: {} });
    expect(result.structuredContent).toMatchObject({ protocol: '0.2.0', instance: p.descriptor.instance, root: { id: 'app' } });
    expect((await client.callTool({ name: 'location', arguments: { id: 'sel-1' } })).structuredContent).toMatchObject({ state: 'visible' });
    expect((await client.callTool({ name: 'location', arguments: { id: 'zzz' } })).isError).toBe(true);
    await client.close();
  });

  it('sends a tree file as written, re-read per call, even 10,000 levels deep', async () => {
    const dir = await makeProvidersDir();
    const tree = join(dir.dir, '..', 'tree.json');
    writeFileSync(tree, '{"id":"app","role":"Sprocket","extra":1}');
    const p = await run({ TP_TREE_FILE: tree, TP_ANSWER_INSTANCE: 'other-instance', TP_NO_LOCATION: '1' });
    const client = await connect(p.descriptor.endpoint, p.descriptor.token);
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['current']);
    const first = await client.callTool({ name: 'current', arguments: {} });
    expect(first.structuredContent).toEqual({ protocol: '0.2.0', instance: 'other-instance', root: { id: 'app', role: 'Sprocket', extra: 1 } });
    writeFileSync(tree, `${'{"id":"a","role":"Group","children":['.repeat(10_000)}{"id":"z","role":"Text"}${']}'.repeat(10_000)}`);
    const raw = await rawRequest(p.descriptor.endpoint, { headers: { Authorization: `Bearer ${p.descriptor.token}` }, body: call({ name: 'current', arguments: {} }) });
    expect(raw.status).toBe(200);
    expect(raw.body.length).toBeGreaterThan(400_000);
    await client.close();
    await dir.cleanup();
  });

  it('omits or changes the extension declaration', async () => {
    const none = await run({ TP_EXTENSION: 'omit' });
    const c1 = await connect(none.descriptor.endpoint, none.descriptor.token);
    expect(declaredProtocol(c1.getServerCapabilities())).toBeUndefined();
    await c1.close();
    const other = await run({ TP_EXTENSION: '0.3.0' });
    const c2 = await connect(other.descriptor.endpoint, other.descriptor.token);
    expect(declaredProtocol(c2.getServerCapabilities())).toBe('0.3.0');
    await c2.close();
  });

  it('publishes a lying descriptor while the real endpoint still works', async () => {
    const p = await run({ TP_DESCRIPTOR_PROTOCOL: '0.1.0', TP_DESCRIPTOR_BUNDLE_ID: 'com.example.liar', TP_DESCRIPTOR_PID: '1' });
    expect(p.descriptor).toMatchObject({ protocol: '0.1.0', bundleId: 'com.example.liar', pid: 1 });
    const client = await connect(p.descriptor.endpoint, p.descriptor.token);
    expect((await client.callTool({ name: 'current', arguments: {} })).structuredContent).toMatchObject({ protocol: '0.2.0' });
    await client.close();
  });

  it('redirects, stalls and sends oversized bodies for tool calls only (by default)', async () => {
    const auth = (p: ChildProvider): Record<string, string> => ({ Authorization: `Bearer ${p.descriptor.token}` });
    const redirect = await run({ TP_REDIRECT: '1' });
    expect((await rawRequest(redirect.descriptor.endpoint, { headers: auth(redirect), body: INITIALIZE })).status).toBe(200);
    expect((await rawRequest(redirect.descriptor.endpoint, { headers: auth(redirect), body: call({ name: 'current', arguments: {} }) })).status).toBe(302);
    const big = await run({ TP_OVERSIZED_MB: '9', TP_SCOPE: 'current' });
    const response = await rawRequest(big.descriptor.endpoint, { headers: auth(big), body: call({ name: 'current', arguments: {} }) });
    expect(response.body.length).toBeGreaterThan(9 * 1024 * 1024);
    const stalled = await run({ TP_STALL: '1' });
    const outcome = await Promise.race([
      rawRequest(stalled.descriptor.endpoint, { headers: auth(stalled), body: call({ name: 'current', arguments: {} }) }).then(() => 'answered', () => 'closed'),
      new Promise((r) => setTimeout(() => r('stalled'), 700)),
    ]);
    expect(outcome).toBe('stalled');
  });
});
