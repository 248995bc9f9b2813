/**
 * The backends a user can choose, with no SDK behind the names: the settings schema and the
 * IPC contract (bundled into the preload and the panel) import this file, and must not pull
 * the Anthropic or OpenAI SDK in with it.
 */

/**
 * The backends a user can choose (`--backend` in docs/cli.md, "glance ask"; the panel's settings).
 */
export const BACKEND_IDS = ['offline', 'anthropic', 'openai'] as const;
export type BackendId = (typeof BACKEND_IDS)[number];

/** The backends that take an API key, kept in the Keychain by the app (main/secrets.ts). */
export const KEYED_BACKENDS = ['anthropic', 'openai'] as const;
export type KeyedBackendId = (typeof KEYED_BACKENDS)[number];

/**
 * The model asked when the settings name none (docs/agent.md says why these). Kept here, not in
 * the SDK files, so the settings view can show them as placeholders without loading an SDK.
 */
export const DEFAULT_MODELS = {
  /** Claude Sonnet 5.5: the current Sonnet on Anthropic's models page, in the SDK's `Model` list. */
  anthropic: 'claude-sonnet-5-5',
  /** GPT-5.6 Terra: OpenAI's pick for new low-latency work now that gpt-5-mini is marked for deprecation. */
  openai: 'gpt-5.6-terra',
  /** Any other OpenAI-compatible server: Ollama's name for a small local model (LM Studio and llama.cpp take any name). */
  local: 'llama3.2',
} as const;

/** True when the value names a backend. */
export function isBackendId(value: unknown): value is BackendId {
  return typeof value === 'string' && (BACKEND_IDS as readonly string[]).includes(value);
}

/**
 * How each backend is named to a person. The offline one says plainly that no model answers:
 * it restates the context, and a user must never mistake it for an AI.
 */
export const BACKEND_NAMES: Record<BackendId, string> = {
  offline: 'Offline: answers from the context alone, no model',
  anthropic: 'Anthropic (Claude)',
  openai: 'OpenAI or an OpenAI-compatible server (Ollama, LM Studio, llama.cpp)',
};
