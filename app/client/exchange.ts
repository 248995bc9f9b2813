import type { VerifiedProvider } from '../discovery/types.js';
import { declaredProtocol, DEFAULT_TIMEOUT_MS } from '@app-context/provider-kit/protocol';
import { callTool, initialize, listToolNames, UnsupportedRevision } from './mcp-calls.js';
import { openSession } from './mcp-session.js';
import { IncompleteAnswer, MCP_PROTOCOL_VERSIONS, RpcError, type CallToolResult } from './rpc.js';
import type { CallFailure, CallOptions } from './types.js';
import type { ExchangeState } from './wire.js';
import { oneLine } from '../text/cap-text.js';
import { startDeadline, untilAborted } from './deadline.js';

/** The parts of a tool result the host reads. */
type ToolResult = CallToolResult;

/** The tool's result as its schema read it, or why the exchange failed. */
export type ToolExchange =
  | { ok: true; result: ToolResult }
  /** `not-offered`: the provider run does not list the tool, and it was not called. */
  | ({ ok: false } & CallFailure);

/**
 * One whole exchange with a provider under one time limit (docs/protocol.md,
 * "Limits and time limits"): connect, initialise, check the extension declaration, list the tools
 * once per provider run, call one tool if the run offers it, receive the body. With a pool
 * (options.sessions) a session already initialised for this very provider skips initialise and
 * its check (done when it was made; see session-pool.ts), and a run whose tools the pool knows is
 * not asked for them again; everything else is the same. A provider verified by a kept connection (provider.viaLink) is asked over that
 * connection only. The session is closed with its sockets unless the exchange ended cleanly and a
 * pool takes it back with its idle socket.
 */
export async function exchangeTool(
  provider: VerifiedProvider,
  tool: string,
  args: Record<string, unknown>,
  options: CallOptions = {},
): Promise<ToolExchange> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const deadline = startDeadline(timeoutMs);
  const signal = options.signal ? AbortSignal.any([deadline.signal, options.signal]) : deadline.signal;
  const state: ExchangeState = {};
  const pool = options.sessions;
  const viaLink = provider.viaLink === true;
  const session = pool?.take(provider, viaLink) ?? (viaLink ? undefined : openSession(provider));
  if (session === undefined) {
    deadline.clear();
    return { ok: false, kind: 'no-answer', reason: LINK_LOST_REASON, linkLost: true };
  }
  // A new connection is checked as it opens; a provider verified by its kept link gets none.
  session.bind({ signal, expired: deadline.passed, state, ...(viaLink ? {} : { guard: provider.guard }) });
  let reusable = false;
  const steps = async (): Promise<ToolExchange> => {
    if (!session.initialised) {
      const declared = declaredProtocol((await initialize(session)).capabilities);
      if (declared === undefined) return { ok: false, kind: 'refused', reason: 'the server does not declare the app-context extension, so it is not a provider' };
      if (declared !== provider.descriptor.protocol) {
        return { ok: false, kind: 'refused', reason: 'the server declares another protocol version than its descriptor' };
      }
      session.initialised = true;
    }
    // The host never calls a tool the run does not offer (docs/protocol.md, "What a host must
    // do"): a provider that cannot place elements does not list `location`, and is not asked.
    session.tools ??= pool?.tools.get(session.key) ?? new Set(await listToolNames(session));
    if (!session.tools.has(tool)) {
      reusable = !signal.aborted;
      return { ok: false, kind: 'not-offered', reason: `${oneLine(provider.descriptor.name)} does not offer ${tool}` };
    }
    const result = await callTool(session, tool, args);
    reusable = !signal.aborted;
    return { ok: true, result };
  };
  try {
    if (signal.aborted) throw new Error('aborted before start');
    // Raced against the signal: no answer's shape keeps the exchange past its limit.
    return await untilAborted(signal, steps());
  } catch (error) {
    const failure = classify(error, state, deadline.signal.aborted, options.signal?.aborted === true, provider, timeoutMs);
    if (viaLink && failure.kind === 'no-answer' && failure.timedOut !== true && state.httpStatus === undefined && networkCode(error) !== undefined) {
      // The kept connection closed under the request (the provider's keep-alive time passed
      // as we sent, or it quit): nothing came back, so the caller may check in full and ask again.
      return { ok: false, kind: 'no-answer', reason: LINK_LOST_REASON, linkLost: true };
    }
    return { ok: false, ...failure };
  } finally {
    deadline.clear();
    // An exchange given up by its signal may still have steps running: the session is not kept.
    if (reusable && !signal.aborted && pool !== undefined) {
      session.unbind();
      await pool.give(session);
    } else {
      await session.close();
    }
  }
}

