import { RedirectRefusedError } from './no-redirects.js';
import { RequestNotRecordedError } from './observe.js';
import type { AgentFailureKind } from './types.js';

/** A backend failure as one line a person can act on, with its category. */
export interface BackendFailure {
  kind: AgentFailureKind;
  reason: string;
}

/** How a backend is named in messages and where its key comes from. */
export interface FailureContext {
  /** "Anthropic", "the OpenAI-compatible server". */
  service: string;
  /** The server address, shown without user name or password (never the key). */
  baseURL?: string;
  /** What to check when a key is refused, e.g. "ANTHROPIC_API_KEY" or "the API key in Settings". */
  keyHint: string;
  /** The model time limit, for the timeout message. */
  timeoutMs: number;
}

/** The address with any user name, password, query and fragment removed, for messages. */
function safeAddress(baseURL: string): string {
  try {
    const url = new URL(baseURL);
    return `${url.protocol}//${url.host}${url.pathname}`;
  } catch {
    return 'the configured address';
  }
}

function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const status = (error as { status?: unknown }).status;
  return typeof status === 'number' ? status : undefined;
}

function nameOf(error: unknown): string {
  return error instanceof Error ? error.constructor.name || error.name : '';
}

/** Walks `cause` links for a Node system error code such as ECONNREFUSED. */
function systemCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && typeof current === 'object' && current !== null; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The error of `type` in a `cause` chain (the SDK wraps what its fetch threw), if there is one. */
function foundIn<T>(error: unknown, type: new (...args: never[]) => T): T | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && typeof current === 'object' && current !== null; depth += 1) {
    if (current instanceof type) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The failure of a request whose receipt could not be written: it was not sent. */
export function notRecordedFailure(error: unknown): BackendFailure {
  const why = error instanceof Error ? error.message : 'unknown error';
  return { kind: 'not-recorded', reason: `Glance could not write this request's receipt to its history, so nothing was sent (${why})` };
}

/**
 * Turns whatever an SDK threw into one line. The server's own error text is never quoted:
 * it may echo the request, which holds the user's documents, and the key must never show.
 */
export function describeFailure(error: unknown, ctx: FailureContext): BackendFailure {
  const where = ctx.baseURL ? ` at ${safeAddress(ctx.baseURL)}` : '';
  const unrecorded = foundIn(error, RequestNotRecordedError);
  if (unrecorded) return notRecordedFailure(unrecorded);
  const status = statusOf(error);
  const redirect = foundIn(error, RedirectRefusedError);
  if (redirect || (status !== undefined && status >= 300 && status < 400)) {
    // Where the body went is said as it is: the address asked only, unless a fetch followed anyway.
    const went = redirect?.followed === true ? 'the fetch Glance was given followed it anyway, so the request may have gone to another address' : 'Glance never follows one, so the request went to that address only';
    return { kind: 'redirected', reason: `${ctx.service}${where} answered with a redirect${status !== undefined ? ` (HTTP ${status})` : ''}; ${went}. Check the server address` };
  }
  const name = nameOf(error);
  if (name === 'APIUserAbortError') return { kind: 'cancelled', reason: 'the request was cancelled' };
  if (name === 'APIConnectionTimeoutError') return timeoutFailure(ctx);
  if (status === 401 || status === 403) {
    return { kind: 'refused', reason: `${ctx.service}${where} refused the API key (HTTP ${status}); check ${ctx.keyHint}` };
  }
  if (status === 429) {
    return { kind: 'rate-limited', reason: `${ctx.service}${where} is rate limiting or out of quota (HTTP 429); wait and try again` };
  }
  if (status !== undefined && status >= 500) {
    return { kind: 'server-error', reason: `${ctx.service}${where} failed (HTTP ${status}); try again later` };
  }
  if (status === 404) {
    return { kind: 'bad-request', reason: `${ctx.service}${where} answered HTTP 404; check the model name and the base URL (OpenAI-compatible servers usually end in /v1)` };
  }
  if (status !== undefined) {
    return { kind: 'bad-request', reason: `${ctx.service}${where} rejected the request (HTTP ${status}); check the model name and settings` };
  }
  if (name === 'APIConnectionError' || systemCode(error) !== undefined) {
    const code = systemCode(error);
    const detail = code === 'ECONNREFUSED' ? 'connection refused' : code ? `network error ${code}` : 'no connection';
    return { kind: 'unreachable', reason: `could not reach ${ctx.service}${where} (${detail}); is it running and is the address right?` };
  }
  return { kind: 'bad-response', reason: `${ctx.service}${where} sent an answer Glance could not read` };
}

/** The message for a model that did not finish within its time limit. */
export function timeoutFailure(ctx: Pick<FailureContext, 'service' | 'timeoutMs'>): BackendFailure {
  return { kind: 'timeout', reason: `${ctx.service} did not finish within ${ctx.timeoutMs} ms (the model time limit); try again or raise the limit` };
}

/** The message for a backend that needs a key and has none. */
export function missingKeyFailure(service: string, keyHint: string): BackendFailure {
  return { kind: 'no-key', reason: `no API key for ${service}; set ${keyHint}` };
}
