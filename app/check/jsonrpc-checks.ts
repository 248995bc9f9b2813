import { wrongStatus } from './http-checks.js';
import { probe, type ProbeResult } from './raw-http.js';
import { fail, pass, type CheckResult, type Target } from './types.js';

interface Case {
  name: string;
  /** Sent as the body of a POST with the token, exactly as written. */
  body: string;
  status: number;
  /** The JSON-RPC error code the answer must carry; none: the answer must have no body. */
  code?: number;
  /** What the rule is, to finish the failure's sentence. */
  rule: string;
}

/**
 * The JSON-RPC rules of docs/protocol.md ("The server's checks, in order", then "Questions a
 * provider developer asks") that a request the MCP client never sends can show: each one a raw
 * POST with the token, judged on its status and body. None of them reaches the app's data.
 */
const CASES: Case[] = [
  {
    name: 'mcp-notification', body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }), status: 202,
    rule: 'a notification (no id) gets 202 with no body',
  },
  {
    name: 'mcp-malformed-json', body: '{"jsonrpc": "2.0", "id": 1, "method"', status: 400, code: -32700,
    rule: 'a body that is not JSON gets HTTP 400 with the JSON-RPC error -32700 (Parse error)',
  },
  {
    name: 'mcp-empty-batch', body: '[]', status: 400, code: -32600,
    rule: 'an empty batch [] gets HTTP 400 with the JSON-RPC error -32600 (Invalid Request), as JSON-RPC 2.0 asks',
  },
  {
    name: 'mcp-unknown-method', body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'glance-check/no-such-method' }), status: 200, code: -32601,
    rule: 'an unknown method gets the JSON-RPC error -32601 (Method not found) with HTTP 200',
  },
];

/** Sends each case, one after another, and judges its answer. */
export async function checkJsonRpcRules(target: Target, timeoutMs: number): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  for (const c of CASES) {
    const headers = {
      Accept: 'application/json, text/event-stream', 'Content-Type': 'application/json', Connection: 'close', Authorization: `Bearer ${target.token}`,
    };
    results.push(judge(c, await probe({ guard: target.guard, path: target.path, method: 'POST', headers, body: c.body, timeoutMs, readBody: true })));
  }
  return results;
}

function judge(c: Case, result: ProbeResult): CheckResult {
  if (!result.ok) return fail(c.name, `${result.reason}; ${c.rule}`);
  if (result.status !== c.status) return fail(c.name, wrongStatus(result.status, c.rule));
  if (result.encoding !== undefined) {
    return fail(c.name, `sent a compressed answer (Content-Encoding: ${result.encoding}); hosts ask for no content coding (Accept-Encoding: identity) and refuse a compressed answer; ${c.rule}`);
  }
  const body = result.body ?? '';
  if (c.code === undefined) {
    return body === '' ? pass(c.name, String(c.status)) : fail(c.name, `answered ${c.status} with a body of ${Buffer.byteLength(body)} bytes; ${c.rule}`);
  }
  const code = errorCode(body);
  if (code === c.code) return pass(c.name, `${c.status}, ${c.code}`);
  return fail(c.name, `answered HTTP ${c.status} with ${code === undefined ? 'no JSON-RPC error' : `the JSON-RPC error ${code}`}; ${c.rule}`);
}

/** The error code of a JSON-RPC answer, read from a JSON body or an event stream's first data line. */
function errorCode(body: string): number | undefined {
  const text = body.trimStart().startsWith('{') ? body : (/^data:(.*)$/m.exec(body)?.[1] ?? '');
  try {
    const parsed = JSON.parse(text) as { error?: { code?: unknown } };
    return typeof parsed.error?.code === 'number' ? parsed.error.code : undefined;
  } catch {
    return undefined;
  }
}
