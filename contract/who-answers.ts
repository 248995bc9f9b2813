import { z } from 'zod';
import { KEYED_BACKENDS } from './backends.js';
import { KeyProblemSchema } from './notices.js';

/**
 * Who answers the first question, as the welcome offers it: a model server on this machine, or
 * a key for Claude or OpenAI checked before it is stored (or the offline answerer, which needs
 * neither).
 *
 * The model servers the welcome looks for on this machine, and what it found: the common local
 * servers on their usual loopback ports, each asked for the models it serves (app/agent/
 * local-servers.ts asks; docs/agent.md, "Who answers on the first run"). Each speaks the OpenAI
 * API under `/v1`, so a found model is chosen as the `openai` backend with that base URL.
 */

/** The servers looked for, in the order the welcome lists them. */
export const LOCAL_SERVER_KINDS = ['ollama', 'lm-studio', 'llama-cpp'] as const;
export type LocalServerKind = (typeof LOCAL_SERVER_KINDS)[number];

/** Each server as a person names it, and the loopback port it listens on unless told otherwise. */
export const LOCAL_SERVERS = {
  ollama: { name: 'Ollama', port: 11434 },
  'lm-studio': { name: 'LM Studio', port: 1234 },
  'llama-cpp': { name: 'llama.cpp', port: 8080 },
} as const satisfies Record<LocalServerKind, { name: string; port: number }>;

/** The most models one server lists in the welcome (a longer list is cut: Settings takes any name). */
export const MAX_LISTED_MODELS = 50;

/** A model's name as a server gives it: one line, short, no control characters. */
const ModelNameSchema = z.string().min(1).max(200).regex(/^[^\p{Cc}]+$/u);

const PortSchema = z.number().int().min(1).max(65_535);

/** A server that answered with its models; `baseURL` is where its OpenAI-compatible API is. */
const FoundServerSchema = z.object({
  kind: z.enum(LOCAL_SERVER_KINDS),
  port: PortSchema,
  baseURL: z.string().regex(/^http:\/\/127\.0\.0\.1:\d+\/v1$/),
  models: z.array(ModelNameSchema).min(1).max(MAX_LISTED_MODELS),
});
export type FoundServer = z.infer<typeof FoundServerSchema>;

/**
 * Why a port gave no models: nothing listens there, it did not answer within the time limit,
 * it answered with a redirect (never followed), an error status, a body too large or not JSON,
 * JSON not shaped as that server's list, a list with no model, a server still loading its
 * model (llama-server's /health answers 503 then), or the connection failed.
 */
const SERVER_MISSES = ['nothing-listens', 'timeout', 'redirect', 'http-status', 'too-large', 'not-json', 'not-this-server', 'no-models', 'loading', 'failed'] as const;
const MissedServerSchema = z.object({
  kind: z.enum(LOCAL_SERVER_KINDS),
  port: PortSchema,
  miss: z.enum(SERVER_MISSES),
  /** The HTTP status, for `http-status` and `redirect`. */
  status: z.number().int().optional(),
});
export type MissedServer = z.infer<typeof MissedServerSchema>;

/** What one look found: the servers with models first found first, and why every other port gave none. */
export const LocalServersSchema = z.object({ found: z.array(FoundServerSchema), missed: z.array(MissedServerSchema) });
export type LocalServers = z.infer<typeof LocalServersSchema>;

/**
 * What one small request with a pasted key said, before the key is stored: `accepted`, or why
 * not (`refused`: the service said the key is not valid; `not-checked`: keys cannot be kept
 * here, so it was not sent; the rest say the key could not be checked). Only an accepted key is
 * stored.
 */
const KEY_CHECKS = ['accepted', 'refused', 'not-checked', 'rate-limited', 'unreachable', 'timeout', 'redirect', 'server-error', 'unexpected'] as const;
export type KeyCheck = (typeof KEY_CHECKS)[number];

/** What checking a pasted key did: the check, and whether the key is now stored. */
export const CheckKeyResultSchema = z.object({
  backend: z.enum(KEYED_BACKENDS),
  check: z.enum(KEY_CHECKS),
  /** The HTTP status the service answered with, when it answered one that is not 2xx. */
  httpStatus: z.number().int().optional(),
  /** Whether the key is now stored (only after `accepted`, and only when the Keychain took it). */
  stored: z.boolean(),
  /** Why an accepted key could not be stored here (no Keychain, keys that cannot be read). */
  problem: KeyProblemSchema.optional(),
});
export type CheckKeyResult = z.infer<typeof CheckKeyResultSchema>;
