import type { RequestOutcome } from '../../contract/privacy.js';
import { nodeCrypto } from '../os/load-later.js';
import { RedirectRefusedError } from './no-redirects.js';
import type { AgentRequest, ContextSummary, RequestObserver, RequestSettler, SentRequest } from './types.js';

/**
 * Where the exact body of each model request is known: the fetch the SDKs send through. Every
 * HTTP request (each turn, each tool round trip, each retry the SDK makes) passes here, so the
 * app and the command record the same receipts (docs/cli.md, "History: a receipt for every send").
 */

/** Thrown (inside the SDK's fetch) when the observer refused or failed: nothing was sent. */
export class RequestNotRecordedError extends Error {}

/** Which backend and model a request goes to, for its receipt. */
export interface RequestOrigin {
  backend: string;
  model: string | null;
}

/** The description of one body about to be sent. */
export function describeRequest(origin: RequestOrigin, endpoint: string, body: string, context: ContextSummary): SentRequest {
  const bytes = Buffer.byteLength(body, 'utf8');
  const sha256 = nodeCrypto().createHash('sha256').update(body, 'utf8').digest('hex');
  return { ...origin, endpoint, body, bytes, sha256, context };
}

function bodyText(body: unknown): string | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return body;
  if (body instanceof Uint8Array) return Buffer.from(body).toString('utf8');
  if (body instanceof ArrayBuffer) return Buffer.from(body).toString('utf8');
  // A stream or a form: its bytes cannot be known before they go, so it does not go.
  throw new RequestNotRecordedError('a request body Glance cannot read before sending');
}

/** A Node system error code (ECONNREFUSED, ENOTFOUND) or undici's (UND_ERR_SOCKET) in a `cause` chain: no answer came over the network. */
function networkCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && typeof current === 'object' && current !== null; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^(E[A-Z]+|UND_ERR_[A-Z_]+)$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Why nothing came back, as a kind only: an error's message may quote the server, so none is kept. */
function failureOutcome(error: unknown, signal: AbortSignal | null | undefined): RequestOutcome {
  if (error instanceof RedirectRefusedError) return { failure: 'redirect' };
  if (signal?.aborted === true || (error instanceof Error && error.name === 'AbortError')) return { failure: 'stopped' };
  return networkCode(error) !== undefined ? { failure: 'unreachable' } : { failure: 'failed' };
}

/** Tells the settler what came back; a receipt that cannot be completed does not fail a request already sent. */
async function settle(settler: RequestSettler | undefined, outcome: RequestOutcome): Promise<void> {
  if (settler) await settler(outcome).catch(() => undefined);
}

/**
 * A fetch that tells `observe` of each request with a body before sending it, and sends it only
 * when that succeeded; once the answer's status (or the failure) is known, the observer's
 * settler is told, so the receipt says what came back. `base` is the fetch that really sends
 * (tests pass one with their own DNS lookup).
 */
export function observedFetch(observe: RequestObserver, origin: RequestOrigin, context: ContextSummary, base: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const body = bodyText(init?.body);
    let settler: RequestSettler | undefined;
    if (body !== undefined) {
      try {
        settler = await observe(describeRequest(origin, new URL(url).origin, body, context));
      } catch (error) {
        throw error instanceof RequestNotRecordedError ? error : new RequestNotRecordedError(error instanceof Error ? error.message : 'the receipt could not be written', { cause: error });
      }
    }
    let response: Response;
    try {
      response = await base(input, init);
    } catch (error) {
      await settle(settler, failureOutcome(error, init?.signal));
      throw error;
    }
    await settle(settler, { status: response.status });
    return response;
  };
}

/** The offline backend's "request": the payload it was given, as JSON. */
export function offlinePayload(request: AgentRequest): string {
  return JSON.stringify(request);
}
