/**
 * The sentences of the reader's failures. A helper answers with codes (wire.ts); the words
 * are Glance's, per platform where the platforms differ ("not on the accessibility bus" means
 * nothing on a Mac). A helper's detail is a platform error name (a D-Bus error, an AXError
 * number) and appears only after "failed", one line, capped.
 */
import { oneLine } from '../../text/cap-text.js';
import type { Exchange } from './helper-process.js';
import type { AxFailure, AxFailureCode } from './types.js';

/** What a platform says for the codes whose meaning depends on it. */
export interface Words {
  /** The app does not answer accessibility requests. */
  notOnBus: (app: string) => string;
  /** The app has no front window to read. */
  noWindow: (app: string) => string;
  /** There is no accessibility bus (macOS never says this). */
  noBus: string;
  /** The helper cannot run here, by the fatal code it printed. */
  fatal: (code: string) => string;
  /** The helper itself is missing. */
  missing: string;
}

/** A failure result. */
export function failure(code: AxFailureCode, reason: string): AxFailure {
  return { ok: false, code, reason };
}

export const PERMISSION =
  'Glance does not have the Accessibility permission: allow it in System Settings › Privacy & Security › Accessibility.';

/** The code and sentence of every outcome of an exchange but an answer. */
export function sentenceFor(exchange: Exclude<Exchange, { kind: 'answer' }>, pid: number, timeoutMs: number, words: Words): [AxFailureCode, string] {
  const app = `The app (pid ${pid})`;
  switch (exchange.kind) {
    case 'timeout':
      return ['timeout', `${app} gave no accessibility answer within ${timeoutMs} ms.`];
    case 'aborted':
      return ['cancelled', 'The accessibility read was cancelled.'];
    case 'fatal':
      return ['no-helper', words.fatal(exchange.code)];
    case 'failed':
      return failedSentence(exchange.why, words);
    case 'refused':
      return refusedSentence(exchange.code, exchange.detail, app, timeoutMs, words);
  }
}

function failedSentence(why: Extract<Exchange, { kind: 'failed' }>['why'], words: Words): [AxFailureCode, string] {
  switch (why) {
    case 'missing':
      return ['no-helper', words.missing];
    case 'exited':
      return ['failed', 'The accessibility helper stopped unexpectedly.'];
    case 'garbled':
      return ['failed', 'The accessibility helper gave an answer Glance cannot read.'];
    case 'restarted':
      return ['failed', 'The accessibility helper was restarted while it answered an earlier request.'];
    case 'closed':
      return ['cancelled', 'The accessibility reader was closed.'];
  }
}

function refusedSentence(code: string, detail: string | undefined, app: string, timeoutMs: number, words: Words): [AxFailureCode, string] {
  switch (code) {
    case 'no-bus':
      return ['no-bus', words.noBus];
    case 'not-on-bus':
      return ['not-on-bus', words.notOnBus(app)];
    case 'no-window':
      return ['no-window', words.noWindow(app)];
    case 'no-permission':
      return ['no-permission', PERMISSION];
    case 'timeout':
      return ['timeout', `${app} gave no accessibility answer within ${timeoutMs} ms.`];
    default:
      return ['failed', `The accessibility read failed${detail === undefined ? '' : ` (${oneLine(detail)})`}.`];
  }
}
