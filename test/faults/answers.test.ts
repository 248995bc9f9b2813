// Answers that hurt, sent as raw JSON text by a real provider over a real socket: deep nesting,
// huge fan-out, giant strings, lone surrogates, __proto__ and constructor keys, odd ids, images
// whose mimeType lies, resource links to file:// and http:// (which the host must never fetch).
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOs } from '../../app/os/index.js';
import { collectContext } from '../../app/invocation/collect.js';
import { runGlance } from '../helpers/cli.js';
import { makeProvidersDir } from '../helpers/providers-dir.js';
import { startTestProvider, type TestProvider } from '../helpers/test-provider.js';
import { captureLogger, expectNoSecrets, expectNothingLeft, guardProcess, liveTimers, report, SECRET, timed } from './helpers.js';

const os = createOs();
const LIMIT = 3000;
let folder: Awaited<ReturnType<typeof makeProvidersDir>>;
let provider: TestProvider;
let treeFile: string;
let fifo: string;
let bait: Server;
let baitHits = 0;
let baitPort = 0;

guardProcess();

beforeAll(async () => {
  folder = await makeProvidersDir();
  treeFile = join(folder.dir, '..', 'tree.json');
  fifo = join(folder.dir, '..', 'never-open-me');
  await new Promise<void>((resolve, reject) => spawn('mkfifo', [fifo]).on('exit', (code) => (code === 0 ? resolve() : reject(new Error('mkfifo')))));
  await writeFile(treeFile, '{"id":"app","role":"Application"}');
  provider = await startTestProvider(folder.dir, { TP_TREE_FILE: treeFile, TP_NAME: 'Hostile' });
  bait = createServer((_req, res) => { baitHits += 1; res.end('bait'); });
  await new Promise<void>((resolve) => bait.listen(0, '127.0.0.1', resolve));
  const address = bait.address();
  baitPort = typeof address === 'object' && address !== null ? address.port : 0;
});
afterAll(async () => {
  await provider.process.stop();
  await new Promise<void>((resolve) => bait.close(() => resolve()));
  await folder.cleanup();
});

const app = (children: string): string => `{"id":"app","role":"Application","title":"${SECRET}","children":[${children}]}`;
const row = (id: string, extra = ''): string => `{"id":${JSON.stringify(id)},"role":"Row"${extra}}`;

function deep(levels: number): string {
  let text = `{"id":"leaf","role":"Text","content":[{"type":"text","text":"${SECRET}"}]}`;
  for (let d = levels; d > 0; d -= 1) text = `{"id":"n${d}","role":"Group","children":[${text}]}`;
  return app(text);
}

const ODD_IDS = ['../../etc/passwd', 'a b', '<script>', 'é', 'x'.repeat(129), '', 'nul\u0000', 'line\nbreak', `${SECRET}!`];
const png = (text: string): string => Buffer.from(text).toString('base64');

interface Case {
  fault: string;
  tree: () => string;
  /** Checks on what was kept, and a warning that must be there (or null for none required). */
  warning: RegExp | null;
  check?: (root: { children?: unknown[] }, count: number) => void;
}

