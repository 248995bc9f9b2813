import type { BackendSettings } from '../agent/backends.js';
import { BACKEND_IDS, isBackendId } from '../../contract/backends.js';
import { didYouMean } from './suggest.js';
import { DEFAULT_MODEL_TIMEOUT_MS } from '../agent/turn.js';
import { parseCommandLine, parsePid, parseTimeout } from './args.js';
import { UsageError } from './exit-codes.js';
import type { CliIo } from './io.js';

/** `glance ask` after parsing: what to ask, of which app, with which backend. */
export interface AskOptions {
  prompt: string;
  pid: number | undefined;
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
  exclude: { type: 'string', multiple: true },
  allow: { type: 'string', multiple: true },
  backend: { type: 'string' },
  model: { type: 'string' },
  'base-url': { type: 'string' },
  timeout: { type: 'string' },
  'model-timeout': { type: 'string' },
  json: { type: 'boolean' },
} as const;

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
 * Parses `glance ask PROMPT [--pid N] [--exclude ID]... [--allow ID]... [--backend offline|anthropic|openai]
 * [--model M] [--base-url URL] [--timeout MS] [--model-timeout MS] [--json]` (docs/cli.md,
 * "glance ask"). Words after the prompt are joined to it, so an unquoted question still works.
 */
export function parseAskArgs(argv: string[]): AskOptions {
  const { values, positionals } = parseCommandLine(argv, OPTIONS, 'ask');
  const prompt = positionals.join(' ').trim();
  if (prompt === '') throw new UsageError('ask: give the question, for example: glance ask "what does this paragraph claim?"');
  const backend = values.backend ?? 'offline';
  if (!isBackendId(backend)) throw new UsageError(`ask: --backend is one of ${BACKEND_IDS.join(', ')}, not "${backend.slice(0, 40)}"${didYouMean(backend, BACKEND_IDS)}`);
  const baseURL = parseBaseUrl(values['base-url']);
  if (backend === 'offline' && (baseURL !== undefined || values.model !== undefined)) {
    throw new UsageError('ask: --model and --base-url need a model backend: --backend anthropic or --backend openai');
  }
  if (values.model !== undefined && values.model.trim() === '') throw new UsageError('ask: --model needs a model name');
  return {
    prompt,
    pid: parsePid(values.pid, 'ask'),
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
  if (backend.backend === 'anthropic') {
    return { apiKey: env['ANTHROPIC_API_KEY'] || undefined, keyHint: 'ANTHROPIC_API_KEY', required: true };
  }
  if (backend.backend === 'openai') {
    // Local OpenAI-compatible servers (Ollama, LM Studio, llama.cpp) usually take no key.
    return { apiKey: env['OPENAI_API_KEY'] || undefined, keyHint: 'OPENAI_API_KEY', required: backend.baseURL === undefined };
  }
  return { apiKey: undefined, keyHint: '', required: false };
}
