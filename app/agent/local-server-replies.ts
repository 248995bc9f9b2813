import { z } from 'zod';
import { MAX_LISTED_MODELS, type LocalServerKind } from '../../contract/who-answers.js';

/**
 * What each local server answers when asked for its models, as zod schemas: only the names are
 * read, every other field is left alone. Ollama lists its pulled models at `/api/tags`
 * (`{models: [{name}]}`); LM Studio and llama.cpp's llama-server list theirs OpenAI's way at
 * `/v1/models` (`{data: [{id}]}`).
 */

const OllamaTagsSchema = z.object({ models: z.array(z.object({ name: z.string() })) });
const OpenAIModelsSchema = z.object({ data: z.array(z.object({ id: z.string() })) });

/** llama-server's /health: `{status: 'ok'}` once its model is loaded (503 before). */
const HealthSchema = z.object({ status: z.literal('ok') });

/**
 * Where each server lists its models, how its answer is read into names, and for llama-server
 * the readiness asked first: it answers 503 at /health while its model loads.
 */
export const MODEL_LISTS: Record<LocalServerKind, { path: string; names(body: unknown): string[] | undefined; health?: { path: string; ok(body: unknown): boolean } }> = {
  ollama: { path: '/api/tags', names: (body) => OllamaTagsSchema.safeParse(body).data?.models.map((m) => m.name) },
  'lm-studio': { path: '/v1/models', names: openAINames },
  'llama-cpp': { path: '/v1/models', names: openAINames, health: { path: '/health', ok: (body) => HealthSchema.safeParse(body).success } },
};

function openAINames(body: unknown): string[] | undefined {
  return OpenAIModelsSchema.safeParse(body).data?.data.map((m) => m.id);
}

/**
 * The names the welcome lists: one line each (a name with a control character or past 200
 * characters is left out, as no chat request could name it plainly), each once, embedding
 * models last (they cannot chat, and the first name is the one preselected), at most
 * MAX_LISTED_MODELS.
 */
export function listedModels(names: readonly string[]): string[] {
  const usable = [...new Set(names.map((name) => name.trim()))].filter((name) => name !== '' && name.length <= 200 && !/\p{Cc}/u.test(name));
  const embedding = (name: string): boolean => /embed/i.test(name);
  return [...usable.filter((name) => !embedding(name)), ...usable.filter(embedding)].slice(0, MAX_LISTED_MODELS);
}
