/**
 * The agent's core-side types: the request one model turn takes, and what a backend yields.
 * The messages themselves (prompt parts, tool calls, the history, the tool's spec) are zod
 * schemas in contract/agent.ts, which the panel's preview shares.
 */
import type { AgentFailureKind, AgentMessage, ToolCall, ToolSpec } from '../../contract/agent.js';
import type { Element } from '@app-context/provider-kit/protocol';
import type { RequestOutcome } from '../../contract/privacy.js';

/** What the context is, structurally, for backends that answer without a model (offline). */
export interface ContextSummary {
  /** The app's name as its descriptor gives it, when a provider answered. */
  appName?: string;
  /** The reviewed root exactly as sent, or null when no context is sent. */
  root: Element | null;
}

/** Everything one model turn needs. */
export interface AgentRequest {
  system: string;
  messages: AgentMessage[];
  tools: ToolSpec[];
  context: ContextSummary;
}

/** Why a backend stopped short (contract/agent.ts, zod first). */
export type { AgentFailureKind };

/** What a backend yields during one model turn. The last event is always done or error. */
export type BackendEvent =
  | { type: 'text'; text: string }
  | { type: 'tool-call'; call: ToolCall }
  | { type: 'done'; stop: 'end' | 'tool-calls' | 'max-tokens' | 'other' }
  | { type: 'error'; kind: AgentFailureKind; reason: string };

/**
 * One model service. `stream` runs one turn and never throws for an ordinary failure: it
 * yields an error event instead. Aborting `signal` ends the turn and closes the connection.
 */
export interface AgentBackend {
  /** Short id: offline, anthropic, openai. */
  readonly id: string;
  /** A name a person can read, honest about what it is ("Offline (no model)"). */
  readonly label: string;
  /** The model asked, or undefined for the offline backend. */
  readonly model: string | undefined;
  stream(request: AgentRequest, signal: AbortSignal): AsyncIterable<BackendEvent>;
}

/**
 * One request a backend is about to send to its model server (for the offline backend: the
 * payload it is about to read), exactly: the body's bytes and their SHA-256. The history
 * (app/history) keeps a receipt of each one that carries context.
 */
export interface SentRequest {
  /** The backend's id: offline, anthropic, openai. */
  backend: string;
  model: string | null;
  /** The model server's origin (`http://127.0.0.1:11434`), or `offline`. */
  endpoint: string;
  /** The exact body sent, as text (JSON). */
  body: string;
  bytes: number;
  sha256: string;
  /** The context the request carries (the same for every turn of a conversation). */
  context: ContextSummary;
}

/**
 * Told of each request before it is sent. If it throws, the request is not sent and the turn
 * fails with `not-recorded`: a request without its receipt never leaves.
 */
export type RequestObserver = (request: SentRequest) => Promise<RequestSettler | undefined>;

/** Told what came back for a request the observer recorded (observe.ts): its status, or the failure's kind. */
export type RequestSettler = (outcome: RequestOutcome) => Promise<void>;
