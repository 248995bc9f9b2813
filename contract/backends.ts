/**
 * The backends a user can choose, one record each, with no SDK behind them: the settings schema
 * and the IPC contract (bundled into the preload and the panel) import this file, and must not
 * pull the Anthropic or OpenAI SDK in with it. The clients live in app/agent/backends.ts, keyed
 * by the same ids. Every place that names, lists or tells backends apart reads this record, so a
 * new backend is one entry here and one client there (docs/architecture.md, "How to add a backend").
 */

/**
 * The backends a user can choose, in the order the panel's menu and `glance ask --help` list
 * them (`--backend` in docs/cli.md, "glance ask"; the panel's settings).
 */
export const BACKEND_IDS = ['offline', 'anthropic', 'openai'] as const;
export type BackendId = (typeof BACKEND_IDS)[number];

/**
 * The backend that asks no model: the panel's "Answer offline" switches to it, and a first run
 * and `glance ask` without `--backend` use it, as it needs no key and no network.
 */
export const OFFLINE_BACKEND = 'offline' satisfies BackendId;

/**
 * The endpoint a receipt names when nothing left this machine (a backend that asks no model):
 * every other endpoint is a model server's origin.
 */
export const OFFLINE_ENDPOINT = 'offline';

/** What a backend that asks a model has besides its names. */
interface ModelFacts {
  /** Who answers, after a count and before the model's name: "to Claude", "Claude (claude-sonnet-5-5)". */
  answerer: string;
  /** The model asked when the settings name none (docs/agent.md says why these). */
  defaultModel: string;
  /** The address asked when no base URL is set. */
  defaultBaseURL: string;
  /** The settings' Server field: its placeholder and the hint under it. */
  server: { placeholder: string; hint: string };
  /**
   * Another server that speaks the same API, chosen by giving a base URL (Ollama, LM Studio):
   * how it is named, the model asked there, a few such servers, and that it needs no key. Null: a base URL is only
   * another address of the same service (a proxy), named and keyed as the service.
   */
  compatible: { label: string; defaultModel: string; examples: string } | null;
}

/** One backend, as every part of Glance that is not its client knows it. */
export interface BackendFacts {
  /** As a person says it: "Anthropic", "OpenAI"; the one that asks no model is "Offline". */
  label: string;
  /** The settings menu's few words, short enough for any panel width. */
  shortLabel: string;
  /** Named in full (the panel's "Answered by …"): the offline one says plainly that no model answers. */
  name: string;
  /** The hint under the settings menu: what choosing it means. */
  hint: string;
  /** How a receipt names where its request went ("Claude (claude-x) at api.anthropic.com"). */
  receiptLabel: string;
  /** Null when no model answers: the backend restates the context and a user must never mistake it for an AI. */
  model: ModelFacts | null;
  /**
   * The API key it takes, null when it takes none: the environment variable `glance ask` reads
   * (the app keeps keys in the Keychain, main/secrets.ts). A `compatible` server needs none.
   */
  key: { env: string } | null;
}

/** Every backend, by id. */
export const BACKENDS = {
  offline: {
    label: 'Offline',
    shortLabel: 'Offline, no model',
    name: 'Offline: answers from the context alone, no model',
    hint: 'Nothing leaves this Mac: Glance restates the app’s context and highlights the selection. No AI is asked.',
    receiptLabel: 'Offline, no model',
    model: null,
    key: null,
  },
  anthropic: {
    label: 'Anthropic',
    shortLabel: 'Anthropic (Claude)',
    name: 'Anthropic (Claude)',
    hint: 'Claude, with your Anthropic API key.',
    receiptLabel: 'Claude',
    model: {
      answerer: 'Claude',
      /** Claude Sonnet 5.5: the current Sonnet on Anthropic's models page, in the SDK's `Model` list. */
      defaultModel: 'claude-sonnet-5-5',
      defaultBaseURL: 'https://api.anthropic.com',
      server: { placeholder: 'https://api.anthropic.com', hint: 'Empty for Anthropic itself.' },
      compatible: null,
    },
    key: { env: 'ANTHROPIC_API_KEY' },
  },
  openai: {
    label: 'OpenAI',
    shortLabel: 'OpenAI or compatible',
    name: 'OpenAI or an OpenAI-compatible server (Ollama, LM Studio, llama.cpp)',
    hint: 'OpenAI, or a server that speaks its API: Ollama, LM Studio, llama.cpp.',
    receiptLabel: 'OpenAI-compatible',
    model: {
      answerer: 'OpenAI',
      /** GPT-5.6 Terra: OpenAI's pick for new low-latency work now that gpt-5-mini is marked for deprecation. */
      defaultModel: 'gpt-5.6-terra',
      defaultBaseURL: 'https://api.openai.com/v1',
      server: { placeholder: 'http://127.0.0.1:11434/v1', hint: 'Empty for OpenAI itself; an address for a local server such as Ollama.' },
      /** Ollama's name for a small local model (LM Studio and llama.cpp take any name). */
      compatible: { label: 'OpenAI-compatible server', defaultModel: 'llama3.2', examples: 'Ollama, LM Studio' },
    },
    key: { env: 'OPENAI_API_KEY' },
  },
} as const satisfies Record<BackendId, BackendFacts>;

