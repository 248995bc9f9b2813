import type { BackendSettings } from '../agent/backends.js';
import { BACKEND_IDS, backendFacts, isBackendId, OFFLINE_BACKEND, needsKey } from '../../contract/backends.js';
import { didYouMean } from './suggest.js';
import { DEFAULT_MODEL_TIMEOUT_MS } from '../agent/turn.js';
import { parseCommandLine, parseTimeout } from './args.js';
import { parseAppChoice, type AppChoice } from './front-app.js';
import { UsageError } from './exit-codes.js';
import type { CliIo } from './io.js';

/** `glance ask` after parsing: what to ask, of which app, with which backend. */
export interface AskOptions {
  prompt: string;
  /** --pid or --app, or neither (the front app). */
  target: AppChoice;
  /** `--accessibility`: an app without a provider may be read through Accessibility for this call. */
  accessibility: boolean;
  /** Element ids to leave out with their subtrees, as given. */
  exclude: string[];
  /** Withheld or rule-excluded element ids to send with this message anyway. */
  allow: string[];
  backend: BackendSettings;
  /**
   * The one time limit on each exchange with the provider (docs/protocol.md,
   * "Limits and time limits").
   */
  timeoutMs: number;
  json: boolean;
}

const OPTIONS = {
  pid: { type: 'string' },
  app: { type: 'string' },
  accessibility: { type: 'boolean' },
  exclude: { type: 'string', multiple: true },
  allow: { type: 'string', multiple: true },
  backend: { type: 'string' },
  model: { type: 'string' },
  'base-url': { type: 'string' },
  timeout: { type: 'string' },
  'model-timeout': { type: 'string' },
  json: { type: 'boolean' },
} as const;

/** The backends that ask a model, as `--model` and `--base-url` need. */
const MODEL_BACKENDS = BACKEND_IDS.filter((id) => backendFacts(id).model !== null);

function parseBaseUrl(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new UsageError('ask: --base-url takes an http or https address, for example http://127.0.0.1:11434/v1');
  }
  return value;
}

/**
 * Parses `glance ask PROMPT [--pid N | --app NAME] [--accessibility] [--exclude ID]... [--allow ID]... [--backend B]
 * [--model M] [--base-url URL] [--timeout MS] [--model-timeout MS] [--json]` (docs/cli.md,
 * "glance ask"). Words after the prompt are joined to it, so an unquoted question still works.
 */
export function parseAskArgs(argv: string[]): AskOptions {
  const { values, positionals } = parseCommandLine(argv, OPTIONS, 'ask');
  const prompt = positionals.join(' ').trim();
  if (prompt === '') throw new UsageError('ask: give the question, for example: glance ask "what does this paragraph claim?"');
  const backend = values.backend ?? OFFLINE_BACKEND;
  if (!isBackendId(backend)) throw new UsageError(`ask: --backend is one of ${BACKEND_IDS.join(', ')}, not "${backend.slice(0, 40)}"${didYouMean(backend, BACKEND_IDS)}`);
  const baseURL = parseBaseUrl(values['base-url']);
  if (backendFacts(backend).model === null && (baseURL !== undefined || values.model !== undefined)) {
    throw new UsageError(`ask: --model and --base-url need a model backend: ${MODEL_BACKENDS.map((id) => `--backend ${id}`).join(' or ')}`);
  }
  if (values.model !== undefined && values.model.trim() === '') throw new UsageError('ask: --model needs a model name');
  return {
    prompt,
    target: parseAppChoice(values, 'ask'),
    accessibility: values.accessibility === true,
    exclude: values.exclude ?? [],
    allow: values.allow ?? [],
    backend: {
      backend,
      model: values.model,
      baseURL,
      modelTimeoutMs: parseTimeout(values['model-timeout'], 'ask', '--model-timeout', DEFAULT_MODEL_TIMEOUT_MS),
    },
    timeoutMs: parseTimeout(values.timeout, 'ask'),
    json: values.json === true,
  };
}

/** The key for the chosen backend from the environment, and where the user sets it. */
export function keyFor(backend: BackendSettings, env: CliIo['env']): { apiKey: string | undefined; keyHint: string; required: boolean } {
  const key = backendFacts(backend.backend).key;
  if (key === null) return { apiKey: undefined, keyHint: '', required: false };
  // A compatible server (Ollama, LM Studio, llama.cpp) usually takes no key: one is sent when set.
  return { apiKey: env[key.env] || undefined, keyHint: key.env, required: needsKey(backend) };
}
