import OpenAI from 'openai';
import type { ChatCompletionContentPart, ChatCompletionCreateParamsStreaming, ChatCompletionMessageParam } from 'openai/resources/chat/completions/completions.js';
import { BACKENDS } from '../../contract/backends.js';
import { parseToolArguments } from './highlight-tool.js';
import { missingKeyFailure } from './errors.js';
import { withoutRedirects } from './no-redirects.js';
import { observedFetch } from './observe.js';
import type { FailureContext } from './errors.js';
import { DEFAULT_MAX_TOKENS, DEFAULT_MODEL_TIMEOUT_MS, guardTurn } from './turn.js';
import type { AgentBackend, AgentRequest, BackendEvent, RequestObserver } from './types.js';
import type { AgentMessage, PromptPart } from '../../contract/agent.js';

/** The model and address asked when none is configured, and those of a compatible server (contract/backends.ts). */
const FACTS = BACKENDS.openai.model;

/** Settings for an OpenAI-compatible chat completions server. */
export interface OpenAISettings {
  /** Required for api.openai.com; optional with a baseURL (local servers often need none). */
  apiKey: string | undefined;
  model?: string;
  /** Ollama: http://127.0.0.1:11434/v1; LM Studio: :1234/v1; llama.cpp server: :8080/v1. */
  baseURL?: string;
  /** Send images as image parts (vision models); false replaces each with a short note. */
  images?: boolean;
  timeoutMs?: number;
  maxRetries?: number;
  maxTokens?: number;
  keyHint?: string;
  /** Told of every request before it is sent (receipts, app/history). */
  onRequest?: RequestObserver;
  /** The fetch that sends (tests pass one with their own DNS lookup); default the global one. */
  fetch?: typeof fetch;
}

function partToOpenAI(part: PromptPart, images: boolean): ChatCompletionContentPart {
  if (part.type === 'text') return { type: 'text', text: part.text };
  if (!images) return { type: 'text', text: `[an image was left out: this backend is set not to receive images]` };
  return { type: 'image_url', image_url: { url: `data:${part.mimeType};base64,${part.data}` } };
}

/** The neutral history as chat messages. Text-only user turns are one string, which every server takes. */
export function toOpenAIMessages(system: string, messages: AgentMessage[], images = true): ChatCompletionMessageParam[] {
  const out: ChatCompletionMessageParam[] = [{ role: 'system', content: system }];
  for (const message of messages) {
    if (message.role === 'user') {
      const textOnly = message.parts.every((p) => p.type === 'text');
      out.push({ role: 'user', content: textOnly ? message.parts.map((p) => (p.type === 'text' ? p.text : '')).join('\n') : message.parts.map((p) => partToOpenAI(p, images)) });
    } else if (message.role === 'tool') {
      out.push({ role: 'tool', tool_call_id: message.callId, content: message.content });
    } else {
      out.push({
        role: 'assistant',
        content: message.text || null,
        ...(message.toolCalls.length > 0
          ? { tool_calls: message.toolCalls.map((c) => ({ id: c.callId, type: 'function' as const, function: { name: c.name, arguments: JSON.stringify(c.input ?? {}) } })) }
          : {}),
      });
    }
  }
  return out;
}

/** OpenAI-compatible chat completions, streaming, with the highlight tool as a function. */
export function createOpenAIBackend(settings: OpenAISettings): AgentBackend {
  const model = settings.model ?? (settings.baseURL ? FACTS.compatible.defaultModel : FACTS.defaultModel);
  const keyHint = settings.keyHint ?? 'the API key';
  const service = settings.baseURL ? 'the OpenAI-compatible server' : 'OpenAI';
  const ctx: FailureContext = { service, baseURL: settings.baseURL, keyHint, timeoutMs: settings.timeoutMs ?? DEFAULT_MODEL_TIMEOUT_MS };
  const needsKey = !settings.baseURL;
  // The SDK insists on a key; without one we send none at all (a null header is removed),
  // so a local server never sees a made-up credential.
  // One client per turn, its fetch told which context the turn carries: every HTTP request it
  // makes (a retry too) is observed with its exact body before it is sent (observe.ts).
  const clientFor = (request: AgentRequest): OpenAI | undefined => {
    if (needsKey && !settings.apiKey) return undefined;
    // No redirect is followed, whichever fetch sends (no-redirects.ts).
    const base = withoutRedirects(settings.fetch ?? fetch);
    const send = settings.onRequest ? observedFetch(settings.onRequest, { backend: 'openai', model }, request.context, base) : base;
    return new OpenAI({
      apiKey: settings.apiKey ?? 'none',
      baseURL: settings.baseURL ?? FACTS.defaultBaseURL,
      organization: null,
      project: null,
      timeout: ctx.timeoutMs,
      maxRetries: settings.maxRetries ?? 1,
      logLevel: 'off',
      fetch: send,
      ...(settings.apiKey ? {} : { defaultHeaders: { Authorization: null } }),
    });
  };

  async function* turn(request: AgentRequest, signal: AbortSignal): AsyncIterable<BackendEvent> {
    const client = clientFor(request);
    if (!client) {
      yield { type: 'error', ...missingKeyFailure('OpenAI', keyHint) };
      return;
    }
    const params: ChatCompletionCreateParamsStreaming = {
      model,
      messages: toOpenAIMessages(request.system, request.messages, settings.images ?? true),
      tools: request.tools.map((t) => ({ type: 'function' as const, function: { name: t.name, description: t.description, parameters: t.parameters } })),
      stream: true,
    };
    // OpenAI's current models take only max_completion_tokens, and count reasoning in it;
    // local servers know the older max_tokens.
    if (needsKey) params.max_completion_tokens = settings.maxTokens ?? 2 * DEFAULT_MAX_TOKENS;
    else params.max_tokens = settings.maxTokens ?? DEFAULT_MAX_TOKENS;
    const stream = await client.chat.completions.create(params, { signal });
    const calls = new Map<number, { id: string; name: string; args: string }>();
    let finish: string | null = null;
    for await (const chunk of stream) {
      const choice = chunk.choices[0];
      if (!choice) continue;
      if (choice.delta.content) yield { type: 'text', text: choice.delta.content };
      for (const delta of choice.delta.tool_calls ?? []) {
        const call = calls.get(delta.index) ?? { id: '', name: '', args: '' };
        if (delta.id) call.id = delta.id;
        if (delta.function?.name) call.name += delta.function.name;
        if (delta.function?.arguments) call.args += delta.function.arguments;
        calls.set(delta.index, call);
      }
      if (choice.finish_reason) finish = choice.finish_reason;
    }
    // Some servers (Ollama) end a tool-calling turn with finish_reason "stop": the calls decide.
    for (const [index, call] of [...calls.entries()].sort((a, b) => a[0] - b[0])) {
      yield { type: 'tool-call', call: { callId: call.id || `call-${index}`, name: call.name, input: parseToolArguments(call.args) } };
    }
    const stop = calls.size > 0 ? 'tool-calls' : finish === 'stop' ? 'end' : finish === 'length' ? 'max-tokens' : finish === null ? null : 'other';
    if (stop === null) {
      yield { type: 'error', kind: 'bad-response', reason: `${service} ended the answer without finishing it` };
      return;
    }
    yield { type: 'done', stop };
  }

  return {
    id: 'openai',
    label: settings.baseURL ? `OpenAI-compatible (${model})` : `OpenAI (${model})`,
    model,
    stream: (request, signal) => guardTurn(ctx, signal, (inner) => turn(request, inner)),
  };
}
