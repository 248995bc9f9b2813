/**
 * The sentences of the reader's failures. A helper answers with codes (wire.ts); the words
 * are Glance's, per platform where the platforms differ ("not on the accessibility bus" means
 * nothing on a Mac). A helper's detail appears only after "failed", and only when it has the
 * shape of a platform error's name (shownDetail): never a message, which on Linux whoever
 * answered on the accessibility bus wrote.
 */
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
      return ['timeout', `${app} gave no accessibility answer within ${durationWords(timeoutMs)}.`];
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
      return ['timeout', `${app} gave no accessibility answer within ${durationWords(timeoutMs)}.`];
    default: {
      const shown = shownDetail(detail);
      return ['failed', `The accessibility read failed${shown === undefined ? '' : ` (${shown})`}.`];
    }
  }
}

/**
 * A platform error's name: a D-Bus error name (org.freedesktop.DBus.Error.NoReply), an
 * exception's type (a bug in a helper), `AXError -25200`. Names only, so no sentence fits.
 */
const ERROR_NAME = /^(?:[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*|AXError -?\d{1,9})$/;

/** A helper's detail as Glance shows it: a platform error's name of at most 255 characters, or nothing. */
function shownDetail(detail: string | undefined): string | undefined {
  return detail !== undefined && detail.length <= 255 && ERROR_NAME.test(detail) ? detail : undefined;
}

/**
 * A time limit as a person reads it, in whole units: 1500 and 1499.03 (what was left of a
 * press's limit for the read) are "1.5 s", 600 is "0.6 s", 5 is "5 ms".
 */
function durationWords(ms: number): string {
  if (ms >= 1000) return `${Number((ms / 1000).toFixed(1))} s`;
  if (ms >= 10) return `${Number((ms / 1000).toFixed(2))} s`;
  return `${Math.max(1, Math.round(ms))} ms`;
}
