/**
 * The reader both platforms share: it asks the platform's helper (helper-process.ts) and turns
 * each outcome into a result (types.ts). The helper is trusted with nothing: every answer is
 * checked against answer.ts, the focused text is cut to its limit here too, a secure field's
 * contents are dropped even if a helper sent them, and a failure's sentence is Glance's own
 * (a helper's detail is at most a platform error name, never something read from an app).
 */
import { fileURLToPath } from 'node:url';
import { isValidPid } from '../alive.js';
import { AxLocationSchema, AxReadSchema, FOCUSED_TEXT_LIMIT_BYTES, SELECTION_LIMIT_CHARS, SELECTION_RECT_LIMIT, type AxRead, type AxSelection } from './answer.js';
import { HelperProcess, type Exchange, type HelperCommand, type RequestBody } from './helper-process.js';
import { failure, sentenceFor, type Words } from './reasons.js';
import type { AccessibilityReader, AxCallOptions, AxFailure, AxLocateResult, AxReadResult } from './types.js';

/** What a platform gives the shared reader. */
export interface HelperReaderSpec {
  /** How to start the helper, or why it cannot run here; asked before each request. */
  prepare: () => HelperCommand | AxFailure;
  /** The platform's wording of each code. */
  words: Words;
}

/** The limits every request carries. */
const LIMITS = { textLimit: FOCUSED_TEXT_LIMIT_BYTES, selectionLimit: SELECTION_LIMIT_CHARS, rectLimit: SELECTION_RECT_LIMIT };

/** An AccessibilityReader over one platform helper, kept warm between calls. */
export function createHelperReader(spec: HelperReaderSpec): AccessibilityReader {
  let helper: HelperProcess | undefined;
  let command = '';

  const ask = async (pid: number, body: RequestBody, options: AxCallOptions): Promise<Exchange | AxFailure> => {
    if (!isValidPid(pid)) return failure('not-on-bus', `${String(pid)} is not a process id.`);
    const prepared = spec.prepare();
    if ('ok' in prepared) return prepared;
    // Another command (a test's environment) needs another helper.
    const key = JSON.stringify([prepared.command, prepared.args]);
    if (helper === undefined || key !== command) {
      await helper?.close();
      helper = new HelperProcess(prepared);
      command = key;
    }
    return helper.request(body, options);
  };

  return {
    read: async (pid, options) => {
      const exchange = await ask(pid, { op: 'read', pid, ...LIMITS }, options);
      if ('ok' in exchange) return exchange;
      if (exchange.kind !== 'answer') return failure(...sentenceFor(exchange, pid, options.timeoutMs, spec.words));
      const parsed = AxReadSchema.safeParse(exchange.answer);
      if (!parsed.success) return failure('failed', 'The accessibility helper gave an answer Glance cannot read.');
      return { ok: true, read: tidy(parsed.data, exchange.generation) } satisfies AxReadResult;
    },
    locate: async (pid, previous, options) => {
      const { handle, ranges, text } = previous.selection;
      const running = helper?.running;
      const own = handle === undefined || running === undefined ? undefined : ownHandle(handle, running);
      const body: RequestBody = { op: 'locate', pid, title: previous.title, ranges, text, ...LIMITS, ...(own === undefined ? {} : { handle: own }) };
      const exchange = await ask(pid, body, options);
      if ('ok' in exchange) return exchange;
      if (exchange.kind !== 'answer') return failure(...sentenceFor(exchange, pid, options.timeoutMs, spec.words));
      const parsed = AxLocationSchema.safeParse(exchange.answer);
      if (!parsed.success) return failure('failed', 'The accessibility helper gave an answer Glance cannot read.');
      // Never `visible` with nothing to show: no highlight, no placement beside it.
      const location = parsed.data.state === 'visible' && parsed.data.rects.length === 0 ? { state: 'offscreen' as const } : parsed.data;
      return { ok: true, location } satisfies AxLocateResult;
    },
    close: async () => {
      await helper?.close();
      helper = undefined;
    },
  };
}

/** A handle as callers see it: the helper's own, marked with the process that minted it. */
function markHandle(handle: string, generation: number): string {
  return `${generation}:${handle}`;
}

/** The helper's handle back, if the process that minted it is the one running now. */
function ownHandle(marked: string, generation: number): string | undefined {
  const prefix = `${generation}:`;
  return marked.startsWith(prefix) ? marked.slice(prefix.length) : undefined;
}

/** The read as callers get it: limits held, nothing of a secure field, a file URL's path, handles marked. */
function tidy(read: AxRead, generation: number): AxRead {
  const { selection, text, document, ...rest } = read;
  const out: AxRead = { ...rest };
  if (document !== undefined) out.document = withPath(document.url);
  if (read.focused?.secure === true) return out;
  if (selection !== undefined) {
    const cut = Array.from(selection.text).length > SELECTION_LIMIT_CHARS;
    out.selection = {
      ...selection,
      text: cut ? Array.from(selection.text).slice(0, SELECTION_LIMIT_CHARS).join('') : selection.text,
      truncated: selection.truncated || cut,
      ...(selection.handle === undefined ? {} : { handle: markHandle(selection.handle, generation) }),
    } satisfies AxSelection;
  } else if (text !== undefined) {
    const value = capBytes(text.value, FOCUSED_TEXT_LIMIT_BYTES);
    out.text = { value, truncated: text.truncated || value !== text.value };
  }
  return out;
}

function withPath(url: string): { url: string; path?: string } {
  if (!url.startsWith('file:')) return { url };
  try {
    return { url, path: fileURLToPath(url) };
  } catch {
    return { url };
  }
}

/** The longest start of `text` of at most `max` UTF-8 bytes, never splitting a character. */
function capBytes(text: string, max: number): string {
  if (Buffer.byteLength(text, 'utf8') <= max) return text;
  let bytes = 0;
  let out = '';
  for (const char of text) {
    bytes += Buffer.byteLength(char, 'utf8');
    if (bytes > max) break;
    out += char;
  }
  return out;
}
