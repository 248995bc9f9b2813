/**
 * An answer sent as an event stream ends when its JSON-RPC response has arrived (docs/protocol.md,
 * "Hardening", "Streams"). A provider may keep such a stream open after the result for as long as
 * it likes, which would hold a socket (and a request) open, one more on every hotkey press of a
 * long-running host. This reader takes the stream's text as it arrives, keeps the JSON-RPC
 * messages of its `message` events, and says when the event that completes the last response the
 * request asked for has arrived: the request is then ended and its socket destroyed.
 */

/** The ids of the JSON-RPC requests in a message or a batch, as JSON text; notifications have none. */
export function requestIds(message: unknown): Set<string> {
  const ids = new Set<string>();
  for (const one of Array.isArray(message) ? message : [message]) {
    if (isObject(one) && typeof one['method'] === 'string' && isId(one['id'])) ids.add(JSON.stringify(one['id']));
  }
  return ids;
}

/** True when a Content-Type names an event stream (its essence, parameters and case aside). */
export function isEventStream(contentType: string | null | undefined): boolean {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() === 'text/event-stream';
}

/**
 * The longest line, and the most data one event may gather, in characters (so at least 1 MiB):
 * past it the stream is refused. A response to one request has no need of more, and a line that
 * never ends would otherwise be held (and looked through) up to the body's 8 MiB.
 */
export const MAX_EVENT_CHARS = 1024 * 1024;

/** Reads one event stream as its text arrives. */
export interface EventStreamReader {
  /** The next piece of the stream's text, split anywhere. */
  push(text: string): void;
  /** The JSON-RPC messages of the complete `message` events so far, in order. */
  readonly messages: unknown[];
  /** True once the responses to every id asked for have arrived; nothing after that event is read. */
  readonly answered: boolean;
  /** True once a line or an event passed MAX_EVENT_CHARS; nothing after it is read. */
  readonly overflowed: boolean;
}

/**
 * A reader waiting for the responses to `ids` (requestIds). Only `message` events (the default
 * type) carry JSON-RPC messages, as in the MCP SDK; an event whose data is not JSON is skipped.
 * Lines end with CRLF, LF or CR, and a piece may end between the two characters of a CRLF.
 *
 * Each character is looked at once: a piece is scanned from its start only, and the unfinished
 * line is kept as pieces, joined once when it ends. (Scanning the whole held text again on each
 * piece made a line that never ends cost the square of its length: a minute of a frozen host
 * for an 8 MiB body sent in 1 KiB chunks.)
 */
export function createEventStreamReader(ids: ReadonlySet<string>): EventStreamReader {
  const waiting = new Set(ids);
  const messages: unknown[] = [];
  /** The unfinished line, as the pieces it came in. */
  let pending: string[] = [];
  let pendingLength = 0;
  /** The last piece ended with a CR: an LF starting the next one ends no second line. */
  let afterCr = false;
  let data: string[] = [];
  let dataLength = 0;
  let type = '';
  let overflowed = false;
  const answered = (): boolean => ids.size > 0 && waiting.size === 0;
  /** One complete line of the stream (without its line ending). */
  const line = (text: string): void => {
    if (text === '') {
      if (data.length > 0 && (type === '' || type === 'message')) settle(data.join('\n'));
      data = [];
      dataLength = 0;
      type = '';
      return;
    }
    if (text.startsWith(':')) return; // a comment
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    const value = colon < 0 ? '' : text.slice(colon + 1).replace(/^ /, '');
    if (field === 'data') {
      data.push(value);
      dataLength += value.length + 1;
      if (dataLength > MAX_EVENT_CHARS) overflowed = true;
    } else if (field === 'event') type = value;
  };
  const settle = (text: string): void => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return; // not a message; nothing here is answered
    }
    messages.push(parsed);
    for (const message of Array.isArray(parsed) ? parsed : [parsed]) {
      if (!isObject(message) || 'method' in message || !('result' in message || 'error' in message) || !isId(message['id'])) continue;
      waiting.delete(JSON.stringify(message['id']));
    }
  };
  return {
    push(text) {
      if (overflowed || answered()) return;
      let start = afterCr && text.startsWith('\n') ? 1 : 0;
      afterCr = false;
      for (let i = start; i < text.length; i += 1) {
        const c = text.charCodeAt(i);
        if (c !== LF && c !== CR) continue;
        pending.push(text.slice(start, i));
        const whole = pending.join('');
        pending = [];
        pendingLength = 0;
        if (whole.length > MAX_EVENT_CHARS) overflowed = true;
        else line(whole);
        if (overflowed || answered()) return;
        if (c === CR && i === text.length - 1) afterCr = true;
        else if (c === CR && text.charCodeAt(i + 1) === LF) i += 1;
        start = i + 1;
      }
      if (start >= text.length) return;
      pending.push(text.slice(start));
      pendingLength += text.length - start;
      if (pendingLength > MAX_EVENT_CHARS) overflowed = true;
    },
    messages,
    get answered() {
      return answered();
    },
    get overflowed() {
      return overflowed;
    },
  };
}

const LF = 10;
const CR = 13;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A JSON-RPC id: a string or a number (null answers nothing we asked). */
function isId(value: unknown): boolean {
  return typeof value === 'string' || typeof value === 'number';
}
