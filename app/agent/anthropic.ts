import Anthropic from '@anthropic-ai/sdk';
import type { ContentBlockParam, MessageParam, MessageCreateParamsStreaming } from '@anthropic-ai/sdk/resources/messages/messages.js';
import { BACKENDS } from '../../contract/backends.js';
import { parseToolArguments } from './highlight-tool.js';
import { missingKeyFailure } from './errors.js';
import { withoutRedirects } from './no-redirects.js';
import { observedFetch } from './observe.js';
import type { FailureContext } from './errors.js';
import { DEFAULT_MAX_TOKENS, DEFAULT_MODEL_TIMEOUT_MS, guardTurn } from './turn.js';
import type { AgentBackend, AgentRequest, BackendEvent, RequestObserver } from './types.js';
import type { AgentMessage, PromptPart } from '../../contract/agent.js';

/** Settings for the Anthropic Messages API backend. */
export interface AnthropicSettings {
  /** The key (the CLI reads ANTHROPIC_API_KEY, the app the Keychain). Never logged. */
  apiKey: string | undefined;
  model?: string;
  /** Another address for the Messages API (a proxy, a test server). */
  baseURL?: string;
  timeoutMs?: number;
  maxRetries?: number;
  maxTokens?: number;
  /** Where to tell the user to fix a refused or missing key. */
  keyHint?: string;
  /** Told of every request before it is sent (receipts, app/history). */
  onRequest?: RequestObserver;
  /** The fetch that sends (tests pass one with their own DNS lookup); default the global one. */
  fetch?: typeof fetch;
}

const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);

function partToBlock(part: PromptPart): ContentBlockParam {
  if (part.type === 'text') return { type: 'text', text: part.text };
  if (!IMAGE_TYPES.has(part.mimeType)) return { type: 'text', text: `[an image of type ${part.mimeType} was left out: the model does not take that type]` };
  const mediaType = part.mimeType as 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp';
  return { type: 'image', source: { type: 'base64', media_type: mediaType, data: part.data } };
}

/** The neutral history as Messages API turns: tool results ride in a user turn, same-role turns merge. */
export function toAnthropicMessages(messages: AgentMessage[]): MessageParam[] {
  const out: MessageParam[] = [];
  const push = (role: 'user' | 'assistant', blocks: ContentBlockParam[]): void => {
    if (blocks.length === 0) return;
    const last = out[out.length - 1];
    if (last && last.role === role && Array.isArray(last.content)) last.content.push(...blocks);
    else out.push({ role, content: blocks });
  };
  for (const message of messages) {
    if (message.role === 'user') push('user', message.parts.map(partToBlock));
    else if (message.role === 'tool') push('user', [{ type: 'tool_result', tool_use_id: message.callId, content: message.content, is_error: message.isError ?? false }]);
    else {
      const blocks: ContentBlockParam[] = message.text ? [{ type: 'text', text: message.text }] : [];
      for (const call of message.toolCalls) blocks.push({ type: 'tool_use', id: call.callId, name: call.name, input: call.input ?? {} });
      push('assistant', blocks);
    }
  }
  return out;
}

function stopOf(reason: string | null | undefined): 'end' | 'tool-calls' | 'max-tokens' | 'other' {
  if (reason === 'tool_use') return 'tool-calls';
  if (reason === 'end_turn' || reason === 'stop_sequence') return 'end';
  if (reason === 'max_tokens') return 'max-tokens';
  return 'other';
}

/** The Anthropic Messages API with streaming and the highlight tool. */
export function createAnthropicBackend(settings: AnthropicSettings): AgentBackend {
  const model = settings.model ?? BACKENDS.anthropic.model.defaultModel;
  const keyHint = settings.keyHint ?? 'the Anthropic API key';
  const ctx: FailureContext = { service: 'Anthropic', baseURL: settings.baseURL, keyHint, timeoutMs: settings.timeoutMs ?? DEFAULT_MODEL_TIMEOUT_MS };
  // Explicit options only: no key, profile or telemetry from the environment, and no SDK
  // logging, which would print to our stdout (the CLI's JSON lines).
  // One client per turn, its fetch told which context the turn carries: every HTTP request it
  // makes (a retry too) is observed with its exact body before it is sent (observe.ts).
  const clientFor = (request: AgentRequest): Anthropic | undefined => {
    if (!settings.apiKey) return undefined;
    // No redirect is followed, whichever fetch sends (no-redirects.ts).
    const base = withoutRedirects(settings.fetch ?? fetch);
    const send = settings.onRequest ? observedFetch(settings.onRequest, { backend: 'anthropic', model }, request.context, base) : base;
    return new Anthropic({ apiKey: settings.apiKey, baseURL: settings.baseURL ?? null, timeout: ctx.timeoutMs, maxRetries: settings.maxRetries ?? 1, logLevel: 'off', openTelemetry: false, fetch: send });
  };

  async function* turn(request: AgentRequest, signal: AbortSignal): AsyncIterable<BackendEvent> {
    const client = clientFor(request);
    if (!client) {
      yield { type: 'error', ...missingKeyFailure('Anthropic', keyHint) };
      return;
    }
    const params: MessageCreateParamsStreaming = {
      model,
      max_tokens: settings.maxTokens ?? DEFAULT_MAX_TOKENS,
      system: request.system,
      messages: toAnthropicMessages(request.messages),
      tools: request.tools.map((t) => ({ name: t.name, description: t.description, input_schema: { type: 'object' as const, ...t.parameters } })),
      stream: true,
    };
    const stream = await client.messages.create(params, { signal });
    const tools = new Map<number, { id: string; name: string; json: string }>();
    let stop: string | null | undefined;
    for await (const event of stream) {
      if (event.type === 'content_block_start' && event.content_block.type === 'tool_use') {
        tools.set(event.index, { id: event.content_block.id, name: event.content_block.name, json: '' });
      } else if (event.type === 'content_block_delta') {
        if (event.delta.type === 'text_delta' && event.delta.text) yield { type: 'text', text: event.delta.text };
        else if (event.delta.type === 'input_json_delta') {
          const tool = tools.get(event.index);
          if (tool) tool.json += event.delta.partial_json;
        }
      } else if (event.type === 'content_block_stop') {
        const tool = tools.get(event.index);
        if (tool) yield { type: 'tool-call', call: { callId: tool.id, name: tool.name, input: parseToolArguments(tool.json) } };
      } else if (event.type === 'message_delta') {
        stop = event.delta.stop_reason;
      } else if (event.type === 'message_stop') {
        yield { type: 'done', stop: stopOf(stop) };
        return;
      }
    }
  }

  return {
    id: 'anthropic',
    label: `Anthropic (${model})`,
    model,
    stream: (request, signal) => guardTurn(ctx, signal, (inner) => turn(request, inner)),
  };
}
