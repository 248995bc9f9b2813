import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { createGuardedFetch, type ExchangeState } from '../client/guarded-fetch.js';
import { formatSeconds } from '../client/exchange.js';
import { providerText } from './redact.js';
import type { Target } from './types.js';

/** What the steps of one exchange produced, and how long the whole exchange took. */
export type Exchange<T> = { ok: true; value: T; elapsedMs: number } | { ok: false; reason: string; elapsedMs: number; timedOut: boolean };

/** The steps of one exchange after the client is connected; `signal` and `timeout` bound each call. */
export type Steps<T> = (client: Client, bound: { signal: AbortSignal; timeout: number }) => Promise<T>;

/**
 * One exchange as a host makes it (wire.md section 7): connect, initialise, then `steps`, all
 * under one time limit, through the host's own guarded fetch (no Origin, no redirects, the
 * 8 MiB cap). Unlike the host's client it reports the provider's own error texts, redacted:
 * check-provider is for the provider's developer (cli.md).
 */
export async function exchange<T>(target: Target, timeoutMs: number, steps: Steps<T>): Promise<Exchange<T>> {
  const started = performance.now();
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), timeoutMs);
  const state: ExchangeState = {};
  const endpoint = new URL(target.endpoint);
  const transport = new StreamableHTTPClientTransport(endpoint, {
    fetch: createGuardedFetch(endpoint, deadline.signal, state),
    requestInit: { headers: { Authorization: `Bearer ${target.token}` } },
    reconnectionOptions: { maxReconnectionDelay: 0, initialReconnectionDelay: 0, reconnectionDelayGrowFactor: 1, maxRetries: 0 },
  });
  const client = new Client({ name: 'glance-check-provider', version: '0.1.0' }, { capabilities: {} });
  client.onerror = () => undefined; // judged by the outcome of the awaited calls
  const bound = { signal: deadline.signal, timeout: timeoutMs };
  try {
    await client.connect(transport, bound);
    const value = await steps(client, bound);
    return { ok: true, value, elapsedMs: Math.round(performance.now() - started) };
  } catch (error) {
    const elapsedMs = Math.round(performance.now() - started);
    const timedOut = deadline.signal.aborted;
    return { ok: false, reason: describeFailure(error, state, timedOut, timeoutMs, target.token), elapsedMs, timedOut };
  } finally {
    clearTimeout(timer);
    await client.close().catch(() => undefined);
  }
}

/** Names what went wrong; what the guarded fetch saw is more precise than the SDK's error. */
function describeFailure(error: unknown, state: ExchangeState, timedOut: boolean, timeoutMs: number, token: string): string {
  if (state.tooLarge) return 'the answer was larger than 8 MiB, the most a host receives';
  if (timedOut) return `no answer within the time limit of ${formatSeconds(timeoutMs)}`;
  if (state.redirect) return 'the provider answered with a redirect, which hosts never follow';
  if (state.httpStatus !== undefined) return `the provider answered HTTP ${state.httpStatus} to a request with the right token`;
  if (error instanceof McpError) return `the provider answered with a JSON-RPC error (code ${error.code}): ${providerText(error.message, token)}`;
  const code = networkCode(error);
  if (code !== undefined) return `the connection failed (${code})`;
  const message = error instanceof Error ? `: ${providerText(error.message, token)}` : '';
  return `the answer is not valid JSON-RPC/MCP${message}`;
}

function networkCode(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth += 1) {
    const code = (e as NodeJS.ErrnoException).code;
    if (typeof code === 'string' && /^E[A-Z]+$|^UND_ERR/.test(code)) return code;
  }
  return undefined;
}
