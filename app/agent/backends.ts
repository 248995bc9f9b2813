import { createAnthropicBackend } from './anthropic.js';
import { createOfflineBackend } from './offline.js';
import { createOpenAIBackend } from './openai.js';
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
  /**
   * The offline answer names elements by their titles: where a cited id is not shown as a chip
   * with its title (the command line). The panel leaves it off: its chip shows the title.
   */
  citeByTitle?: boolean;
}

/** What every client is built from: the settings common to all, the key and where the user fixes it. */
interface ClientInput {
  settings: BackendSettings;
  apiKey: string | undefined;
  keyHint: string | undefined;
}

/**
 * The client of each backend, keyed by the record's ids (contract/backends.ts has the rest of
 * each backend: names, default model and address, key): a backend added there fails to compile
 * here until it has its client.
 */
const CLIENTS = {
  offline: ({ settings }) => createOfflineBackend(settings.onRequest, settings.citeByTitle === true),
  anthropic: ({ settings, apiKey, keyHint }) => createAnthropicBackend({ ...common(settings, keyHint), apiKey }),
  openai: ({ settings, apiKey, keyHint }) => createOpenAIBackend({ ...common(settings, keyHint), apiKey, images: settings.images }),
} satisfies Record<BackendId, (input: ClientInput) => AgentBackend>;

/** The settings every model client takes alike. */
function common(settings: BackendSettings, keyHint: string | undefined) {
  return {
    model: settings.model, baseURL: settings.baseURL, timeoutMs: settings.modelTimeoutMs, maxRetries: settings.maxRetries, keyHint,
    onRequest: settings.onRequest, fetch: settings.fetch,
  };
}

/**
 * Builds the chosen backend. `apiKey` is whatever the caller holds (the CLI's environment
 * variable, the app's Keychain entry); `keyHint` says where the user fixes it.
 */
export function createBackend(settings: BackendSettings, apiKey: string | undefined, keyHint?: string): AgentBackend {
  return CLIENTS[settings.backend]({ settings, apiKey, keyHint });
}
