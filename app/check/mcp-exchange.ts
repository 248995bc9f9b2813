import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { jsonSchemaValidator, JsonSchemaType, JsonSchemaValidator } from '@modelcontextprotocol/sdk/validation';
import { formatSeconds } from '../client/exchange.js';
import { startDeadline } from '../client/deadline.js';
import { createSession } from '../client/mcp-session.js';
import type { ExchangeState } from '../client/wire.js';
import { providerText } from './redact.js';
import { sdkTransport } from './sdk-transport.js';
import type { Target } from './types.js';

/** What the steps of one exchange produced, and how long the whole exchange took. */
export type Exchange<T> = { ok: true; value: T; elapsedMs: number } | { ok: false; reason: string; elapsedMs: number; timedOut: boolean };

/** The steps of one exchange after the client is connected; `signal` and `timeout` bound each call. */
export type Steps<T> = (client: Client, bound: { signal: AbortSignal; timeout: number }) => Promise<T>;

/**
 * One exchange as the host makes it (docs/protocol.md, "How a host talks to the endpoint"):
 * connect, initialise, then `steps`, all under one time limit, with the SDK's client over the
 * host's own session (sdk-transport.ts): the same link (each connection checked before a byte is
 * sent, Host: 127.0.0.1:<port>, Accept-Encoding: identity, one socket at a time) and the same wire
 * (no Origin, no redirects, no content coding, event streams ended at their response, the 8 MiB
 * cap). So what passes here, the host can read. Unlike the host it reports the provider's own error texts,
 * redacted: check-provider is for the provider's developer (docs/cli.md, "glance check-provider").
 */
export async function exchange<T>(target: Target, timeoutMs: number, steps: Steps<T>): Promise<Exchange<T>> {
  const started = performance.now();
  const deadline = startDeadline(timeoutMs);
  const state: ExchangeState = {};
  const session = createSession({ endpoint: target.endpoint, token: target.token, key: 'check-provider', clientName: 'glance-check-provider' });
  session.bind({ signal: deadline.signal, expired: deadline.passed, state, guard: target.guard });
  const bound = { signal: deadline.signal, timeout: timeoutMs };
  const client = new Client({ name: session.clientName, version: '0.1.0' }, { capabilities: {}, jsonSchemaValidator: new LazyAjv() });
  client.onerror = () => undefined; // background errors are judged by the call's own outcome
  try {
    await client.connect(sdkTransport(session), bound);
    const value = await steps(client, bound);
    return { ok: true, value, elapsedMs: Math.round(performance.now() - started) };
  } catch (error) {
    const elapsedMs = Math.round(performance.now() - started);
    const timedOut = deadline.signal.aborted && state.unverified === undefined;
    return { ok: false, reason: describeFailure(error, state, timedOut, timeoutMs, target.token), elapsedMs, timedOut };
  } finally {
    deadline.clear();
    await client.close().catch(() => undefined);
    await session.close();
  }
}

/**
 * The SDK's client builds an Ajv instance in its constructor (15-50 ms on the first one in a
 * process), though it only needs one after listTools, for tools' output schemas. This builds
 * it on first use instead; the validation is the same when it happens.
 */
class LazyAjv implements jsonSchemaValidator {
  private ajv: AjvJsonSchemaValidator | undefined;
  getValidator<T>(schema: JsonSchemaType): JsonSchemaValidator<T> {
    this.ajv ??= new AjvJsonSchemaValidator();
    return this.ajv.getValidator<T>(schema);
  }
}

/** Names what went wrong; what the wire saw is more precise than the SDK's error. */
function describeFailure(error: unknown, state: ExchangeState, timedOut: boolean, timeoutMs: number, token: string): string {
  if (state.unverified !== undefined) return `nothing was sent: the connection failed the host's check (${state.unverified})`;
  if (state.tooLarge) return 'the answer was larger than 8 MiB, the most a host receives';
  if (state.eventTooLarge) return 'the answer held an event-stream line or event larger than 1 MiB, the most a host reads';
  if (timedOut) return `no answer within the time limit of ${formatSeconds(timeoutMs)}`;
  if (state.redirect) return 'the provider answered with a redirect, which hosts never follow';
  if (state.coded !== undefined) {
    return `the provider sent a compressed answer (Content-Encoding: ${state.coded}); hosts ask for no content coding (Accept-Encoding: identity) and refuse a compressed answer: send the body as it is`;
  }
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
