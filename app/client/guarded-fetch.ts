import { UnverifiedConnection } from '../discovery/connect-checked.js';
import { MAX_BODY_BYTES } from '../protocol/limits.js';
import { isEventStream, requestIds, untilAnswered } from './event-stream.js';

/** What the guarded fetch saw, so a failure can be named precisely afterwards. */
export interface ExchangeState {
  httpStatus?: number;
  redirect?: boolean;
  tooLarge?: boolean;
  wrongAddress?: boolean;
  /** The connect-time check refused the connection (why): nothing was sent on it. */
  unverified?: string;
  /** The body came with a content coding (named when it is a known one), which is never decoded. */
  coded?: string;
}

type Fetch = (url: string | URL, init?: RequestInit) => Promise<Response>;

/**
 * The only fetch a provider client uses (docs/protocol.md, "Security"):
 * - it sends to the descriptor's endpoint and nowhere else (the token goes only there);
 * - it never sends an `Origin` header and never follows a redirect, not even same-origin;
 * - it answers the SDK's GET for an event stream itself with 405: providers are stateless,
 *   so that request would only cost a round trip (or hang on a hostile provider);
 * - it refuses a body with a Content-Encoding other than identity: the host asks for none and
 *   decodes none, so what it reads is what was sent (docs/protocol.md, "Hardening",
 *   "No content coding");
 * - it cuts a body off past 8 MiB while it streams in, aborting the request, so a 64 MiB
 *   answer is never buffered;
 * - an answer sent as an event stream is cut off once it holds the responses to the request's
 *   ids, which ends the request and destroys its socket (docs/protocol.md, "Hardening", "Streams");
 * - every request is bound to the exchange's deadline signal.
 */
export function createGuardedFetch(endpoint: URL, deadline: AbortSignal, state: ExchangeState, base: Fetch = fetch): Fetch {
  return async (url, init) => {
    if (new URL(url).href !== endpoint.href) {
      state.wrongAddress = true;
      throw new Error('refused to send a request to an address other than the endpoint');
    }
    const method = (init?.method ?? 'GET').toUpperCase();
    if (method === 'GET') return new Response(null, { status: 405, statusText: 'Method Not Allowed' });
    const headers = new Headers(init?.headers);
    headers.delete('origin');
    const local = new AbortController();
    const signals = [deadline, local.signal, ...(init?.signal ? [init.signal] : [])];
    let response: Response;
    try {
      response = await base(endpoint, { ...init, headers, redirect: 'manual', signal: AbortSignal.any(signals) });
    } catch (error) {
      if (error instanceof UnverifiedConnection) state.unverified = error.reason;
      throw error;
    }
    if (response.status >= 300 && response.status < 400) {
      state.redirect = true;
      await response.body?.cancel().catch(() => undefined);
      throw new Error('the provider answered with a redirect');
    }
    if (!response.ok) state.httpStatus = response.status;
    // An error status is judged by its status: its body is never read for meaning.
    const coding = response.ok ? contentCoding(response.headers.get('content-encoding')) : undefined;
    if (coding !== undefined) {
      state.coded = coding;
      local.abort();
      throw new Error('the answer has a content coding');
    }
    const declared = Number(response.headers.get('content-length') ?? '0');
    if (declared > MAX_BODY_BYTES) {
      state.tooLarge = true;
      local.abort();
      throw new Error('the answer is larger than the limit');
    }
    if (response.body === null) return response;
    let body = response.body.pipeThrough(byteCap(state, local));
    const ids = requestIds(init?.body);
    if (ids.size > 0 && isEventStream(response.headers.get('content-type'))) body = body.pipeThrough(untilAnswered(ids, () => local.abort()));
    return new Response(body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}

/** Codings named as they are; anything else is "another coding" (a header is the provider's text). */
const KNOWN_CODINGS = new Set(['gzip', 'x-gzip', 'deflate', 'br', 'compress', 'x-compress', 'zstd']);

/** The coding of a Content-Encoding header for messages, or undefined when the body is as sent. */
export function contentCoding(header: string | null): string | undefined {
  const codings = (header ?? '').split(',').map((c) => c.trim().toLowerCase()).filter((c) => c !== '' && c !== 'identity');
  if (codings.length === 0) return undefined;
  return codings.every((c) => KNOWN_CODINGS.has(c)) ? codings.join(', ') : 'another coding';
}

function byteCap(state: ExchangeState, local: AbortController): TransformStream<Uint8Array, Uint8Array> {
  let received = 0;
  return new TransformStream({
    transform(chunk, controller) {
      received += chunk.byteLength;
      if (received > MAX_BODY_BYTES) {
        state.tooLarge = true;
        local.abort(); // tears the socket down instead of draining the rest
        controller.error(new Error('the answer is larger than the limit'));
        return;
      }
      controller.enqueue(chunk);
    },
  });
}
