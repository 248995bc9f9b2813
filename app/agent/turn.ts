import { describeFailure, timeoutFailure } from './errors.js';
import type { BackendFailure, FailureContext } from './errors.js';
import type { BackendEvent } from './types.js';

/**
 * The model time limit when none is configured (docs/cli.md, "glance ask": `--model-timeout`,
 * default 120000).
 */
export const DEFAULT_MODEL_TIMEOUT_MS = 120_000;

/** Tokens a model may write in one turn; an answer in a panel is short. */
export const DEFAULT_MAX_TOKENS = 4096;

/**
 * Runs one model turn under the caller's signal and the model time limit, and turns anything
 * thrown into one error event. The SDK's own timeout only covers waiting for the response
 * headers; ours covers the whole stream, so a model that trickles forever is still stopped.
 */
export async function* guardTurn(
  ctx: FailureContext,
  signal: AbortSignal,
  body: (signal: AbortSignal) => AsyncIterable<BackendEvent>,
): AsyncGenerator<BackendEvent> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new Error('model time limit'));
  }, ctx.timeoutMs);
  const onAbort = (): void => controller.abort(signal.reason);
  if (signal.aborted) onAbort();
  else signal.addEventListener('abort', onAbort, { once: true });
  let finished = false;
  try {
    if (controller.signal.aborted) {
      yield { type: 'error', kind: 'cancelled', reason: 'the request was cancelled' };
      return;
    }
    for await (const event of body(controller.signal)) {
      if (controller.signal.aborted) break;
      yield event;
      if (event.type === 'done' || event.type === 'error') {
        finished = true;
        return;
      }
    }
    if (!finished) yield endEvent(timedOut, controller.signal.aborted, ctx, { kind: 'bad-response', reason: `${ctx.service} ended the answer early` });
  } catch (error) {
    yield endEvent(timedOut, controller.signal.aborted, ctx, describeFailure(error, ctx));
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', onAbort);
    // Leaving early (the consumer stopped, or we did) must also close the HTTP stream.
    if (!finished) controller.abort(new Error('turn ended'));
  }
}

/** The closing error: the time limit and the caller's cancel win over whatever the SDK threw. */
function endEvent(timedOut: boolean, aborted: boolean, ctx: FailureContext, otherwise: BackendFailure): BackendEvent {
  if (timedOut) return { type: 'error', ...timeoutFailure(ctx) };
  if (aborted) return { type: 'error', kind: 'cancelled', reason: 'the request was cancelled' };
  return { type: 'error', ...otherwise };
}
