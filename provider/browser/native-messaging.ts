/**
 * Chrome's native messaging framing, as the browser speaks it to a host it started: each
 * message is a 32-bit length in the machine's own byte order, then that many bytes of UTF-8
 * JSON, on the host's stdin (from the browser) and stdout (to it). The browser caps a message
 * to the browser at 1 MB; one from it may be larger, and this reader caps it at 8 MiB so that a
 * broken stream cannot make the helper hold gigabytes.
 */
import { endianness } from 'node:os';
import type { Readable, Writable } from 'node:stream';

/** The longest message read from the browser. */
export const MAX_INCOMING_BYTES = 8 * 1024 * 1024;
/** The longest message the browser accepts from a host. */
const MAX_OUTGOING_BYTES = 1024 * 1024;

const LITTLE = endianness() === 'LE';

/** One message, framed. Throws when it is longer than the browser accepts. */
export function encodeMessage(message: unknown): Buffer {
  const body = Buffer.from(JSON.stringify(message), 'utf8');
  if (body.length > MAX_OUTGOING_BYTES) throw new Error(`a native message of ${body.length} bytes is over the browser's 1 MB limit`);
  const head = Buffer.alloc(4);
  if (LITTLE) head.writeUInt32LE(body.length);
  else head.writeUInt32BE(body.length);
  return Buffer.concat([head, body]);
}

/**
 * Splits a byte stream into messages: `push` takes bytes as they come and returns the messages
 * they completed. Throws on a length over the cap or a body that is not JSON: the stream is
 * then beyond repair, and the helper ends.
 */
export function createMessageReader(): { push: (chunk: Buffer) => unknown[] } {
  let pending: Buffer = Buffer.alloc(0);
  return {
    push(chunk) {
      pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
      const out: unknown[] = [];
      while (pending.length >= 4) {
        const length = LITTLE ? pending.readUInt32LE(0) : pending.readUInt32BE(0);
        if (length > MAX_INCOMING_BYTES) throw new Error(`a native message of ${length} bytes is over the ${MAX_INCOMING_BYTES}-byte limit`);
        if (pending.length < 4 + length) break;
        out.push(JSON.parse(pending.subarray(4, 4 + length).toString('utf8')));
        pending = pending.subarray(4 + length);
      }
      return out;
    },
  };
}

/** A native messaging port over two streams: messages in, messages out, and its end. */
export interface NativePort {
  post(message: unknown): void;
  onMessage(listener: (message: unknown) => void): void;
  /** Called once, when the browser closed the stream (the extension went) or it broke. */
  onClose(listener: (why: string) => void): void;
}

/** The port on the given streams (the helper's stdin and stdout). */
export function openNativePort(input: Readable, output: Writable): NativePort {
  const reader = createMessageReader();
  const listeners: ((message: unknown) => void)[] = [];
  const closers: ((why: string) => void)[] = [];
  let closed = false;
  const close = (why: string): void => {
    if (closed) return;
    closed = true;
    for (const listener of closers) listener(why);
  };
  input.on('data', (chunk: Buffer) => {
    if (closed) return;
    let messages: unknown[];
    try {
      messages = reader.push(chunk);
    } catch (error) {
      close(error instanceof Error ? error.message : 'the stream from the browser is broken');
      return;
    }
    for (const message of messages) for (const listener of listeners) listener(message);
  });
  input.on('end', () => close('the browser closed the connection'));
  input.on('error', () => close('the connection to the browser failed'));
  output.on('error', () => close('the connection to the browser failed'));
  return {
    post: (message) => {
      if (!closed) output.write(encodeMessage(message));
    },
    onMessage: (listener) => listeners.push(listener),
    onClose: (listener) => closers.push(listener),
  };
}
