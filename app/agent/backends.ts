import { ANTHROPIC_DEFAULT_MODEL, createAnthropicBackend } from './anthropic.js';
import { createOfflineBackend } from './offline.js';
import { createOpenAIBackend, LOCAL_DEFAULT_MODEL, OPENAI_DEFAULT_MODEL } from './openai.js';
import type { BackendId } from '../../contract/backends.js';
import type { AgentBackend, RequestObserver } from './types.js';

/** One choice of backend, as the settings or the command line give it. Keys come separately. */
export interface BackendSettings {
  backend: BackendId;
  model?: string;
  baseURL?: string;
  /** The model time limit for each model turn (default 120000 ms). */
  modelTimeoutMs?: number;
  /** Send images to OpenAI-compatible servers (vision models); default true. */
  images?: boolean;
  maxRetries?: number;
  /** Told of every request before it is sent: the receipts (app/history/recorder.ts). */
  onRequest?: RequestObserver;
  /** The fetch that sends; tests pass one with their own DNS lookup. Default: the global one. */
  fetch?: typeof fetch;
}

/** The model a backend asks when none is set; undefined for offline. */
export function defaultModel(backend: BackendId, baseURL?: string): string | undefined {
  if (backend === 'anthropic') return ANTHROPIC_DEFAULT_MODEL;
  if (backend === 'openai') return baseURL ? LOCAL_DEFAULT_MODEL : OPENAI_DEFAULT_MODEL;
  return undefined;
}

/**
 * Builds the chosen backend. `apiKey` is whatever the caller holds (the CLI's environment
 * variable, the app's Keychain entry); `keyHint` says where the user fixes it.
 */
export function createBackend(settings: BackendSettings, apiKey: string | undefined, keyHint?: string): AgentBackend {
  const common = {
    model: settings.model, baseURL: settings.baseURL, timeoutMs: settings.modelTimeoutMs, maxRetries: settings.maxRetries, keyHint,
    onRequest: settings.onRequest, fetch: settings.fetch,
  };
  switch (settings.backend) {
    case 'anthropic':
      return createAnthropicBackend({ ...common, apiKey });
    case 'openai':
      return createOpenAIBackend({ ...common, apiKey, images: settings.images });
    case 'offline':
      return createOfflineBackend(settings.onRequest);
  }
}
