import { randomBytes } from 'node:crypto';
import { probe, type ProbeResult } from './raw-http.js';
import { fail, pass, type CheckResult, type Target } from './types.js';

/** A harmless, valid MCP request: a provider that wrongly accepts it only answers initialize. */
const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0', id: 1, method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'glance-check-provider', version: '0.1.0' } },
});
/** Sent as Origin on purpose, here only: what a browser adds to a web page's request. */
const WEB_ORIGIN = 'https://example.com';

interface Case {
  name: string;
  method: string;
  expected: number;
  token: 'none' | 'wrong' | 'right';
  origin?: boolean;
  host?: 'wrong';
  /** What the rule is, to finish the failure's sentence. */
  rule: string;
}

/**
 * The refusals of docs/protocol.md, "The server's checks, in order", each a raw request with the
 * status it must get.
 */
const CASES: Case[] = [
  { name: 'http-no-token', method: 'POST', token: 'none', expected: 401, rule: 'a request without Authorization: Bearer <token> gets 401' },
  { name: 'http-wrong-token', method: 'POST', token: 'wrong', expected: 401, rule: 'a request with a wrong token gets 401' },
  { name: 'http-origin-without-token', method: 'POST', token: 'none', origin: true, expected: 403, rule: 'a request with an Origin header gets 403, before the token is looked at' },
  { name: 'http-origin-with-token', method: 'POST', token: 'right', origin: true, expected: 403, rule: 'a request with an Origin header gets 403, even with the right token' },
  { name: 'http-get', method: 'GET', token: 'right', expected: 405, rule: 'GET gets 405: the server is stateless and opens no event stream' },
  { name: 'http-delete', method: 'DELETE', token: 'right', expected: 405, rule: 'DELETE gets 405: there is no session to delete' },
  { name: 'http-wrong-host', method: 'POST', token: 'right', host: 'wrong', expected: 421, rule: 'a Host other than 127.0.0.1:<port> gets 421, against DNS rebinding' },
];

/** A token that is certainly not the provider's, of the same length. */
function wrongToken(token: string): string {
  const candidate = randomBytes(Math.max(32, token.length)).toString('base64url').slice(0, Math.max(16, token.length));
  return candidate === token ? `${candidate.slice(1)}x` : candidate;
}

/** Sends each refusal case and checks its status. The cases run one after another: no burst. */
export async function checkHttpRefusals(target: Target, timeoutMs: number): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  for (const c of CASES) {
    const headers: Record<string, string> = { Accept: 'application/json, text/event-stream', Connection: 'close' };
    if (c.method === 'POST') headers['Content-Type'] = 'application/json';
    if (c.token !== 'none') headers['Authorization'] = `Bearer ${c.token === 'right' ? target.token : wrongToken(target.token)}`;
    if (c.origin === true) headers['Origin'] = WEB_ORIGIN;
    if (c.host === 'wrong') headers['Host'] = `localhost:${target.port}`;
    const result = await probe({ guard: target.guard, path: target.path, method: c.method, headers, timeoutMs, ...(c.method === 'POST' ? { body: INITIALIZE } : {}) });
    results.push(judge(c, result));
  }
  return results;
}

function judge(c: Case, result: ProbeResult): CheckResult {
  if (!result.ok) return fail(c.name, `${result.reason}; ${c.rule}`);
  if (result.status === c.expected) return pass(c.name, String(c.expected));
  if (result.status >= 300 && result.status < 400) {
    return fail(c.name, `answered with a redirect (HTTP ${result.status}), which hosts never follow; ${c.rule}`);
  }
  return fail(c.name, `answered HTTP ${result.status}; ${c.rule}`);
}
