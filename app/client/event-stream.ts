/**
 * An answer sent as an event stream ends when its JSON-RPC response has arrived (docs/protocol.md,
 * "Hardening", "Streams"). The SDK reads such a stream until the server closes it, so a provider
 * that keeps it open after the result would hold a socket (and a request) open for as long as it
 * likes, one more on every hotkey press of a long-running host. This cuts the stream off right
 * after the event that completes the last response the request asked for.
 */

/** The ids of the JSON-RPC requests in a POST body (one message or a batch), as JSON text; notifications have none. */
export function requestIds(body: unknown): Set<string> {
  const ids = new Set<string>();
  if (typeof body !== 'string') return ids;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return ids;
  }
  for (const message of Array.isArray(parsed) ? parsed : [parsed]) {
    if (isObject(message) && typeof message['method'] === 'string' && isId(message['id'])) ids.add(JSON.stringify(message['id']));
  }
  return ids;
}

/** True when a Content-Type names an event stream (its essence, parameters and case aside). */
export function isEventStream(contentType: string | null): boolean {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() === 'text/event-stream';
}

/**
 * Passes an event stream through unchanged until the event that answers the last of `ids`;
 * then it passes that chunk, closes the stream (the SDK sees a clean end, so it neither waits
 * nor reconnects) and calls `answered`, which ends the request and destroys its socket.
 * Only `message` events (the default type) carry JSON-RPC messages, as in the SDK.
 */
export function untilAnswered(ids: ReadonlySet<string>, answered: () => void): TransformStream<Uint8Array, Uint8Array> {
  const waiting = new Set(ids);
  const decoder = new TextDecoder();
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
      return; // the SDK reports it; nothing here is answered
    }
    for (const message of Array.isArray(parsed) ? parsed : [parsed]) {
      if (!isObject(message) || 'method' in message || !('result' in message || 'error' in message) || !isId(message['id'])) continue;
      waiting.delete(JSON.stringify(message['id']));
    }
  };
  return new TransformStream({
    transform(chunk, controller) {
      controller.enqueue(chunk);
      if (waiting.size === 0) return;
      buffer += decoder.decode(chunk, { stream: true });
      // Lines end with CRLF, LF or CR; a CR at the very end may be the first half of a CRLF.
      let start = 0;
      for (let i = 0; i < buffer.length; i += 1) {
        const c = buffer[i];
        if (c !== '\n' && c !== '\r') continue;
        if (c === '\r' && i === buffer.length - 1) break;
        line(buffer.slice(start, i));
        if (c === '\r' && buffer[i + 1] === '\n') i += 1;
        start = i + 1;
        if (waiting.size === 0) break;
      }
      buffer = buffer.slice(start);
      if (waiting.size === 0) {
        controller.terminate();
        answered();
      }
    },
  });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A JSON-RPC id: a string or a number (null answers nothing we asked). */
function isId(value: unknown): boolean {
  return typeof value === 'string' || typeof value === 'number';
}