const CASES: Case[] = [
  { fault: 'nesting 10,000 deep', tree: () => deep(10_000), warning: /deeper than 64 levels was cut/, check: (_root, count) => expect(count).toBe(64) },
  { fault: 'fan-out of 60,000 children', tree: () => app(Array.from({ length: 60_000 }, (_, i) => row(`r${i}`)).join(',')), warning: /40001 elements .* past the first 20000 were cut/, check: (_root, count) => expect(count).toBe(20_000) },
  { fault: 'a 3 MiB title and a 3 MiB text', tree: () => app(row('big', `,"title":"${SECRET.repeat(100_000)}"`)), warning: null },
  { fault: 'lone surrogates in text, title, keys and ids', warning: /without a valid id was dropped/,
    // Written as JSON escapes, so the parsed strings hold unpaired UTF-16 halves.
    tree: () => app(`${row('s1', `,"title":"\\ud800","content":[{"type":"text","text":"\\udc00${SECRET}"}],"attributes":{"\\ud83d":"\\ude00"}`)},{"id":"bad\\ud800","role":"Row"}`) },
  { fault: '__proto__ and constructor keys everywhere', warning: /without a valid id was dropped/,
    tree: () => `{"id":"app","role":"Application","__proto__":{"polluted":"${SECRET}","id":"x"},"constructor":{"prototype":{"polluted":1}},"children":[{"__proto__":{"id":"inherited","role":"Row"}},${row('c1', `,"attributes":{"__proto__":{"polluted":"${SECRET}"},"constructor":"${SECRET}","related":["c1"]}`)}]}`,
    check: (root) => {
      expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
      expect(root.children).toHaveLength(1);
      const attributes = (root.children?.[0] as { attributes: object }).attributes;
      expect(Object.getPrototypeOf(attributes)).toBe(Object.prototype);
    } },
  { fault: 'ids with odd characters', warning: /without a valid id was dropped/, tree: () => app([row('ok'), ...ODD_IDS.map((id) => row(id))].join(',')),
    check: (root) => expect(root.children).toHaveLength(1) },
  { fault: 'images whose mimeType lies', warning: /not valid for its type was dropped/,
    tree: () => app(row('img', `,"content":[{"type":"image","mimeType":"image/png","data":"${png(`<html>${SECRET}</html>`)}"},{"type":"image","mimeType":"text/html;${SECRET}","data":"${png(SECRET)}"},{"type":"image","mimeType":"image/png","data":"${SECRET}!!"}]`)) },
  { fault: 'resource links to file:// (a FIFO) and http://', warning: null,
    tree: () => app(row('links', `,"selected":true,"content":[{"type":"resource_link","uri":"file://${fifo}","name":"${SECRET}"},{"type":"resource_link","uri":"http://127.0.0.1:${baitPort}/${SECRET}","name":"bait"},{"type":"resource","resource":{"uri":"http://127.0.0.1:${baitPort}/r","text":"${SECRET}"}}]`)) },
];

describe('an answer that hurts, through collectContext', () => {
  const port = (): number => Number(new URL(provider.endpoint).port);
  for (const c of CASES) {
    it(`${c.fault}: read in time, the rest kept, warnings quote nothing`, async () => {
      await writeFile(treeFile, c.tree());
      const { logger, lines } = captureLogger();
      const timers = liveTimers();
      const { value, ms } = await timed(() => collectContext({ pid: provider.pid }, { os, env: folder.env, logger }, { timeoutMs: LIMIT }));
      const warnings = value.kind === 'collected' ? value.warnings : [];
      report('hostile answer', c.fault, `${value.kind}; ${warnings.length} warnings${warnings[0] ? `, e.g. "${warnings[0].slice(0, 90)}"` : ''}`, ms);
      expect(value.kind).toBe('collected');
      if (value.kind !== 'collected') return;
      if (c.warning) expect(warnings.some((w) => c.warning?.test(w))).toBe(true);
      const count = JSON.stringify(value.answer.root).match(/"id":/g)?.length ?? 0;
      c.check?.(value.answer.root, count);
      expect(ms).toBeLessThan(LIMIT + 2000);
      // One line each, and no terminal control characters from the provider.
      for (const line of [...warnings, ...lines]) expect([...line].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f)).toBe(false);
      expectNoSecrets([provider.descriptor.token, SECRET, ...ODD_IDS.filter((id) => id.length > 3)], [...warnings, ...lines, provider.process.output()]);
      await expectNothingLeft(port(), timers);
    });
  }
});

describe('an answer that hurts, through glance ask (offline backend)', () => {
  it('every hostile answer above goes through the whole job: exit 0, no token, links never fetched, the FIFO never opened', async () => {
    for (const c of CASES) {
      await writeFile(treeFile, c.tree());
      const { value: run, ms } = await timed(() => runGlance(['ask', 'what is this?', '--pid', String(provider.pid), '--timeout', String(LIMIT), '--json'], folder.env, 15_000));
      report('glance ask', c.fault, `exit ${run.code}`, ms);
      expect(run.code, `${c.fault}: ${run.stderr}`).toBe(0);
      expect(run.stdout).toMatch(/"type":"done"/);
      expectNoSecrets([provider.descriptor.token, SECRET], [run.stderr]);
      expectNoSecrets([provider.descriptor.token], [run.stdout]);
    }
    expect(baitHits).toBe(0);
    // Ten spawned runs of the whole job, each loading the secret detector since withholding came in: the
    // default 20 s was a few runs' worth on this shared machine. Time is the bench's to judge.
  }, 60_000);
});
