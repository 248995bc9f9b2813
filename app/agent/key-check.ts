import { BACKENDS, type KeyedBackendId } from '../../contract/backends.js';
import type { KeyCheck } from '../../contract/who-answers.js';
import { RedirectRefusedError, withoutRedirects } from './no-redirects.js';

/**
 * Checks a pasted API key with one small request before it is stored (docs/agent.md, "Who
 * answers on the first run"): the service's list of models, which costs nothing, sends no
 * context and needs only a valid key. 2xx: accepted; 401 or 403: refused. The answer's body is
 * never read (it may echo the key), no redirect is followed, and the key goes only in the
 * header the service's SDK would send it in.
 */

/** How long the check may take: a models list answers in well under a second. */
const KEY_CHECK_TIMEOUT_MS = 10_000;

/** What the check is given: the key, and where the service is (tests: a played one on loopback). */
export interface KeyCheckInput {
  backend: KeyedBackendId;
  key: string;
  /** The service's address; its own when absent (contract/backends.ts). */
  baseURL?: string;
  /** The fetch that sends; tests pass one with their own DNS lookup. */
  fetch?: typeof fetch;
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** The request each service's models list takes, and how the key goes with it. */
const REQUESTS = {
  // The Anthropic API's version header is required on every request; this one is the SDK's.
  anthropic: (base: string, key: string) => ({ url: `${base.replace(/\/+$/, '')}/v1/models?limit=1`, headers: { 'x-api-key': key, 'anthropic-version': '2026-10-21' } }),
  openai: (base: string, key: string) => ({ url: `${base.replace(/\/+$/, '')}/models`, headers: { authorization: `Bearer ${key}` } }),
} satisfies Record<KeyedBackendId, (base: string, key: string) => { url: string; headers: Record<string, string> }>;

/** The check's outcome and, when the service answered with an error, its status. */
export interface KeyCheckResult {
  check: KeyCheck;
  httpStatus?: number;
}

/** Sends the one request and judges it by its status alone. */
export async function checkApiKey(input: KeyCheckInput): Promise<KeyCheckResult> {
  const base = input.baseURL ?? BACKENDS[input.backend].model.defaultBaseURL;
  const { url, headers } = REQUESTS[input.backend](base, input.key);
  const timeout = AbortSignal.timeout(input.timeoutMs ?? KEY_CHECK_TIMEOUT_MS);
  const signal = input.signal ? AbortSignal.any([input.signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await withoutRedirects(input.fetch ?? fetch)(url, { method: 'GET', headers: { ...headers, accept: 'application/json' }, signal });
  } catch (error) {
    if (error instanceof RedirectRefusedError) return { check: 'redirect' };
    return { check: timeout.aborted ? 'timeout' : 'unreachable' };
  }
  await response.body?.cancel().catch(() => undefined);
  const status = response.status;
  if (status >= 200 && status < 300) return { check: 'accepted' };
  return { check: judge(status), httpStatus: status };
}

function judge(status: number): KeyCheck {
  if (status >= 300 && status < 400) return 'redirect';
  if (status === 401 || status === 403) return 'refused';
  if (status === 429) return 'rate-limited';
  if (status >= 500) return 'server-error';
  return 'unexpected';
}
