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

/** Reads one event stream as its text arrives. */
export interface EventStreamReader {
  /** The next piece of the stream's text, split anywhere. */
  push(text: string): void;
  /** The JSON-RPC messages of the complete `message` events so far, in order. */
  readonly messages: unknown[];
  /** True once the responses to every id asked for have arrived; nothing after that event is read. */
  readonly answered: boolean;
}

/**
 * A reader waiting for the responses to `ids` (requestIds). Only `message` events (the default
 * type) carry JSON-RPC messages, as in the MCP SDK; an event whose data is not JSON is skipped.
 * Lines end with CRLF, LF or CR, and a piece may end between the two characters of a CRLF.
 */
export function createEventStreamReader(ids: ReadonlySet<string>): EventStreamReader {
  const waiting = new Set(ids);
  const messages: unknown[] = [];
  let buffer = '';
  let data: string[] = [];
  let type = '';
  /** One complete line of the stream (without its line ending). */
  const line = (text: string): void => {
    if (text === '') {
      if (data.length > 0 && (type === '' || type === 'message')) settle(data.join('\n'));
      data = [];
      type = '';
      return;
    }
    if (text.startsWith(':')) return; // a comment
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    const value = colon < 0 ? '' : text.slice(colon + 1).replace(/^ /, '');
    if (field === 'data') data.push(value);
    else if (field === 'event') type = value;
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
      if (waiting.size === 0 && ids.size > 0) return;
      buffer += text;
      let start = 0;
      for (let i = 0; i < buffer.length; i += 1) {
        const c = buffer[i];
        if (c !== '\n' && c !== '\r') continue;
        if (c === '\r' && i === buffer.length - 1) break;
        line(buffer.slice(start, i));
        if (c === '\r' && buffer[i + 1] === '\n') i += 1;
        start = i + 1;
        if (ids.size > 0 && waiting.size === 0) break;
      }
      buffer = buffer.slice(start);
    },
    messages,
    get answered() {
      return ids.size > 0 && waiting.size === 0;
    },
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A JSON-RPC id: a string or a number (null answers nothing we asked). */
function isId(value: unknown): boolean {
  return typeof value === 'string' || typeof value === 'number';
}
