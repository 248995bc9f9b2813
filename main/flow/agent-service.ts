import { backendLabel, isKeyedBackend, type KeyedBackendId } from '../../contract/backends.js';
import { createBackend as createBackendDefault } from '../../app/agent/backends.js';
import { Conversation } from '../../app/agent/conversation.js';
import type { LocateFn } from '../../app/agent/highlight-tool.js';
import { buildAgentPayload, contextParts, type SentContext } from '../../app/agent/prompt.js';
import type { AgentRequest } from '../../app/agent/types.js';
import type { PromptPart } from '../../contract/agent.js';
import type { Logger } from '../../app/log/logger.js';
import type { Rect } from '@app-context/provider-kit/protocol';
import type { LocateResult } from '../../app/invocation/locate.js';
import { planOutgoing, receiptIds, type Outgoing } from '../../app/privacy/outgoing.js';
import { shownIds } from '../../app/withhold/shown.js';
import type { PrivacyService } from '../../app/privacy/service.js';
import { isLocalDestination } from '../../contract/destination.js';
import type { ElementRef } from '../../app/invocation/types.js';
import type { Settings } from '../../contract/settings.js';
import type { AnswerState, Chip, Preview } from '../../contract/ipc.js';
import { appendText, chipFromLocation, endTurn, highlightChip, ringLabel, sentIdsOf, setChip, startTurn, type Chat } from './answer-state.js';
import type { CollectedContext, InvocationEvent } from './controller.js';

/** What the panel asks of the agent: one reviewed request (removals are ids, main applies them). */
interface AgentRequestInput {
  invocation: number;
  prompt: string;
  removedIds: string[];
  /** Withheld or rule-excluded ids the user restored for this message (app/privacy). */
  allowedIds?: string[];
}

/** The agent as the IPC handlers use it. No electron: the e2e server runs this very service. */
export interface AgentPort {
  /** Exactly the request Send would make now: the first question's payload, or the follow-up. */
  preview(request: AgentRequestInput): Preview | null;
  /** Starts answering; the answer streams through `publish`. */
  send(request: AgentRequestInput): Promise<{ ok: boolean; message: string }>;
  stop(invocation: number): { stopped: boolean };
  /** Locates a chip's element through the provider that issued it; null for an id that is not a chip. */
  locate(invocation: number, id: string): Promise<Chip | null>;
  answer(): AnswerState | null;
  /** A new hotkey press: abort what runs, forget the conversation, clear the overlay. */
  reset(): void;
  /** Follows the controller's invocation events: a started invocation resets the agent. */
  follow(event: InvocationEvent): void;
}

/** What the service needs; main passes Electron-backed pieces, the tests real local ones. */
export interface AgentServiceDeps {
  collected(invocation: number): CollectedContext | undefined;
  /** Whether the user chose to ask this invocation's questions without its context (the controller's). */
  withoutContext?(invocation: number): boolean;
  settings(): Settings;
  /** The stored key for a backend (main/secrets.ts); it never goes to the renderer. */
  apiKey(backend: KeyedBackendId): Promise<string | undefined>;
  /** The core's locateRef: only the recorded provider and instance, within the time limit. */
  locate(ref: ElementRef, options: { timeoutMs: number; signal: AbortSignal }): Promise<LocateResult>;
  overlay: { show(rects: Rect[], label?: string): void; hide(): void };
  publish(answer: AnswerState | null): void;
  logger: Logger;
  createBackend?: typeof createBackendDefault;
  /** The fetch the model backends send with (MainPorts.modelFetch); the global one when absent. */
  modelFetch?: typeof fetch;
  /** The rules' `local` check at send time and the receipts (app/privacy); absent in tests of the panel alone. */
  privacy?: Pick<PrivacyService, 'recorder' | 'destination'>;
}

const KEY_HINT = "the API key in Glance's settings";

/** What a request shows the user: everything but the structural summary, which is not sent. */
function asPreview(request: AgentRequest, backend: string): Preview {
  const { context: _summary, ...sent } = request;
  return { backend, ...sent };
}

