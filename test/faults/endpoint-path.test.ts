// The endpoint's path (docs/protocol.md, "The endpoint"), against real raw providers that publish
// it and record what reaches them: a path a server could read as another is refused with a reason
// and gets nothing, not even a connection; a valid one arrives as the request target exactly as
// written, percent-encodings, sub-delims, ":", "@" and the query included.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOs } from '../../app/os/index.js';
import { collectContext } from '../../app/invocation/collect.js';
import { runGlance } from '../helpers/cli.js';
import { makeProvidersDir } from '../helpers/providers-dir.js';
import { guardProcess, startRaw, type RawProvider } from './helpers.js';

const os = createOs();
guardProcess();

/** Valid targets that a URL parser or a normaliser would have reason to touch. */
const VALID = [
  "/raw/%7Ea%41b%25c/!$&'()*+,;=/user@host:1/x",
  '/raw/a%20b/%3F%23/.well-known/...?q=%2e%2e/../%2F',
  "/raw/mcp?a='b'&c=d/e?f:g@h",
];
/** Targets that break the rule, each with the reason's words. */
const OFFENDING: [string, RegExp][] = [
  ['/raw/%2e%2e/admin', /percent-encoded "\.", "\/" or "\\"/],
  ['/raw/../admin', /"\.\." segment/],
  ['/raw\\..\\admin', /backslash/],
  ['/raw/%2fadmin', /percent-encoded/],
];

let folder: Awaited<ReturnType<typeof makeProvidersDir>>;
const valid: RawProvider[] = [];
const offending: RawProvider[] = [];

beforeAll(async () => {
  folder = await makeProvidersDir();
  const start = (path: string) => startRaw(folder.dir, { RAW_PATH: path, RAW_LOG_TARGETS: '1' });
  valid.push(...(await Promise.all(VALID.map(start))));
  offending.push(...(await Promise.all(OFFENDING.map(([path]) => start(path)))));
});
afterAll(async () => {
  await Promise.all([...valid, ...offending].map((p) => p.process.stop()));
  await folder.cleanup();
});

/** The request targets a raw provider received, in order. */
function targets(provider: RawProvider): string[] {
  return [...provider.process.output().matchAll(/^raw provider request POST (.*)$/gm)].map((m) => m[1] as string);
}

describe('the endpoint path, on the wire', () => {
  it.each(VALID.map((path, index) => [path, index] as const))('sends %s as the request target exactly as written', async (path, index) => {
    const provider = valid[index] as RawProvider;
    const collection = await collectContext({ pid: provider.pid }, { os, env: folder.env });
    expect(collection.kind).toBe('collected');
    // initialize, its notification and the tool call at least (the provider's lines arrive a
    // moment after its answers): every one to the same target, as written.
    await expect.poll(() => targets(provider).length).toBeGreaterThanOrEqual(3);
    expect(new Set(targets(provider))).toEqual(new Set([path]));
  });

  it.each(OFFENDING.map(([path, reason], index) => [path, reason, index] as const))('ignores a descriptor whose path is %s, with a reason, and sends it nothing', async (path, reason, index) => {
    const provider = offending[index] as RawProvider;
    const collection = await collectContext({ pid: provider.pid }, { os, env: folder.env });
    expect(collection.kind).toBe('ignored');
    const reasons = collection.kind === 'ignored' ? collection.reasons : [];
    expect(reasons).toHaveLength(1);
    expect(reasons[0]).toMatch(reason);
    expect(reasons[0]).not.toContain(path);

    const listed = await runGlance(['providers', '--json'], folder.env);
    expect(listed.code).toBe(0);
    const rows = (JSON.parse(listed.stdout) as { descriptors: { pid?: number; verdict: string; reason?: string }[] }).descriptors;
    const row = rows.find((r) => r.pid === provider.pid);
    expect(row).toMatchObject({ verdict: 'ignored', reason: expect.stringMatching(reason) });

    const checked = await runGlance(['check-provider', '--pid', String(provider.pid), '--json'], folder.env);
    expect(checked.code).toBe(7);
    const checks = (JSON.parse(checked.stdout) as { checks: { name: string; ok: boolean; detail?: string }[] }).checks;
    expect(checks.find((c) => c.name === 'descriptor-endpoint')).toMatchObject({ ok: false, detail: expect.stringMatching(reason) });

    // Not a request, not even a connection: the host and check-provider stop at the descriptor.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(provider.process.output()).not.toMatch(/raw provider (connection|request)/);
  });
});
