// Findings 4 and 9 of the outside audit: check-provider made its MCP requests with the global
// fetch (Accept-Encoding: gzip, deflate, and a body decoded for it), so a provider that
// compresses passed the checker and was refused by the host; and neither side wrote the port
// in the Host header where node omits it. Now every request carries Host: 127.0.0.1:<port>,
// asks for no content coding, and check-provider's MCP requests are the host's own: the same
// headers, over the same link, read under the same rules (docs/protocol.md,
// "How a host talks to the endpoint").
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createOs } from '../../app/os/index.js';
import { collectContext } from '../../app/invocation/collect.js';
import { makeProvidersDir } from '../helpers/providers-dir.js';
import { startRaw, type RawProvider } from '../faults/helpers.js';
import { runCheck } from './helpers.js';

interface Logged {
  method: string;
  headers: [string, string][];
}

let folder: Awaited<ReturnType<typeof makeProvidersDir>>;
const started: RawProvider[] = [];
beforeAll(async () => { folder = await makeProvidersDir(); });
afterEach(async () => { await Promise.all(started.splice(0).map((p) => p.process.stop())); });
afterAll(async () => { await folder.cleanup(); });

/** The requests the raw provider logged since `from` characters of its output, once its output has caught up. */
async function requests(p: RawProvider, from = 0): Promise<Logged[]> {
  // Its lines arrive over a pipe, after the answers: wait until no new one comes for a moment.
  for (let length = -1; length !== p.process.output().length;) {
    length = p.process.output().length;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  return p.process.output().slice(from).split('\n').filter((l) => l.startsWith('request ')).map((l) => JSON.parse(l.slice('request '.length)) as Logged);
}

const values = (r: Logged, name: string): string[] => r.headers.filter(([n]) => n === name).map(([, v]) => v);
const names = (rs: Logged[]): string[] => [...new Set(rs.flatMap((r) => r.headers.map(([n]) => n)))].sort();

describe('the requests the host and check-provider make', () => {
  it('carry Host: 127.0.0.1:<port> once, ask for no content coding, and check-provider\'s MCP requests are the host\'s', async () => {
    const p = await startRaw(folder.dir, { RAW_LOG_HEADERS: '1' });
    started.push(p);
    expect((await collectContext({ pid: p.pid, bundleId: 'node' }, { os: createOs(), env: folder.env })).kind).toBe('collected');
    const host = await requests(p);
    const mark = p.process.output().length;
    const run = await runCheck(['--pid', String(p.pid), '--json', '--timeout', '4000'], folder.env);
    expect(run.check('current-call')?.ok).toBe(true);
    const checker = await requests(p, mark);
    expect(host.length).toBeGreaterThanOrEqual(3);
    expect(checker.length).toBeGreaterThanOrEqual(10);
    for (const r of [...host, ...checker]) {
      const hosts = values(r, 'host');
      // The one probe that sends a wrong Host on purpose (http-wrong-host) is the exception.
      if (hosts[0] !== `localhost:${p.port}`) expect(hosts).toEqual([`127.0.0.1:${p.port}`]);
      expect(values(r, 'accept-encoding').every((v) => v === 'identity')).toBe(true);
    }
    // The raw probes (no token, Origin, GET, ...) close their connection; the rest is MCP.
    const mcp = checker.filter((r) => !values(r, 'connection').includes('close'));
    expect(mcp.length).toBeGreaterThanOrEqual(6);
    expect(names(mcp)).toEqual(names(host));
  });
});
