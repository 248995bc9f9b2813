import type { Answer, Location } from '@app-context/provider-kit/protocol';
import type { SessionPool } from './session-pool.js';

/** Options for one exchange with a provider. */
export interface CallOptions {
  /** The one time limit on the whole exchange (docs/protocol.md, "Limits and time limits"). */
  timeoutMs?: number;
  /** Aborts the exchange early (the user removed the context, a new hotkey press). */
  signal?: AbortSignal;
  /** A long-running host's initialised MCP sessions; without it every exchange initialises anew. */
  sessions?: SessionPool;
}

/**
 * Why an exchange produced nothing usable. The categories are the CLI's exit statuses:
 * ignored 3, no-answer 4, refused 5, error 6 (location only), not-offered 6 (location only).
 */
export type CallFailure =
  /**
   * timedOut tells a time limit passing from a refused, broken or HTTP-error exchange.
   * linkLost: the provider was verified by a kept connection that closed before anything came
   * back; checking it in full and asking once more is safe (invocation/verified-call.ts).
   */
  | { kind: 'no-answer'; reason: string; timedOut?: boolean; linkLost?: boolean }
  /** rpcErrorCode is set when the provider answered with a JSON-RPC error. */
  | { kind: 'refused'; reason: string; rpcErrorCode?: number }
  | { kind: 'aborted'; reason: string }
  | { kind: 'error'; reason: string }
  | { kind: 'not-offered'; reason: string }
  /**
   * The connect-time check refused the connection (step 5 of docs/protocol.md,
   * "The host's checks, in order"): nothing was sent, the descriptor is ignored.
   */
  | { kind: 'ignored'; reason: string };

/** The answer to `current` after the tolerant reading, or why there is none. */
export type CurrentOutcome = { ok: true; answer: Answer; warnings: string[]; elementCount: number } | ({ ok: false } & CallFailure);

/** The answer to `location`, or why there is none. */
export type LocationOutcome = { ok: true; location: Location; warnings: string[] } | ({ ok: false } & CallFailure);
