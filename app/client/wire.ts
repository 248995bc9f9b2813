import type { IncomingMessage } from 'node:http';
import { StringDecoder } from 'node:string_decoder';
import { UnverifiedConnection } from '../discovery/connect-checked.js';
import { MAX_BODY_BYTES } from '@app-context/provider-kit/protocol';
import { SwitchedProtocols, type ProviderLink } from './connections.js';
import { createEventStreamReader, isEventStream, requestIds } from './event-stream.js';

/** What the exchange saw on the wire, so a failure can be named precisely afterwards. */
export interface ExchangeState {
  httpStatus?: number;
  redirect?: boolean;
  tooLarge?: boolean;
  /** The connect-time check refused the connection (why): nothing was sent on it. */
  unverified?: string;
  /** The body came with a content coding (named when it is a known one), which is never decoded. */
  coded?: string;
  /** An event stream held a line or an event past MAX_EVENT_CHARS, and was cut off there. */
  eventTooLarge?: boolean;
}

/** What bounds one post: the exchange's signal, and its deadline as the data handlers check it (deadline.ts). */
export interface WireBound {
  signal: AbortSignal;
  /** True once the time limit has passed (and the signal then aborted). */
  expired?: () => boolean;
}

/** Where one session posts, and the MCP headers it has learned (the negotiated version, a session id). */
export interface WireTarget {
  link: ProviderLink;
  token: string;
  protocolVersion?: string;
  sessionId?: string;
}

/**
 * Posts one JSON-RPC message (or batch) to the provider and gives back the JSON-RPC messages its
 * answer held: the only way the host sends anything to a provider (docs/protocol.md, "Security",
 * "Hardening"). Over the session's link, so to the endpoint and nowhere else (the token goes only
 * there), each new connection checked before a byte is sent, with the exact Host and no content
 * coding asked for; no Origin header is ever set and no redirect followed (node:http follows none).
 * - a 3xx is refused as a redirect, another status outside 2xx by its status (its body unread);
 * - a body with a Content-Encoding other than identity is refused (the host decodes nothing);
 * - a body past 8 MiB, declared or streamed, is cut off at once, never buffered whole;
 * - a JSON body is parsed once here; an event stream is read only until it holds the responses
 *   to the request's ids, then the request ends and its socket is destroyed ("Streams");
 * - an empty answer (202 to a notification) is drained so its socket serves the next request;
 * - an event stream's line or event past 1 MiB is refused (event-stream.ts);
 * - everything is bound to `bound.signal`, the exchange's time limit and cancel, and each piece
 *   of a body checks the time limit itself (`bound.expired`): a burst of pieces runs no timer.
 * No web streams, Response or Headers objects: the body is read from node:http as it arrives,
 * which is most of what the kept path saves against the SDK's transport (docs/benchmarks.md).
 */
export async function postMessage(target: WireTarget, message: unknown, bound: WireBound, state: ExchangeState): Promise<unknown[]> {
  const { signal } = bound;
  const headers: Record<string, string> = {
    authorization: `Bearer ${target.token}`,
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
  };
  if (target.sessionId !== undefined) headers['mcp-session-id'] = target.sessionId;
  if (target.protocolVersion !== undefined) headers['mcp-protocol-version'] = target.protocolVersion;
  let res: IncomingMessage;
  try {
    res = await target.link.send({ method: 'POST', headers, body: JSON.stringify(message), signal });
  } catch (error) {
    if (error instanceof UnverifiedConnection) state.unverified = error.reason;
    if (error instanceof SwitchedProtocols) state.httpStatus = 101;
    throw error;
  }
  const status = res.statusCode ?? 0;
  const sessionId = res.headers['mcp-session-id'];
  if (typeof sessionId === 'string' && sessionId !== '') target.sessionId = sessionId;
  if (status >= 300 && status < 400) {
    state.redirect = true;
    res.destroy();
    throw new Error('the provider answered with a redirect');
  }
  if (status < 200 || status > 299) {
    // An error status is judged by its status: its body is never read for meaning.
    state.httpStatus = status;
    res.destroy();
    throw new Error(`the provider answered with HTTP status ${status}`);
  }
  const coding = contentCoding(res.headers['content-encoding'] ?? null);
  if (coding !== undefined) {
    state.coded = coding;
    res.destroy();
    throw new Error('the answer has a content coding');
  }
  if (Number(res.headers['content-length'] ?? '0') > MAX_BODY_BYTES) {
    state.tooLarge = true;
    res.destroy();
    throw new Error('the answer is larger than the limit');
  }
  const ids = requestIds(message);
  if (ids.size === 0 || status === 202 || status === 204 || res.headers['content-length'] === '0') {
    // A notification's answer has nothing to say (MCP gives it 202 and no body).
    drain(res);
    return [];
  }
  if (isEventStream(res.headers['content-type'])) return readEvents(res, ids, bound, state);
  if (mediaType(res.headers['content-type']) !== 'application/json') {
    res.destroy();
    throw new Error('the answer is neither JSON nor an event stream');
  }
  const parsed: unknown = JSON.parse(await readText(res, bound, state));
  return Array.isArray(parsed) ? parsed : [parsed];
}

