import { z } from 'zod';

/**
 * The agent's messages: what every backend, the conversation, the CLI and the panel's preview
 * speak. Zod first, the types inferred: the preview the panel shows (ipc.ts, PreviewSchema) is
 * built from these very schemas, so the request Send makes and the one the preview shows
 * cannot drift apart. Backends speak only these shapes, so callers never see an SDK type.
 */

/** Why a backend stopped short; the panel and the CLI choose their wording from it. */
export const AgentFailureKindSchema = z.enum([
  'no-key',
  'unreachable',
  'refused',
  'rate-limited',
  'server-error',
  'bad-request',
  'timeout',
  'cancelled',
  'bad-response',
  /** The request's receipt could not be written to the history, so it was not sent. */
  'not-recorded',
  /** The model server answered with a redirect, which Glance never follows. */
  'redirected',
]);
export type AgentFailureKind = z.infer<typeof AgentFailureKindSchema>;

/** One piece of a user turn, in the order the model reads it. */
const PromptPartSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text: z.string() }),
  /** An image from an element's MCP content, passed through as base64 with its MIME type. */
  z.object({ type: z.literal('image'), data: z.string(), mimeType: z.string(), elementId: z.string() }),
]);
export type PromptPart = z.infer<typeof PromptPartSchema>;

/** A request by the model to run the host's one tool. */
const ToolCallSchema = z.object({
  /** The backend's own id for the call, echoed in the tool result. */
  callId: z.string(),
  name: z.string(),
  /** The parsed arguments; the conversation validates them, the backend does not. */
  input: z.unknown(),
});
export type ToolCall = z.infer<typeof ToolCallSchema>;

/** A backend-neutral conversation history. */
export const AgentMessageSchema = z.discriminatedUnion('role', [
  z.object({ role: z.literal('user'), parts: z.array(PromptPartSchema) }),
  z.object({ role: z.literal('assistant'), text: z.string(), toolCalls: z.array(ToolCallSchema) }),
  /** The host's answer to one tool call: JSON text, never provider content. */
  z.object({ role: z.literal('tool'), callId: z.string(), content: z.string(), isError: z.boolean().optional() }),
]);
export type AgentMessage = z.infer<typeof AgentMessageSchema>;

/** The one tool the host offers: its name, what it is for, and its JSON schema. */
export const ToolSpecSchema = z.object({
  name: z.string(),
  description: z.string(),
  parameters: z.record(z.string(), z.unknown()),
});
export type ToolSpec = z.infer<typeof ToolSpecSchema>;
