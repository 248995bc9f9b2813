import { randomBytes } from 'node:crypto';
import type { RequestObserver } from '../agent/types.js';
import { capText } from '../text/cap-text.js';
import { OFFLINE_ENDPOINT } from '../../contract/backends.js';
import { isLoopbackUrl } from '../../contract/destination.js';
import type { RuleName } from '../rules/schema.js';
import type { SourceKind } from '../../contract/sources.js';
import type { Receipt } from './schema.js';
import type { HistoryStore } from './store.js';

/** What a conversation's receipts say besides the request itself: fixed when its context was. */
export interface ReceiptFacts {
  /** The app the context came from, as its verified descriptor names it (read through Accessibility: as the OS does). */
  app: { bundleId: string; name: string; pid: number };
  /** Where the context came from: the app's provider, or the OS's accessibility layer. */
  source?: SourceKind;
  /** As receiptIds (app/privacy/outgoing.ts) names them: an element holding a secret only as `withheld@N`. */
  sentIds: string[];
  excludedIds: string[];
  withheld: { id: string; kind: string }[];
  /** The app's rule when collected: under `local` a request to another machine is refused here too. */
  rule?: RuleName;
}

/** What the recorder needs; `keepPayload` is the app's "keep what was sent" (the command keeps none). */
export interface RecorderOptions {
  /** The history, or how to open it on the first request (a command opens it only when it sends). */
  history: HistoryStore | (() => Promise<HistoryStore>);
  facts: ReceiptFacts;
  keepPayload?: () => boolean;
  now?: () => Date;
}

/**
 * The observer of one conversation's requests, and how to keep the answer a turn ended with
 * beside the last receipt that turn wrote.
 */
export type ReceiptRecorder = RequestObserver & {
  /**
   * Keeps the answer of the turn just done with the last receipt written for it, under the
   * payload's rules (only when the payload is kept: encrypted, as long as the receipt). A turn
   * that wrote no receipt of its own (a follow-up the offline answerer does not answer from the
   * context) keeps nothing, so an earlier answer is never replaced.
   */
  keepAnswer(text: string): Promise<void>;
};

/** A receipt id: 16 hex digits, safe as a file name and on a command line. */
function newReceiptId(): string {
  return randomBytes(8).toString('hex');
}

/**
 * The observer a backend calls before each request (app/agent/observe.ts): it appends the
 * receipt, and keeps the payload when asked; it returns how to add what came back (the status or
 * the failure's kind), so a failed request's receipt says it was attempted and how it ended.
 * A request without context leaves no receipt.
 * It throws (so the request is not sent) when the receipt cannot be written, or when the app's
 * rule is `local` and the request would leave the machine: the rule was checked before the
 * provider was asked, and is checked again where the bytes go.
 */
export function receiptRecorder(options: RecorderOptions): ReceiptRecorder {
  const now = options.now ?? (() => new Date());
  const { facts } = options;
  const opened = async (): Promise<HistoryStore> => (typeof options.history === 'function' ? options.history() : options.history);
  /** The receipt written last, and whether an answer is kept with it already. */
  let last: { id: string; answered: boolean } | undefined;
  const observe: RequestObserver = async (request) => {
    if (request.context.root === null) return;
    if (facts.rule === 'local' && request.endpoint !== OFFLINE_ENDPOINT && !isLoopbackUrl(request.endpoint)) {
      throw new Error(`the rule for ${capText(facts.app.bundleId)} is "local", and this request would go to ${request.endpoint}`);
    }
    const receipt: Receipt = {
      id: newReceiptId(),
      at: now().toISOString(),
      app: { bundleId: facts.app.bundleId, name: capText(facts.app.name), pid: facts.app.pid },
      ...(facts.source ? { source: facts.source } : {}),
      backend: request.backend,
      model: request.model,
      endpoint: request.endpoint,
      sentIds: facts.sentIds,
      excludedIds: facts.excludedIds,
      withheld: facts.withheld,
      bytes: request.bytes,
      sha256: request.sha256,
    };
    const history = await opened();
    await history.append(receipt, options.keepPayload?.() === true ? request.body : undefined);
    last = { id: receipt.id, answered: false };
    return (outcome) => history.settle(receipt.id, outcome);
  };
  const keepAnswer = async (text: string): Promise<void> => {
    if (!last || last.answered || options.keepPayload?.() !== true) return;
    last.answered = true;
    await (await opened()).keepAnswer(last.id, text);
  };
  return Object.assign(observe, { keepAnswer });
}