/** Codings named as they are; anything else is "another coding" (a header is the provider's text). */
const KNOWN_CODINGS = new Set(['gzip', 'x-gzip', 'deflate', 'br', 'compress', 'x-compress', 'zstd']);

/** The coding of a Content-Encoding header for messages, or undefined when the body is as sent. */
export function contentCoding(header: string | null): string | undefined {
  const codings = (header ?? '').split(',').map((c) => c.trim().toLowerCase()).filter((c) => c !== '' && c !== 'identity');
  if (codings.length === 0) return undefined;
  return codings.every((c) => KNOWN_CODINGS.has(c)) ? codings.join(', ') : 'another coding';
}

function mediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/**
 * Reads a body as it arrives, handing each piece to `onChunk`, under the 8 MiB cap and the
 * time limit (checked on each piece too); resolves when the body ends or `onChunk` says it has
 * what it needs (the response is then destroyed, with its socket).
 */
function readBody(res: IncomingMessage, bound: WireBound, state: ExchangeState, onChunk: (chunk: Buffer) => boolean): Promise<void> {
  const { signal } = bound;
  return new Promise((resolve, reject) => {
    let received = 0;
    let settled = false;
    const finish = (error?: Error): void => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      if (error) reject(error);
      else resolve();
    };
    const onAbort = (): void => {
      res.destroy();
      finish(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
    };
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    res.on('data', (chunk: Buffer) => {
      if (settled) return;
      if (bound.expired?.() === true) return onAbort();
      received += chunk.length;
      if (received > MAX_BODY_BYTES) {
        state.tooLarge = true;
        res.destroy(); // tears the socket down instead of draining the rest
        return finish(new Error('the answer is larger than the limit'));
      }
      if (onChunk(chunk)) {
        res.destroy();
        finish();
      }
    });
    res.once('end', () => finish());
    res.once('error', (error) => finish(error));
    res.once('close', () => finish(res.complete ? undefined : Object.assign(new Error('the answer was cut off'), { code: 'ECONNRESET' })));
  });
}

/** A JSON body as text, whole. */
async function readText(res: IncomingMessage, bound: WireBound, state: ExchangeState): Promise<string> {
  const chunks: Buffer[] = [];
  await readBody(res, bound, state, (chunk) => {
    chunks.push(chunk);
    return false;
  });
  return Buffer.concat(chunks).toString('utf8');
}

/** The messages of an event stream, read until it holds the responses to `ids` (or ends, or overflows). */
async function readEvents(res: IncomingMessage, ids: ReadonlySet<string>, bound: WireBound, state: ExchangeState): Promise<unknown[]> {
  const reader = createEventStreamReader(ids);
  const decoder = new StringDecoder('utf8');
  await readBody(res, bound, state, (chunk) => {
    reader.push(decoder.write(chunk));
    return reader.answered || reader.overflowed;
  });
  // An event the stream ended in the middle of is not dispatched (as in the SDK and the SSE spec).
  if (!reader.answered) reader.push(decoder.end());
  if (reader.overflowed) {
    state.eventTooLarge = true;
    throw new Error('an event of the answer is larger than the limit');
  }
  return reader.messages;
}

/** The most of a body with nothing to say that is read to keep its socket; past it, the socket goes. */
const DRAIN_LIMIT = 64 * 1024;

/** Reads a response nobody will look at to its end, so its socket can serve the next request. */
function drain(res: IncomingMessage): void {
  let received = 0;
  res.on('data', (chunk: Buffer) => {
    received += chunk.length;
    if (received > DRAIN_LIMIT) res.destroy();
  });
  res.resume();
}
