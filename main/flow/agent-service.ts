import { backendLabel, isKeyedBackend, type KeyedBackendId } from '../../contract/backends.js';
import { placeOf } from '../../contract/destination.js';
import { createBackend as createBackendDefault, Conversation, buildAgentPayload, receiptIds, type LocateFn, type ContextSource, type Logger, type PrivacyService } from '../../app/host.js';
import type { AgentRequest } from '../../app/agent/types.js';
import type { Rect } from '@app-context/provider-kit/protocol';
import type { Settings } from '../../contract/settings.js';
import type { AnswerState, Chip, InvokeResponse, Preview } from '../../contract/ipc.js';
import { appendText, chipFromLocation, endTurn, highlightChip, LOCATE_FAILED_INSIDE, ringLabel, sentIdsOf, setChip, startTurn, type Chat, type ChipFound } from './answer-state.js';
import { contextFor, renderedContexts, type Choices, type Held } from './sent-context.js';

/** What the panel asks of the agent: one reviewed request (removals are ids, main applies them). */
interface AgentRequestInput extends Choices {
  prompt: string;
  /** The press the panel named; the handlers found this conversation by it, so it is not read here. */
  invocation?: number;
}

/** Send while an answer is still streaming: refused, and the panel says why. */
const STILL_ANSWERING = { ok: false, refused: 'still-answering' } as const;

/**
 * One press's conversation as the IPC handlers use it (the press owns it; a new press disposes
 * of it). No electron: the e2e server runs this very service.
 */
export interface AgentPort {
  /** Exactly the request Send would make now: the first question's payload, or the follow-up. */
  preview(request: AgentRequestInput): Preview | null;
  /** Starts answering; the answer streams through `publish`. */
  send(request: AgentRequestInput): Promise<InvokeResponse<'send'>>;
  stop(): { stopped: boolean };
  /** Locates a chip's element through the source that issued it; null for an id that is not a chip. */
  locate(id: string): Promise<Chip | null>;
  answer(): AnswerState | null;
  /** The press is over (a new one, or "Never from this app"): abort what runs, forget the conversation, clear the overlay it drew. */
  dispose(): void;
}

