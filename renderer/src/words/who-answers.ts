import { BACKENDS, type KeyedBackendId } from '../../../contract/backends.js';
import { LOCAL_SERVERS, type CheckKeyResult, type FoundServer, type LocalServers } from '../../../contract/who-answers.js';
import { keyProblemWords } from './notices.js';

/**
 * The welcome's words for who answers: the servers found on this Mac, why none was, and what
 * checking a pasted key said.
 */

/** The offline answerer, named for what it is. */
export const NO_MODEL_WORDS = 'No model: Glance restates the context';

/** The key choice's label. */
export const KEY_CHOICE_WORDS = 'Claude or OpenAI, with your API key';

/** A found server as the choice names it: "Ollama on this Mac", with its port when it is not the usual one. */
export function serverWords(server: FoundServer): string {
  const facts = LOCAL_SERVERS[server.kind];
  return server.port === facts.port ? `${facts.name} on this Mac` : `${facts.name} on this Mac (port ${server.port})`;
}

/** The service a key is for, as the menu names it. */
export function serviceWords(backend: KeyedBackendId): string {
  return backend === 'anthropic' ? 'Claude (Anthropic)' : BACKENDS[backend].label;
}

/**
 * What the look found, when it found no model: said plainly, with the one miss worth acting on
 * (a server that runs but has no model, or is still loading one).
 */
export function noServerWords(look: LocalServers): string {
  const empty = look.missed.find((miss) => miss.miss === 'no-models');
  if (empty) return `${LOCAL_SERVERS[empty.kind].name} runs here but serves no model yet: pull one (ollama pull llama3.2), then look again.`;
  const loading = look.missed.find((miss) => miss.miss === 'loading' || (miss.miss === 'http-status' && miss.status === 503));
  if (loading) return `${LOCAL_SERVERS[loading.kind].name} runs here but is not ready (it may still be loading its model): look again in a moment.`;
  return 'No model server found on this Mac (looked for Ollama, LM Studio and llama.cpp on their usual ports).';
}

/** What checking a key said, as one sentence: the key is stored only after the service accepted it. */
export function keyCheckWords(result: CheckKeyResult): string {
  const service = serviceWords(result.backend);
  const status = result.httpStatus !== undefined ? ` (HTTP ${result.httpStatus})` : '';
  if (result.problem) return keyProblemWords(result.problem);
  switch (result.check) {
    case 'accepted':
      return `The key works and is stored in the Keychain: ${service} answers.`;
    case 'refused':
      return `${service} refused this key${status}. Check that it is complete and still active; nothing was stored.`;
    case 'rate-limited':
      return `${service} is busy${status} and did not check the key. Try again in a minute; nothing was stored.`;
    case 'server-error':
      return `${service} had a problem${status} and did not check the key. Try again later; nothing was stored.`;
    case 'unreachable':
      return `Glance could not reach ${service}. Check the connection and try again; nothing was stored.`;
    case 'timeout':
      return `${service} did not answer in time. Try again; nothing was stored.`;
    case 'redirect':
      return `${service}’s address answered with a redirect${status}, which Glance never follows; nothing was stored.`;
    case 'unexpected':
    case 'not-checked':
      return `${service} answered in a way Glance did not expect${status}; nothing was stored.`;
  }
}