const LINK_LOST_REASON = 'the kept connection to the provider closed before it answered';

/**
 * Names what went wrong without quoting the provider: its error texts and bodies stay out
 * of our messages (docs/protocol.md, "What never leaves the host"). The order matters: what the
 * wire saw (wire.ts) is more precise than the error that ended the exchange.
 */
function classify(error: unknown, state: ExchangeState, timedOut: boolean, cancelled: boolean, provider: VerifiedProvider, timeoutMs: number): CallFailure {
  // The app's own name on one line and capped: reasons reach the panel, the CLI and the log.
  const name = oneLine(provider.descriptor.name);
  if (state.unverified !== undefined) return { kind: 'ignored', reason: state.unverified };
  if (state.tooLarge) return { kind: 'refused', reason: 'the answer was larger than 8 MiB and was cut off' };
  if (state.eventTooLarge) return { kind: 'refused', reason: 'the answer held an event larger than 1 MiB and was cut off' };
  if (cancelled) return { kind: 'aborted', reason: 'the request was cancelled' };
  if (timedOut) return { kind: 'no-answer', reason: `${name} did not answer within ${formatSeconds(timeoutMs)}`, timedOut: true };
  if (state.redirect) return { kind: 'no-answer', reason: `${name} answered with a redirect, which Glance never follows` };
  if (state.coded !== undefined) return { kind: 'refused', reason: `${name} sent a compressed answer (Content-Encoding: ${state.coded}), which Glance does not decode` };
  if (state.httpStatus !== undefined) return { kind: 'no-answer', reason: `${name} answered with HTTP status ${state.httpStatus}` };
  if (error instanceof RpcError) return { kind: 'refused', reason: `${name} answered with a JSON-RPC error (code ${error.code})`, rpcErrorCode: error.code };
  // Named rather than 'not valid MCP': the provider's developer must learn which revisions to
  // answer. The revision it sent is not quoted (it is the provider's text).
  if (error instanceof UnsupportedRevision) return { kind: 'refused', reason: `${name} answered initialize with an MCP revision Glance does not speak (Glance speaks ${MCP_PROTOCOL_VERSIONS.join(', ')})` };
  const code = networkCode(error);
  if (code === 'ECONNREFUSED') return { kind: 'no-answer', reason: `${name} refused the connection` };
  if (code !== undefined || error instanceof IncompleteAnswer) return { kind: 'no-answer', reason: `the connection to ${name} broke before the answer was complete` };
  return { kind: 'refused', reason: `${name} sent an answer that is not valid JSON-RPC/MCP` };
}

function networkCode(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth += 1) {
    const code = (e as NodeJS.ErrnoException).code;
    if (typeof code === 'string' && /^E[A-Z]+$|^UND_ERR/.test(code)) return code;
  }
  return undefined;
}

/** 1500 -> "1.5 s", 250 -> "0.25 s"; 1 -> "1 ms" and 1234 -> "1234 ms": the time as typed when seconds would round it. */
export function formatSeconds(ms: number): string {
  const seconds = Number((ms / 1000).toFixed(2));
  return Math.round(seconds * 1000) === ms ? `${seconds} s` : `${ms} ms`;
}