/** What the service needs; main passes Electron-backed pieces, the tests real local ones. */
export interface AgentServiceDeps {
  settings(): Settings;
  /** The stored key for a backend (main/secrets.ts); it never goes to the renderer. */
  apiKey(backend: KeyedBackendId): Promise<string | undefined>;
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

/** The conversation of one press, over what the press holds (its context, the user's choice to ask without it). */
export function createAgentService(held: Held, deps: AgentServiceDeps): AgentPort {
  const makeBackend = deps.createBackend ?? createBackendDefault;
  let current: Chat | undefined;
  let disposed = false;
  const renderedFor = renderedContexts(held, deps.privacy);

  /**
   * A chat whose context went out: a question completed. Until then (the first question
   * failed or was stopped) the conversation kept no trace, so the next Send takes the user's
   * removals as they are now, and the preview shows that.
   */
  const established = (): Chat | undefined => (current?.answer.turns.some((turn) => turn.status === 'done') ? current : undefined);

  const update = (chat: Chat, answer: AnswerState): void => {
    chat.answer = answer;
    if (chat === current && !disposed) deps.publish(answer);
  };

  /** Locates an id only through the source that issued it (app/invocation/source.ts), within the time limit. */
  const locateIn = (source: ContextSource | undefined): LocateFn => async (id, signal) => {
    if (!source) return { ok: false, reason: 'nothing was collected from the app' };
    const result = await source.locate(id, { timeoutMs: deps.settings().timeoutMs, signal });
    return result.ok ? { ok: true, location: result.location } : { ok: false, reason: result.reason };
  };

  const startChat = async (request: AgentRequestInput): Promise<Chat> => {
    const settings = deps.settings();
    const collected = held.collected();
    const { context, outgoing } = contextFor(held, request, deps.privacy);
    const key = isKeyedBackend(settings.backend) ? await deps.apiKey(settings.backend) : undefined;
    // A receipt for every request that carries this context (app/history), as `glance ask` writes them.
    const onRequest = deps.privacy && collected && outgoing && context.root
      ? deps.privacy.recorder({
        app: { bundleId: collected.issuer.bundleId, name: collected.appName, pid: collected.issuer.pid },
        source: collected.source.kind,
        ...receiptIds(outgoing, collected.screening),
        ...(collected.screening ? { rule: collected.screening.rule } : {}),
      })
      : undefined;
    const backend = makeBackend({
      backend: settings.backend, model: settings.model || undefined, baseURL: settings.baseURL || undefined,
      ...(onRequest ? { onRequest } : {}), ...(deps.modelFetch ? { fetch: deps.modelFetch } : {}),
    }, key, KEY_HINT);
    const label = backendLabel(settings);
    const locate = locateIn(context.root ? collected?.source : undefined);
    return {
      conversation: new Conversation({ backend, context, locate }),
      sent: sentIdsOf(context.root),
      locate,
      ...(onRequest ? { keepAnswer: onRequest.keepAnswer } : {}),
      label,
      answer: { backend: label, place: placeOf(settings), turns: [], chips: [] },
    };
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
          if (found.state === 'visible' && event.location && chat === current && !disposed) {
            shown.push(...event.location.rects);
            labels.push(ringLabel(held.collected()?.root, event.id));
            // One element is named beside its ring; several at once are named on their chips.
            deps.overlay.show(shown, labels.length === 1 ? labels[0] : undefined);
          }
        } else {
          update(chat, endTurn(chat.answer, event));
          // The answer is kept with its receipt when the payload is (app/history); never logged.
          const text = chat.answer.turns.at(-1)?.text;
          if (event.type === 'done' && text) await chat.keepAnswer?.(text).catch(() => deps.logger.warn('history: the answer could not be kept with its receipt'));
        }
      }
    } catch (error) {
      deps.logger.error(`agent: the answer failed inside Glance (${error instanceof Error ? error.name : 'unknown'})`);
      update(chat, endTurn(chat.answer, { type: 'error', kind: 'bad-response', reason: undefined }));
    } finally {
      if (chat.running === abort) chat.running = undefined;
    }
  };

  return {
    preview(request) {
      const chat = established();
      if (chat) return asPreview(chat.conversation.preview(request.prompt), chat.label);
      const { context, parts } = renderedFor(request);
      return asPreview(buildAgentPayload(context, request.prompt, parts), backendLabel(deps.settings()));
    },
    async send(request) {
      if (current?.running) return STILL_ANSWERING;
      if (!established()) {
        const chat = await startChat(request);
        // The press ended while the key was read: this request belongs to a context that is gone.
        if (disposed) return { ok: false, refused: 'stale' };
        // Two Sends raced: the first one's chat stands, the second is refused below.
        if (!established() && !current?.running) {
          // Questions that failed or were stopped stay on screen above the new one.
          if (current) chat.answer = { ...chat.answer, turns: current.answer.turns, chips: current.answer.chips };
          current = chat;
        }
      }
      const chat = current as Chat;
      if (chat.running) return STILL_ANSWERING;
      const abort = new AbortController();
      chat.running = abort;
      update(chat, startTurn(chat.answer, request.prompt));
      deps.logger.info(`agent: asking ${chat.label}`);
      void run(chat, request.prompt, abort);
      return { ok: true };
    },
    stop() {
      if (!current?.running) return { stopped: false };
      current.running.abort();
      return { stopped: true };
    },
    async locate(id) {
      const chat = current;
      if (!chat?.answer.chips.some((chip) => chip.id === id)) return null;
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
      let found: ChipFound;
      let rects: Rect[] = [];
      try {
        const outcome = await chat.locate(id, abort.signal);
        found = outcome.ok ? chipFromLocation(outcome.location) : chipFromLocation(null, outcome.reason);
        if (outcome.ok) rects = outcome.location.rects;
      } catch {
        found = LOCATE_FAILED_INSIDE;
      }
      if (abort.signal.aborted || chat !== current || disposed) return chipOf();
      chat.pointing = undefined;
      update(chat, setChip(chat.answer, id, found));
      if (found.state === 'visible') deps.overlay.show(rects, ringLabel(held.collected()?.root, id));
      else deps.overlay.hide();
      return chipOf();
    },
    answer: () => (disposed ? null : current?.answer ?? null),
    dispose() {
      if (disposed) return;
      disposed = true;
      if (!current) return;
      current.running?.abort();
      current.pointing?.abort.abort();
      current = undefined;
      deps.overlay.hide();
      deps.publish(null);
    },
  };
}
