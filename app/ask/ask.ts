import { createBackend, type BackendSettings } from '../agent/backends.js';
import { Conversation } from '../agent/conversation.js';
import type { LocateFn } from '../agent/highlight-tool.js';
import type { ReceiptFacts, ReceiptRecorder } from '../history/recorder.js';
import { receiptIds } from '../privacy/outgoing.js';
import { destinationOf } from '../../contract/destination.js';
import { planAsk, type AskChoices, type AskPlan } from './plan.js';
import type { AskSubject } from './subject.js';

/** The backend a question goes to: its settings as chosen (the panel's, the command line's), its key and where the user sets it. */
export interface AskBackend {
  settings: Omit<BackendSettings, 'onRequest'>;
  apiKey: string | undefined;
  keyHint?: string;
}

/** What an ask needs around it. */
export interface AskDeps {
  /** The time limit of each locate, read when it starts (the panel's setting may change). */
  timeoutMs(): number;
  /**
   * The receipts of this conversation (app/history/recorder.ts): the app's history with its
   * payload setting, or the command's, which keeps no payloads. Absent: no receipts (tests).
   */
  recorder?(facts: ReceiptFacts): ReceiptRecorder;
}

/** One conversation about one subject, ready to be asked: what its first question carries, and how its ids are located. */
export interface Ask extends AskPlan {
  conversation: Conversation;
  /** Locates an id only through the source that issued it; nothing was collected, nothing is located. */
  locate: LocateFn;
  /** Keeps a finished turn's answer with the last receipt it wrote, when the payload is kept; absent when nothing records receipts. */
  keepAnswer?(text: string): Promise<void>;
}

/**
 * The one ask, for the panel and for `glance ask` alike: plans what goes (planAsk), records a
 * receipt for every request that carries the context, and starts the conversation, whose
 * highlights locate only through `collection.source.locate`.
 */
export function askAbout(subject: AskSubject, choices: AskChoices, backend: AskBackend, deps: AskDeps): Ask {
  const plan = planAsk(subject, choices, destinationOf(backend.settings));
  const collected = typeof subject === 'string' ? undefined : subject;
  const { outgoing } = plan;
  // A receipt for every request that carries this context (docs/privacy.md); nothing sent, none.
  const onRequest = deps.recorder && collected && outgoing?.root
    ? deps.recorder({
      app: { bundleId: collected.issuer.bundleId, name: collected.appName, pid: collected.issuer.pid },
      source: collected.source.kind,
      ...receiptIds(outgoing, collected.screening),
      ...(collected.screening ? { rule: collected.screening.rule } : {}),
    })
    : undefined;
  const agent = createBackend({ ...backend.settings, ...(onRequest ? { onRequest } : {}) }, backend.apiKey, backend.keyHint);
  const source = plan.context.root ? collected?.source : undefined;
  const locate: LocateFn = async (id, signal) => {
    if (!source) return { ok: false, reason: 'nothing was collected from the app' };
    const result = await source.locate(id, { timeoutMs: deps.timeoutMs(), signal });
    return result.ok ? { ok: true, location: result.location } : { ok: false, reason: result.reason };
  };
  return { ...plan, conversation: new Conversation({ backend: agent, context: plan.context, locate }), locate, ...(onRequest ? { keepAnswer: onRequest.keepAnswer } : {}) };
}
