/**
 * The line protocol between the reader and its platform helper: one JSON object per line each
 * way. Glance sends a request with an `id`; the helper answers each in order with the same
 * `id`, `ok: true` and the op's answer (answer.ts), or `ok: false` and a code. A helper that
 * cannot start at all prints `{ "fatal": code }` and exits. Both helpers (atspi-reader.py,
 * ax-reader.swift) speak it, so everything on the Node side is shared.
 */
import { z } from 'zod';

/** What every request carries besides its op. */
interface RequestBase {
  id: number;
  pid: number;
  /** The time the helper has for this request, from when it was sent: it makes its own calls give up before Glance's limit. */
  timeoutMs: number;
  /**
   * The same limit as a time of day (ms since 1970, Date.now()'s clock): the one deadline every
   * call of the request shares (ax-reader sets what is left before each call into the app).
   */
  deadline: number;
  textLimit: number;
  selectionLimit: number;
  rectLimit: number;
}

/** One read of the app's front window. */
export interface ReadRequest extends RequestBase {
  op: 'read';
}

/** Where a selection read before is now: the same element (by handle) or the focused one, compared by ranges and text. */
export interface LocateRequest extends RequestBase {
  op: 'locate';
  handle?: string;
  /** The window read before, taken when the app has no active window now (Glance's panel has the focus). */
  title: string;
  ranges: [number, number][];
  text: string;
}

/*
 * The codes a helper answers with. Linux: no-bus, not-on-bus, no-window, timeout (an app did
 * not answer a D-Bus call in time), dbus-error. macOS: no-permission, not-on-bus (the app
 * does not answer accessibility), no-window, timeout. Both: bad-request, failed (a bug in the
 * helper, named by its exception's type only). reasons.ts words each; an unknown one is "failed".
 */

/**
 * One line from the helper. `detail` is a platform error's name (a D-Bus error name, an AXError
 * number, an exception's type), never a message: reasons.ts shows it only when it has that shape.
 */
export const HelperLineSchema = z.union([
  z.object({ id: z.number().int(), ok: z.literal(true), answer: z.unknown() }),
  z.object({ id: z.number().int().nullable(), ok: z.literal(false), code: z.string(), detail: z.string().max(400).optional() }),
  z.object({ fatal: z.string() }),
]);

/** The most a helper may print on one line (a 64 Ki-character selection, its rectangles, JSON escapes). */
export const MAX_LINE_BYTES = 2 * 1024 * 1024;
