// The event-stream reader (app/client/wire.ts reads with it) on its own: it must say "answered"
// at the event that completes the last response asked for, however the bytes are split, and
// never earlier; what comes after is not read. The real streams against a real provider are in
// test/faults/streams.test.ts.
import { describe, expect, it } from 'vitest';
import { createEventStreamReader, isEventStream, MAX_EVENT_CHARS, requestIds } from '../../app/client/event-stream.js';

/**
 * Feeds `chunks` to a reader until it is answered (as wire.ts stops reading then); returns the
 * messages it kept, whether it was answered, and how many chunks it took.
 */
function run(ids: string[], chunks: string[]): { messages: unknown[]; answered: boolean; fed: number } {
  const reader = createEventStreamReader(new Set(ids));
  let fed = 0;
  for (const chunk of chunks) {
    if (reader.answered) break;
    reader.push(chunk);
    fed += 1;
  }
  return { messages: reader.messages, answered: reader.answered, fed };
}

const result = (id: number | string): string => JSON.stringify({ jsonrpc: '2.0', id, result: { ok: true } });

describe('the ids a request waits for', () => {
  it('are those of requests, not of notifications, in one message or a batch', () => {
    expect(requestIds({ jsonrpc: '2.0', id: 7, method: 'tools/call' })).toEqual(new Set(['7']));
    expect(requestIds({ jsonrpc: '2.0', method: 'notifications/initialized' })).toEqual(new Set());
    expect(requestIds([{ id: 'a', method: 'x' }, { method: 'y' }, { id: 2, method: 'z' }])).toEqual(new Set(['"a"', '2']));
    expect(requestIds('not a message')).toEqual(new Set());
    expect(requestIds(undefined)).toEqual(new Set());
  });

  it('event streams are told by the essence of the Content-Type', () => {
    expect(isEventStream('text/event-stream')).toBe(true);
    expect(isEventStream('Text/Event-Stream; charset=utf-8')).toBe(true);
    expect(isEventStream('application/json')).toBe(false);
    expect(isEventStream(null)).toBe(false);
  });
});

describe('the cut-off', () => {
  it('ends right after the event holding the response, before the rest the provider sends', () => {
    const r = run(['1'], [': hello\n\n', `event: message\ndata: ${result(1)}\n\n`, ': still here\n\n', ': and here\n\n']);
    expect(r.answered).toBe(true);
    expect(r.messages).toEqual([JSON.parse(result(1))]);
    expect(r.fed).toBe(2);
  });

  it('finds the response however the bytes are split, with CRLF, CR or LF line ends', () => {
    const text = `data: ${result(3)}`;
    for (const end of ['\n', '\r\n', '\r']) {
      const head = `id: 1${end}${text}${end}${end}`;
      const chunks = `${head}: later${end}${end}`.split(''); // one character at a time
      const r = run(['3'], chunks);
      expect(r.answered, JSON.stringify(end)).toBe(true);
      expect(r.messages).toEqual([JSON.parse(result(3))]);
      // Answered at the blank line ending the event (a CR may wait for the LF that follows it).
      expect(r.fed, JSON.stringify(end)).toBeLessThanOrEqual(head.length + 1);
    }
  });

  it('joins multi-line data and waits for every id of a batch', () => {
    const first = `data: ${result(1)}\n\n`;
    const second = `data: [${result(2)},\ndata: ${result(9)}]\n\n`;
    const r = run(['1', '2'], [first, ': between\n\n', second, ': after\n\n']);
    expect(r.answered).toBe(true);
    expect(r.fed).toBe(3);
    expect(r.messages).toEqual([JSON.parse(result(1)), [JSON.parse(result(2)), JSON.parse(result(9))]]);
  });

  it('does not end for another id, a request, another event type, an unfinished event or bad JSON', () => {
    const chunks = [
      `data: ${result(2)}\n\n`,
      `data: ${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'sampling/createMessage' })}\n\n`,
      `event: other\ndata: ${result(1)}\n\n`,
      'data: {not json\n\n',
      `data: ${result(1)}`, // no blank line: the event is not complete
    ];
    const r = run(['1'], chunks);
    expect(r.answered).toBe(false);
    expect(r.fed).toBe(chunks.length);
    // The request and the other id are kept (they are messages); the other event type and bad JSON are not.
    expect(r.messages).toHaveLength(2);
  });

  it('an error response answers the request too', () => {
    const r = run(['"x"'], [`data: ${JSON.stringify({ jsonrpc: '2.0', id: 'x', error: { code: -1, message: 'no' } })}\n\n`, ': after\n\n']);
    expect(r.answered).toBe(true);
    expect(r.fed).toBe(1);
  });
});

describe('the caps on a line and an event', () => {
  it('a line that never ends overflows at 1 Mi characters, in pieces or whole, and nothing after it is read', () => {
    for (const piece of [1024, MAX_EVENT_CHARS + 1]) {
      const reader = createEventStreamReader(new Set(['1']));
      reader.push('event: message\ndata: ');
      for (let sent = 0; sent <= MAX_EVENT_CHARS && !reader.overflowed; sent += piece) reader.push('x'.repeat(piece));
      expect(reader.overflowed, `pieces of ${piece}`).toBe(true);
      reader.push(`\n\ndata: ${result(1)}\n\n`);
      expect(reader.answered).toBe(false);
      expect(reader.messages).toEqual([]);
    }
  });

  it('an event of many short data lines overflows too; one just under the cap is read', () => {
    const line = `data: ${'y'.repeat(1023)}\n`;
    const many = createEventStreamReader(new Set(['1']));
    for (let i = 0; i <= MAX_EVENT_CHARS / 1024 && !many.overflowed; i += 1) many.push(line);
    expect(many.overflowed).toBe(true);
    const under = createEventStreamReader(new Set(['1']));
    const data = JSON.stringify({ jsonrpc: '2.0', id: 1, result: { text: 'z'.repeat(MAX_EVENT_CHARS - 100) } });
    under.push(`data: ${data}\r`);
    under.push('\n\r\n');
    expect(under.overflowed).toBe(false);
    expect(under.answered).toBe(true);
  });
});
