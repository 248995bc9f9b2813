import { listIds } from '../../contract/review.js';
import { HIGHLIGHT_TOOL_NAME, highlightToolResult, readHighlightInput, resolveHighlights } from './highlight-tool.js';
import type { HighlightResult, LocateFn } from './highlight-tool.js';
import { buildAgentPayload, followUpParts } from './prompt.js';
import type { SentContext } from './prompt.js';
import type { AgentBackend, AgentFailureKind, AgentRequest } from './types.js';
import type { AgentMessage, ToolCall } from '../../contract/agent.js';

/** What a conversation reports while it answers one question. The last event is done or error. */
export type ConversationEvent =
  | { type: 'text'; text: string }
  /** One element the agent highlighted, located (or not) through the source that collected the context. */
  | ({ type: 'highlight' } & HighlightResult)
  | { type: 'done' }
  | { type: 'error'; kind: AgentFailureKind; reason: string };

const CANCELLED: ConversationEvent = { type: 'error', kind: 'cancelled', reason: 'the request was cancelled' };

/** How a conversation is set up; one per hotkey press (a new hotkey starts a new one). */
export interface ConversationOptions {
  backend: AgentBackend;
  context: SentContext;
  /** Locates an id this conversation sent; called only for such ids. */
  locate: LocateFn;
  /** Tool rounds per question before the host stops the loop (a model stuck calling). */
  maxToolRounds?: number;
}

/**
 * One conversation about one collected context: the first question goes with the context,
 * follow-ups with the question alone. Runs the tool loop: the model calls `highlight`, the
 * host locates the ids it sent and returns their states, the model continues. The history
 * is updated only when a question completes: a cancelled or failed one leaves no trace, so a
 * retry starts clean (and a late answer after Stop is discarded).
 */
export class Conversation {
  private readonly history: AgentMessage[] = [];
  private readonly sent: ReadonlySet<string>;
  private started = false;

  constructor(private readonly options: ConversationOptions) {
    this.sent = new Set(options.context.root ? listIds(options.context.root) : []);
  }

  /** The request the next question would send, exactly (the panel's preview). */
  preview(question: string): AgentRequest {
    if (!this.started) return buildAgentPayload(this.options.context, question);
    const base = buildAgentPayload(this.options.context, '');
    return { ...base, messages: [...this.history, { role: 'user', parts: followUpParts(question) }] };
  }

  /** Asks one question and streams the answer; abort `signal` to stop (Stop in the panel). */
  async *ask(question: string, signal: AbortSignal): AsyncGenerator<ConversationEvent> {
    const request = this.preview(question);
    const messages = [...request.messages];
    const maxRounds = this.options.maxToolRounds ?? 4;
    for (let round = 0; ; round += 1) {
      let text = '';
      const calls: ToolCall[] = [];
      let ended: 'done' | 'tool-calls' | undefined;
      for await (const event of this.options.backend.stream({ ...request, messages }, signal)) {
        if (signal.aborted) break;
        if (event.type === 'text') {
          text += event.text;
          yield event;
        } else if (event.type === 'tool-call') calls.push(event.call);
        else if (event.type === 'done') ended = calls.length > 0 ? 'tool-calls' : 'done';
        else {
          yield event;
          return;
        }
      }
      if (signal.aborted || ended === undefined) {
        yield CANCELLED;
        return;
      }
      messages.push({ role: 'assistant', text, toolCalls: calls });
      if (ended === 'done') break;
      // Every call gets its result, even on the last round, so the history stays valid for a follow-up.
      for (const call of calls) {
        const { results, content, isError } = await this.runTool(call, signal);
        if (signal.aborted) break;
        for (const result of results) yield { type: 'highlight', ...result };
        messages.push({ role: 'tool', callId: call.callId, content, isError });
      }
      if (signal.aborted) {
        yield CANCELLED;
        return;
      }
      if (round + 1 >= maxRounds) break;
    }
    this.history.splice(0, this.history.length, ...messages);
    this.started = true;
    yield { type: 'done' };
  }

  private async runTool(call: ToolCall, signal: AbortSignal): Promise<{ results: HighlightResult[]; content: string; isError: boolean }> {
    if (call.name !== HIGHLIGHT_TOOL_NAME) {
      return { results: [], content: JSON.stringify({ error: `there is no tool named ${JSON.stringify(call.name.slice(0, 64))}; the only tool is highlight` }), isError: true };
    }
    const input = readHighlightInput(call.input);
    if (!input.ok) return { results: [], content: JSON.stringify({ error: input.reason }), isError: true };
    const results = await resolveHighlights(input.ids, this.sent, this.options.locate, signal);
    return { results, content: highlightToolResult(results), isError: false };
  }
}
