// docs/protocol.md, "The exchanges, in full": every ```http request block of that section is sent,
// as written, to a real Sample Notes process over a real loopback socket (its token and port put
// in for the page's placeholders), and what comes back is held to the ```http response block
// that follows: the status, the headers the page names, and the body's JSON, value for value
// except where a value is the provider's own from run to run (instance, ids), which must then
// have the right shape. So a developer who writes a provider from that section alone sends and
// answers what the kit does.
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { useSampleNotes } from '../helpers/sample-suite.js';
import { matchShape } from './json-shape.js';

const PAGE = readFileSync('docs/protocol.md', 'utf8');
const SECTION = sectionOf(PAGE, '## The exchanges, in full');
/** The page's stand-ins for what changes with every run. */
const TOKEN_PLACEHOLDER = '<token>';
const PORT_PLACEHOLDER = '41183';

function sectionOf(page: string, heading: string): string {
  const start = page.indexOf(`\n${heading}\n`);
  if (start < 0) return '';
  const end = page.indexOf('\n## ', start + heading.length + 2);
  return page.slice(start, end < 0 ? undefined : end);
}

/** One HTTP message of the page: its first line, its headers (names in lower case), its body. */
interface Message {
  line: string;
  headers: Map<string, string>;
  body: string;
}

function parseMessage(block: string): Message {
  const split = block.indexOf('\n\n');
  const head = (split < 0 ? block : block.slice(0, split)).split('\n').filter((line) => line !== '');
  const headers = new Map<string, string>();
  for (const header of head.slice(1)) {
    const colon = header.indexOf(':');
    headers.set(header.slice(0, colon).trim().toLowerCase(), header.slice(colon + 1).trim());
  }
  return { line: head[0] ?? '', headers, body: split < 0 ? '' : block.slice(split + 2).trim() };
}

/** The ```http blocks of the section, paired: each request with the response after it. */
function exchanges(section: string): { request: Message; response: Message }[] {
  const blocks = [...section.matchAll(/^```http\n([\s\S]*?)^```$/gm)].map((m) => parseMessage((m[1] ?? '').replace(/\n$/, '')));
  const pairs: { request: Message; response: Message }[] = [];
  for (let i = 0; i < blocks.length; i += 2) {
    const [req, res] = [blocks[i], blocks[i + 1]];
    if (req === undefined || res === undefined || !/^POST /.test(req.line) || !/^HTTP\/1\.1 /.test(res.line)) {
      throw new Error(`docs/protocol.md: the http block ${i + 1} of "The exchanges, in full" is not a request followed by its response`);
    }
    pairs.push({ request: req, response: res });
  }
  return pairs;
}

/** What an exchange is about: the method, and the tool for a tools/call. */
function topic(message: Message): string {
  const body = JSON.parse(message.body) as { method?: string; params?: { name?: string } };
  return body.method === 'tools/call' ? `tools/call ${body.params?.name}` : String(body.method);
}

/** Sends the page's request with the provider's real token and port; the raw answer. */
function send(page: Message, port: number, token: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const [method, path] = page.line.split(' ');
  const headers: Record<string, string> = {};
  for (const [name, value] of page.headers) {
    headers[name] = value.replace(TOKEN_PLACEHOLDER, token).replace(`127.0.0.1:${PORT_PLACEHOLDER}`, `127.0.0.1:${port}`);
  }
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers, agent: false }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(page.body);
  });
}

const PAIRS = exchanges(SECTION);
const suite = useSampleNotes();

describe('docs/protocol.md, "The exchanges, in full"', () => {
  it('holds the page to values, and to shapes only where a provider mints them', () => {
    const shown = { instance: 'r7Qm2xVa9KcE', root: { id: 'sel-2', title: 'Trip', n: 1 }, content: [{ type: 'text', text: '{"id":"a","x":1}' }] };
    expect(matchShape(shown, { instance: 'Other_id-12', root: { id: 'sel-9', title: 'Trip', n: 1 }, content: [{ type: 'text', text: '{"id":"b","x":1}' }] })).toEqual([]);
    expect(matchShape(shown, { instance: 'not an id!', root: { id: 'sel-2', title: 'Trap', n: 2, extra: true }, content: [{ type: 'text', text: '{"id":"a","x":2}' }, {}] })).toEqual([
      '$.instance: not an id',
      '$.root.extra: not on the page',
      '$.root.title: differs (string where the page shows a string)',
      '$.root.n: differs (number where the page shows a number)',
      '$.content: 2 entries, the page shows 1',
    ]);
    expect(matchShape({ tools: [{ name: 'current' }] }, { tools: [{ name: 'current', outputSchema: {}, execution: {} }] })).toEqual([]);
    expect(matchShape({ text: '{"x":1}' }, { text: '{"x":2}' })).toEqual(['$.text(json).x: differs (number where the page shows a number)']);
  });

  it('shows each exchange a host makes, once, in the order a host makes them', () => {
    expect(PAIRS.map((p) => topic(p.request))).toEqual(['initialize', 'notifications/initialized', 'tools/list', 'tools/call current', 'tools/call location']);
  });

  it('writes placeholders, never a token of its own', () => {
    for (const { request: req } of PAIRS) expect(req.headers.get('authorization')).toBe(`Bearer ${TOKEN_PLACEHOLDER}`);
  });

  it('gives each request its exact Content-Length', () => {
    for (const { request: req } of PAIRS) expect(req.headers.get('content-length'), topic(req)).toBe(String(Buffer.byteLength(req.body)));
  });

  // In order, on one provider: a host initialises before it lists or calls.
  it('gets from Sample Notes what the page shows, for each request as written', async () => {
    expect(PAIRS).toHaveLength(5);
    const port = Number(new URL(suite.sample().descriptor.endpoint).port);
    for (const { request: req, response: shown } of PAIRS) {
      const what = topic(req);
      const got = await send(req, port, suite.sample().descriptor.token);
      expect(`${what}: ${got.status}`).toBe(`${what}: ${shown.line.split(' ')[1]}`);
      for (const name of shown.headers.keys()) expect(got.headers[name], `${what}: header ${name}`).toBeDefined();
      expect(got.headers['content-type'], what).toBe(shown.headers.get('content-type'));
      // The page shows the length the kit sends: its indented bodies are sent compact.
      if (shown.headers.has('content-length')) expect(got.headers['content-length'], what).toBe(shown.headers.get('content-length'));
      if (shown.body === '') {
        expect(got.body, what).toBe('');
        continue;
      }
      expect(matchShape(JSON.parse(shown.body), JSON.parse(got.body)), what).toEqual([]);
    }
  });
});
