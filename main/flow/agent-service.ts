import { backendLabel, isKeyedBackend, type KeyedBackendId } from '../../contract/backends.js';
import { placeOf } from '../../contract/destination.js';
import { askAbout, buildAgentPayload, type AskChoices, type AskSubject, type Logger, type PrivacyService } from '../../app/host.js';
import type { AgentRequest } from '../../app/agent/types.js';
import type { Rect } from '@app-context/provider-kit/protocol';
import type { Settings } from '../../contract/settings.js';
import type { AnswerState, Chip, InvokeRequest, InvokeResponse, Preview } from '../../contract/ipc.js';
import { appendText, chipFromLocation, endTurn, highlightChip, LOCATE_FAILED_INSIDE, ringLabel, sentIdsOf, setChip, startTurn, type Chat, type ChipFound } from './answer-state.js';
import { renderedContexts } from './sent-context.js';

/** One question from the panel and the user's removals and restorations for it (ids as the panel shows them). */
type Question = InvokeRequest<'preview'>;

/** The user's choices as the one ask takes them. */
const choicesOf = (request: Question): AskChoices => ({ removed: request.removedIds, ...(request.allowedIds ? { allowed: request.allowedIds } : {}) });

/** Send while an answer is still streaming: refused, and the panel says why. */
const STILL_ANSWERING = { ok: false, refused: 'still-answering' } as const;

/**
 * One invocation's conversation as the IPC handlers use it (the invocation owns it; a new one disposes
 * of it). No electron: the e2e server runs this very service.
 */
export interface AgentPort {
  /** Exactly the request Send would make now about `subject`: the first question's payload, or the follow-up. */
  preview(request: Question, subject: AskSubject): Preview;
  /** Starts answering about `subject` (kept from the first question that completes); the answer streams through `publish`. */
  send(request: Question, subject: AskSubject): Promise<InvokeResponse<'send'>>;
  stop(): { stopped: boolean };
  /** Locates a chip's element through the source that issued it; null for an id that is not a chip. */
  locate(id: string): Promise<Chip | null>;
  answer(): AnswerState | null;
  /** The invocation is over (a new one, or "Never from this app"): abort what runs, forget the conversation, clear the overlay it drew. */
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
  /** The fetch the model backends send with (MainPorts.modelFetch); the global one when absent. */
  modelFetch?: typeof fetch;
  /** The receipts (app/privacy); absent in tests of the panel alone. */
  privacy?: Pick<PrivacyService, 'recorder'>;
}

const KEY_HINT = "the API key in Glance's settings";

/** What a request shows the user: everything but the structural summary, which is not sent. */
function asPreview(request: AgentRequest, backend: string): Preview {
  const { context: _summary, ...sent } = request;
  return { backend, ...sent };
}

/**
 * The conversation of one invocation. The invocation hands in what it holds with each request
 * (the subject and the user's choices): this service keeps only the conversation, never a way
 * back to the invocation.
 */
export function createAgentService(deps: AgentServiceDeps): AgentPort {
  let current: Chat | undefined;
  let disposed = false;
  const renderedFor = renderedContexts();

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

  /** The one ask (app/ask), with the backend of the settings as they are now. */
  const startChat = async (subject: AskSubject, choices: AskChoices): Promise<Chat> => {
    const settings = deps.settings();
    const key = isKeyedBackend(settings.backend) ? await deps.apiKey(settings.backend) : undefined;
    const { context, conversation, locate, keepAnswer } = askAbout(subject, choices, {
      settings: { backend: settings.backend, model: settings.model || undefined, baseURL: settings.baseURL || undefined, ...(deps.modelFetch ? { fetch: deps.modelFetch } : {}) },
      apiKey: key,
      keyHint: KEY_HINT,
    }, {
      timeoutMs: () => deps.settings().timeoutMs,
      ...(deps.privacy ? { recorder: deps.privacy.recorder } : {}),
    });
    const label = backendLabel(settings);
    return {
      conversation, sent: sentIdsOf(context.root), root: typeof subject === 'string' ? null : subject.root, locate,
      ...(keepAnswer ? { keepAnswer } : {}),
      label, answer: { backend: label, place: placeOf(settings), turns: [], chips: [] },
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
            labels.push(ringLabel(chat.root, event.id));
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
    preview(request, subject) {
      const chat = established();
      if (chat) return asPreview(chat.conversation.preview(request.prompt), chat.label);
      const settings = deps.settings();
      const { context, parts } = renderedFor(subject, choicesOf(request), settings);
      return asPreview(buildAgentPayload(context, request.prompt, parts), backendLabel(settings));
    },
    async send(request, subject) {
      const { prompt } = request;
      if (current?.running) return STILL_ANSWERING;
      if (!established()) {
        const chat = await startChat(subject, choicesOf(request));
        // The invocation ended while the key was read: this request belongs to a context that is gone.
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
      update(chat, startTurn(chat.answer, prompt));
      deps.logger.info(`agent: asking ${chat.label}`);
      void run(chat, prompt, abort);
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
      if (found.state === 'visible') deps.overlay.show(rects, ringLabel(chat.root, id));
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
