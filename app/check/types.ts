/**
 * The result of `glance check-provider`: one named check per rule of the provider side
 * (docs/cli.md, "glance check-provider"), each passed or failed with a reason the provider's
 * developer can act on.
 */
import type { ConnectionGuard } from '../discovery/check-connection.js';

/** One check as docs/cli.md, "glance check-provider", prints it: `{ "name", "ok", "detail"? }`. */
export interface CheckResult {
  /** A stable kebab-case name, e.g. `http-origin-with-token`. */
  name: string;
  ok: boolean;
  /** Why it failed, or a note on a pass. Never the token (see redact.ts). */
  detail?: string;
}

/** A passed check, with an optional note. */
export function pass(name: string, detail?: string): CheckResult {
  return detail === undefined ? { name, ok: true } : { name, ok: true, detail };
}

/** A failed check and why. */
export function fail(name: string, detail: string): CheckResult {
  return { name, ok: false, detail };
}

/**
 * A check that could not run because an earlier one failed. It counts as failed: the rule is
 * not shown to hold, and the developer should see which rules are still unverified.
 */
export function notChecked(name: string, because: string): CheckResult {
  return { name, ok: false, detail: `not checked: ${because}` };
}

/** Where the provider's MCP server is, as far as the descriptor says; the token stays in here. */
export interface Target {
  /**
   * Checks each connection before anything is sent on it, as the host does (step 5 of
   * docs/protocol.md, "The host's checks, in order").
   */
  guard: ConnectionGuard;
  /** The process the user named with --pid. */
  pid: number;
  port: number;
  /** The endpoint URL exactly as the descriptor gives it. */
  endpoint: string;
  /** Path and optional query, used as given. */
  path: string;
  token: string;
  /** The descriptor's protocol: the extension declaration and answers must state the same. */
  protocol: string;
  /** The descriptor's instance: answers must state the same. */
  instance: string;
}