/** The backends that take an API key, kept in the Keychain by the app (main/secrets.ts). */
export type KeyedBackendId = { [K in BackendId]: (typeof BACKENDS)[K]['key'] extends null ? never : K }[BackendId];

/** True when the backend takes an API key. */
export function isKeyedBackend(id: BackendId): id is KeyedBackendId {
  return BACKENDS[id].key !== null;
}

/** The keyed backends, in the menu's order (a tuple, for z.enum). */
export const KEYED_BACKENDS = BACKEND_IDS.filter(isKeyedBackend) as [KeyedBackendId, ...KeyedBackendId[]];

/** True when the value names a backend. */
export function isBackendId(value: unknown): value is BackendId {
  return typeof value === 'string' && (BACKEND_IDS as readonly string[]).includes(value);
}

/** The facts of one backend, typed as the interface (not as one entry's literal types). */
export function backendFacts(id: BackendId): BackendFacts {
  return BACKENDS[id];
}

/** A backend as the settings or the command line choose it: an empty or missing base URL is the backend's own. */
export interface BackendChoice {
  backend: BackendId;
  model?: string;
  baseURL?: string;
}

/** The other server a base URL names, when the backend has one (`compatible`). */
function compatibleOf(choice: BackendChoice): ModelFacts['compatible'] {
  return choice.baseURL ? (backendFacts(choice.backend).model?.compatible ?? null) : null;
}

/** The model asked when none is set; undefined when no model answers. */
export function defaultModelOf(choice: Omit<BackendChoice, 'model'>): string | undefined {
  const model = backendFacts(choice.backend).model;
  return model ? (compatibleOf(choice)?.defaultModel ?? model.defaultModel) : undefined;
}

/** The model asked: the chosen one, else the default; undefined when no model answers. */
export function modelOf(choice: BackendChoice): string | undefined {
  return backendFacts(choice.backend).model ? choice.model || defaultModelOf(choice) : undefined;
}

/** The address the backend sends to; undefined when it sends nothing. */
export function baseUrlOf(choice: Omit<BackendChoice, 'model'>): string | undefined {
  const model = backendFacts(choice.backend).model;
  return model ? choice.baseURL || model.defaultBaseURL : undefined;
}

/** True when this choice must have a key to work: a keyed backend at its own service, not a compatible server. */
export function needsKey(choice: Omit<BackendChoice, 'model'>): boolean {
  return backendFacts(choice.backend).key !== null && compatibleOf(choice) === null;
}

/**
 * True when the URL's host is 127.0.0.0/8, [::1] or `localhost`. The host is the one the URL
 * parser gives, which is the one a request connects to (it writes `127.1` as `127.0.0.1`);
 * no name is looked up.
 */
export function isLoopbackUrl(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return false;
  }
  return host === 'localhost' || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** The host of an address, without its port ("example.com"); the text as given when it is no URL. */
export function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
}

/** Where a model server is, after its model's name: "on this Mac" at a loopback address, else "at example.com" (no port: a person does not need it). */
export function serverWhere(url: string): string {
  return isLoopbackUrl(url) ? 'on this Mac' : `at ${hostOf(url)}`;
}

/**
 * The backend as the user chose it, named as a person says it: who answers and the model
 * ("Claude (claude-x)"), or a compatible server by its model and address ("llama3.2 on this
 * Mac", "llama3.2 at example.com"), as the panel's line before sending names it. The offline one says it is no model.
 */
export function backendLabel(choice: BackendChoice): string {
  const facts = backendFacts(choice.backend);
  if (!facts.model) return facts.name;
  const model = modelOf(choice) ?? '';
  if (compatibleOf(choice) && choice.baseURL) return `${model} ${serverWhere(choice.baseURL)}`;
  return `${facts.model.answerer} (${model})`;
}
