// Chrome's native messaging framing (provider/browser/native-messaging.ts) and the helper's
// page-to-screen arithmetic (page-tree.ts), without a browser: bytes split anywhere, a length
// over the cap, and zoom.
import { endianness } from 'node:os';
import { describe, expect, it } from 'vitest';
import { createMessageReader, encodeMessage, MAX_INCOMING_BYTES } from '../../provider/browser/native-messaging.js';
import { toScreen } from '../../provider/browser/page-tree.js';

describe('native messaging framing', () => {
  it('is a 32-bit length in the machine\'s byte order, then UTF-8 JSON', () => {
    const framed = encodeMessage({ text: 'héllo' });
    const length = endianness() === 'LE' ? framed.readUInt32LE(0) : framed.readUInt32BE(0);
    expect(length).toBe(Buffer.byteLength('{"text":"héllo"}'));
    expect(framed.subarray(4).toString('utf8')).toBe('{"text":"héllo"}');
  });

  it('reads messages whatever the chunks, one byte at a time included', () => {
    const bytes = Buffer.concat([encodeMessage({ a: 1 }), encodeMessage({ b: 'two' })]);
    const reader = createMessageReader();
    const got = [...bytes].flatMap((byte) => reader.push(Buffer.from([byte])));
    expect(got).toEqual([{ a: 1 }, { b: 'two' }]);
  });

  it('refuses a length over the cap instead of waiting for gigabytes, and a message over the browser\'s 1 MB', () => {
    const head = Buffer.alloc(4);
    if (endianness() === 'LE') head.writeUInt32LE(MAX_INCOMING_BYTES + 1);
    else head.writeUInt32BE(MAX_INCOMING_BYTES + 1);
    expect(() => createMessageReader().push(head)).toThrow(/over the/);
    expect(() => encodeMessage('x'.repeat(1024 * 1024))).toThrow(/1 MB/);
  });
});

describe('page rectangles on screen', () => {
  const metrics = { screenX: 100, screenY: 50, outerWidth: 1000, innerWidth: 990, outerHeight: 800, innerHeight: 650, devicePixelRatio: 1, visible: true };

  it('adds the window, its side border and the toolbars, and joins the runs of one line', () => {
    // side 5, toolbars 800 - 650 - 5 = 145
    expect(toScreen([{ x: 10, y: 20, w: 30, h: 18 }, { x: 40, y: 20, w: 50, h: 18 }, { x: 10, y: 40, w: 60, h: 18 }], metrics, 1)).toEqual([
      { x: 115, y: 215, w: 80, h: 18 },
      { x: 115, y: 235, w: 60, h: 18 },
    ]);
  });

  it('scales CSS pixels by the zoom', () => {
    // At 200 %, the viewport is 495 x 325 CSS pixels in the same window.
    expect(toScreen([{ x: 10, y: 20, w: 30, h: 18 }], { ...metrics, innerWidth: 495, innerHeight: 325, devicePixelRatio: 2 }, 2)).toEqual([{ x: 125, y: 235, w: 60, h: 36 }]);
  });
});
