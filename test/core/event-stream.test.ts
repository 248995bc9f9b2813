// The event-stream cut-off (app/client/event-stream.ts) on its own: it must end the stream at
// the event that completes the last response asked for, however the bytes are split, and
// never earlier. The real streams against a real provider are in test/faults/streams.test.ts.
import { describe, expect, it } from 'vitest';
import { isEventStream, requestIds, untilAnswered } from '../../app/client/event-stream.js';

/** Feeds `chunks` through the cut-off; returns what came out and whether it said "answered". */
async function run(ids: string[], chunks: string[]): Promise<{ out: string; answered: boolean; fed: number }> {
  let answered = false;
  let fed = 0;
  const encoder = new TextEncoder();
  const source = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = chunks[fed];
      if (next === undefined) {
        controller.close();
        return;
      }
      fed += 1;
      controller.enqueue(encoder.encode(next));
    },
  });
  const reader = source.pipeThrough(untilAnswered(new Set(ids), () => { answered = true; })).getReader();
  const decoder = new TextDecoder();
  let out = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    out += decoder.decode(value, { stream: true });
  }
  return { out, answered, fed };
}

const result = (id: number | string): string => JSON.stringify({ jsonrpc: '2.0', id, result: { ok: true } });

describe('the ids a request waits for', () => {
  it('are those of requests, not of notifications, in one message or a batch', () => {
    expect(requestIds(JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call' }))).toEqual(new Set(['7']));
    expect(requestIds(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }))).toEqual(new Set());
    expect(requestIds(JSON.stringify([{ id: 'a', method: 'x' }, { method: 'y' }, { id: 2, method: 'z' }]))).toEqual(new Set(['"a"', '2']));
    expect(requestIds('not json')).toEqual(new Set());
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
  it('ends right after the event holding the response, before the rest the provider sends', async () => {
    const r = await run(['1'], [': hello\n\n', `event: message\ndata: ${result(1)}\n\n`, ': still here\n\n', ': and here\n\n']);
    expect(r.answered).toBe(true);
    expect(r.out).toContain(result(1));
    expect(r.out).not.toContain('still here');
  });

  it('finds the response however the bytes are split, with CRLF, CR or LF line ends', async () => {
    const text = `data: ${result(3)}`;
    for (const end of ['\n', '\r\n', '\r']) {
      const whole = `id: 1${end}${text}${end}${end}: later${end}${end}`;
      const chunks = whole.split(''); // one character at a time
      const r = await run(['3'], chunks);
      expect(r.answered, JSON.stringify(end)).toBe(true);
      expect(r.out).not.toContain('later');
    }
  });

  it('joins multi-line data and waits for every id of a batch', async () => {
    const first = `data: ${result(1)}\n\n`;
    const second = `data: [${result(2)},\ndata: ${result(9)}]\n\n`;
    const r = await run(['1', '2'], [first, ': between\n\n', second, ': after\n\n']);
    expect(r.answered).toBe(true);
    expect(r.out).toContain('between');
    expect(r.out).not.toContain('after');
  });

  it('does not end for another id, a request, another event type, an unfinished event or bad JSON', async () => {
    const chunks = [
      `data: ${result(2)}\n\n`,
      `data: ${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'sampling/createMessage' })}\n\n`,
      `event: other\ndata: ${result(1)}\n\n`,
      'data: {not json\n\n',
      `data: ${result(1)}`, // no blank line: the event is not complete
    ];
    const r = await run(['1'], chunks);
    expect(r.answered).toBe(false);
    expect(r.fed).toBe(chunks.length);
  });

  it('an error response answers the request too', async () => {
    const r = await run(['"x"'], [`data: ${JSON.stringify({ jsonrpc: '2.0', id: 'x', error: { code: -1, message: 'no' } })}\n\n`, ': after\n\n']);
    expect(r.answered).toBe(true);
    expect(r.out).not.toContain('after');
  });
});
