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
  /** The request target, from the endpoint's path and port; the endpoint's path when absent. */
  target?: (path: string, port: number) => string;
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
  { name: 'http-other-path', method: 'POST', token: 'right', target: otherPath, expected: 404, rule: 'a request target other than exactly the endpoint\'s path gets 404' },
  { name: 'http-other-path-without-token', method: 'POST', token: 'none', target: otherPath, expected: 404, rule: 'a request target other than the endpoint\'s path gets 404, before the token is looked at' },
  { name: 'http-path-trailing-slash', method: 'POST', token: 'right', target: (path) => `${path}/`, expected: 404, rule: 'the path with a trailing / names another resource and gets 404 (paths are compared as strings)' },
  { name: 'http-path-dot-segment', method: 'POST', token: 'right', target: (path) => `/.${path}`, expected: 404, rule: 'the path with a ./ segment names another resource and gets 404 (paths are never normalised)' },
  { name: 'http-absolute-form', method: 'POST', token: 'right', target: (path, port) => `http://127.0.0.1:${port}${path}`, expected: 404, rule: 'a request target in absolute form gets 404: only origin form names the endpoint' },
  { name: 'http-put', method: 'PUT', token: 'right', expected: 405, rule: 'every method but POST gets 405' },
];

/** A path no provider uses, and certainly not this one. */
function otherPath(path: string): string {
  const other = '/glance-check-not-the-endpoint';
  return path === other ? `${other}-2` : other;
}

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
    if (c.method !== 'GET' && c.method !== 'DELETE') headers['Content-Type'] = 'application/json';
    if (c.token !== 'none') headers['Authorization'] = `Bearer ${c.token === 'right' ? target.token : wrongToken(target.token)}`;
    if (c.origin === true) headers['Origin'] = WEB_ORIGIN;
    if (c.host === 'wrong') headers['Host'] = `localhost:${target.port}`;
    const path = c.target?.(target.path, target.port) ?? target.path;
    const withBody = c.method !== 'GET' && c.method !== 'DELETE';
    const result = await probe({ guard: target.guard, path, method: c.method, headers, timeoutMs, ...(withBody ? { body: INITIALIZE } : {}) });
    results.push(judge(c, result));
  }
  return results;
}

function judge(c: Case, result: ProbeResult): CheckResult {
  if (!result.ok) return fail(c.name, `${result.reason}; ${c.rule}`);
  if (result.status === c.expected) return pass(c.name, String(c.expected));
  return fail(c.name, wrongStatus(result.status, c.rule));
}

/** Why a status is not the one a rule asks for, naming a redirect as such. */
export function wrongStatus(status: number, rule: string): string {
  if (status >= 300 && status < 400) return `answered with a redirect (HTTP ${status}), which hosts never follow; ${rule}`;
  return `answered HTTP ${status}; ${rule}`;
}