/** The agent service over one conversation at a time (one per hotkey press). */
export function createAgentService(deps: AgentServiceDeps): AgentPort {
  const makeBackend = deps.createBackend ?? createBackendDefault;
  let current: Chat | undefined;
  /** Counts resets, so a Send that was reading the key when the hotkey came is dropped. */
  let generation = 0;

  /**
   * A chat whose context went out: a question completed. Until then (the first question
   * failed or was stopped) the conversation kept no trace, so the next Send takes the user's
   * removals as they are now, and the preview shows that.
   */
  const established = (invocation: number): Chat | undefined =>
    current?.invocation === invocation && current.answer.turns.some((turn) => turn.status === 'done') ? current : undefined;

  const update = (chat: Chat, answer: AnswerState): void => {
    chat.answer = answer;
    if (chat === current) deps.publish(answer);
  };

  /**
   * What one request sends (app/privacy): the tree without the user's removals, the standing
   * exclusions and what holds a secret, less what the user restored for this message; nothing
   * when the app's rule is `local` and the backend chosen since collecting is not on this machine.
   */
  const contextFor = (invocation: number, removedIds: string[], allowedIds: string[] = []): { context: SentContext; issuer?: CollectedContext['issuer']; outgoing?: Outgoing } => {
    const collected = deps.collected(invocation);
    // Nothing was collected: no receipt either, since no request carries an app's context (docs/privacy.md).
    // Why no context goes is told as a kind (app/agent/no-context.ts): Glance's own words, never the app's name.
    if (!collected) return { context: { root: null, missing: deps.withoutContext?.(invocation) === true ? 'without-context' : 'not-collected' } };
    const destination = deps.privacy?.destination();
    if (collected.screening?.rule === 'local' && destination && !isLocalDestination(destination)) {
      return { context: { root: null, missing: 'local' }, issuer: collected.issuer };
    }
    // The panel names an element whose id holds a secret as its withheld@N (describe.ts, screeningView).
    const names = shownIds(collected.screening?.withheld ?? []);
    const outgoing = planOutgoing(collected.root, collected.screening, { removed: new Set(removedIds.map(names.resolve)), allowed: new Set(allowedIds.map(names.resolve)) });
    const context: SentContext = outgoing.root ? { appName: collected.appName, root: outgoing.root } : { root: null, ...(outgoing.missing ? { missing: outgoing.missing } : {}) };
    return { context, issuer: collected.issuer, outgoing };
  };

  /**
   * The preview is asked for on every pause in typing; the rendered context changes only with
   * the removals. Rendering a 20,000-element tree again for each keystroke took most of the
   * preview's time, so the last rendering is kept for its context and set of removals.
   */
  let rendered: { collected: CollectedContext; removedKey: string; context: SentContext; parts: PromptPart[] } | undefined;
  const renderedFor = (invocation: number, removedIds: string[], allowedIds: string[] = []): { context: SentContext; parts: PromptPart[] } => {
    const collected = deps.collected(invocation);
    const removedKey = `${[...removedIds].sort().join('\n')}\n--allowed--\n${[...allowedIds].sort().join('\n')}\n--to--\n${JSON.stringify(deps.privacy?.destination() ?? null)}`;
    if (collected && rendered?.collected === collected && rendered.removedKey === removedKey) return rendered;
    const { context } = contextFor(invocation, removedIds, allowedIds);
    const parts = contextParts(context);
    if (collected) rendered = { collected, removedKey, context, parts };
    return { context, parts };
  };

  const locateIn = (issuer: CollectedContext['issuer'] | undefined): LocateFn => async (id, signal) => {
    if (!issuer) return { ok: false, reason: 'nothing was collected from the app' };
    const result = await deps.locate({ ...issuer, id }, { timeoutMs: deps.settings().timeoutMs, signal });
    return result.ok ? { ok: true, location: result.location } : { ok: false, reason: result.reason };
  };

  const startChat = async (request: AgentRequestInput): Promise<Chat> => {
    const settings = deps.settings();
    const { context, issuer, outgoing } = contextFor(request.invocation, request.removedIds, request.allowedIds);
    const key = isKeyedBackend(settings.backend) ? await deps.apiKey(settings.backend) : undefined;
    // A receipt for every request that carries this context (app/history), as `glance ask` writes them.
    const collected = deps.collected(request.invocation);
    const onRequest = deps.privacy && collected && outgoing && context.root
      ? deps.privacy.recorder({
        app: { bundleId: collected.issuer.bundleId, name: collected.appName, pid: collected.issuer.pid },
        ...receiptIds(outgoing, collected.screening),
        ...(collected.screening ? { rule: collected.screening.rule } : {}),
      })
      : undefined;
    const backend = makeBackend({
      backend: settings.backend, model: settings.model || undefined, baseURL: settings.baseURL || undefined,
      ...(onRequest ? { onRequest } : {}), ...(deps.modelFetch ? { fetch: deps.modelFetch } : {}),
    }, key, KEY_HINT);
    const label = backendLabel(settings);
    const locate = locateIn(issuer);
    return {
      invocation: request.invocation,
      conversation: new Conversation({ backend, context, locate }),
      sent: sentIdsOf(context.root),
      locate,
      label,
      answer: { invocation: request.invocation, backend: label, turns: [], chips: [] },
    };
  };

  const reset = (): void => {
    generation += 1;
    if (!current) return;
    current.running?.abort();
    current.pointing?.abort.abort();
    current = undefined;
    deps.overlay.hide();
    deps.publish(null);
  };

  const run = async (chat: Chat, prompt: string, abort: AbortController): Promise<void> => {
    // Every rect the highlight tool found visible in this turn is drawn together.
    const shown: Rect[] = [];
    const labels: string[] = [];
    try {
      for await (const event of chat.conversation.ask(prompt, abort.signal)) {
        if (event.type === 'text') update(chat, appendText(chat.answer, event.text, chat.sent));
        else if (event.type === 'highlight') {
          if (event.unknown) continue; // not an id that was sent: never a chip, nobody asked
          const found = chipFromLocation(event.location, event.reason);
          update(chat, highlightChip(chat.answer, event.id, found, chat.sent));
          if (found.state === 'visible' && event.location && chat === current) {
            shown.push(...event.location.rects);
            labels.push(ringLabel(deps.collected(chat.invocation)?.root, event.id));
            // One element is named beside its ring; several at once are named on their chips.
            deps.overlay.show(shown, labels.length === 1 ? labels[0] : undefined);
          }
        } else update(chat, endTurn(chat.answer, event));
      }
    } catch (error) {
      deps.logger.error(`agent: the answer failed inside Glance (${error instanceof Error ? error.name : 'unknown'})`);
      update(chat, endTurn(chat.answer, { type: 'error', kind: 'bad-response', reason: 'Glance failed while reading the answer' }));
    } finally {
      if (chat.running === abort) chat.running = undefined;
    }
  };

  return {
    preview(request) {
      const chat = established(request.invocation);
      if (chat) return asPreview(chat.conversation.preview(request.prompt), chat.label);
      const { context, parts } = renderedFor(request.invocation, request.removedIds, request.allowedIds);
      return asPreview(buildAgentPayload(context, request.prompt, parts), backendLabel(deps.settings()));
    },
    async send(request) {
      if (current?.running && current.invocation === request.invocation) return { ok: false, message: 'An answer is still on its way: wait for it, or press Stop.' };
      if (!established(request.invocation)) {
        const started = generation;
        const chat = await startChat(request);
        // A hotkey pressed while the key was read: this request belongs to a context that is gone.
        if (started !== generation) return { ok: false, message: 'This context is no longer current: press the hotkey again.' };
        // Two Sends raced: the first one's chat stands, the second is refused below.
        if (!established(request.invocation) && !(current?.invocation === request.invocation && current.running)) {
          // Questions that failed or were stopped stay on screen above the new one.
          if (current?.invocation === request.invocation) chat.answer = { ...chat.answer, turns: current.answer.turns, chips: current.answer.chips };
          current = chat;
        }
      }
      const chat = current as Chat;
      if (chat.running) return { ok: false, message: 'An answer is still on its way: wait for it, or press Stop.' };
      const abort = new AbortController();
      chat.running = abort;
      update(chat, startTurn(chat.answer, request.prompt));
      deps.logger.info(`invocation ${request.invocation}: asking ${chat.label}`);
      void run(chat, request.prompt, abort);
      return { ok: true, message: `Asking ${chat.label}…` };
    },
    stop(invocation) {
      if (current?.invocation !== invocation || !current.running) return { stopped: false };
      current.running.abort();
      return { stopped: true };
    },
    async locate(invocation, id) {
      const chat = current;
      if (chat?.invocation !== invocation || !chat.answer.chips.some((chip) => chip.id === id)) return null;
      const chipOf = (): Chip | null => chat.answer.chips.find((chip) => chip.id === id) ?? null;
      if (chat.pointing?.id === id) return chipOf(); // already on its way: ask once
      // Only the chip pointed at last matters: an earlier lookup is dropped, its chip idle again.
      if (chat.pointing) {
        chat.pointing.abort.abort();
        update(chat, setChip(chat.answer, chat.pointing.id, { state: 'idle' }));
      }
      const abort = new AbortController();
      chat.pointing = { id, abort };
      update(chat, setChip(chat.answer, id, { state: 'locating' }));
      let found: Pick<Chip, 'state' | 'note'>;
      let rects: Rect[] = [];
      try {
        const outcome = await chat.locate(id, abort.signal);
        found = outcome.ok ? chipFromLocation(outcome.location) : chipFromLocation(null, outcome.reason);
        if (outcome.ok) rects = outcome.location.rects;
      } catch {
        found = chipFromLocation(null, 'locating failed inside Glance');
      }
      if (abort.signal.aborted || chat !== current) return chipOf();
      chat.pointing = undefined;
      update(chat, setChip(chat.answer, id, found));
      if (found.state === 'visible') deps.overlay.show(rects, ringLabel(deps.collected(invocation)?.root, id));
      else deps.overlay.hide();
      return chipOf();
    },
    answer: () => current?.answer ?? null,
    reset,
    follow: (event) => {
      // A new press, or the user's "Never from this app" on the context this chat holds: nothing more goes.
      if (event.type === 'started' || (event.type === 'failed' && current?.invocation === event.invocation)) reset();
    },
  };
}
