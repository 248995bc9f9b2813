/**
 * The JSON-RPC and MCP shapes the host reads from a provider, as zod schemas: the response to one
 * request, and the results of initialize, tools/call and tools/list. They follow the MCP
 * specification (and the SDK's schemas, test/core/rpc.test.ts compares them) where the host relies
 * on a field, and let everything else pass, as the tolerant reading does: a provider is not
 * refused for a capability or a field the host never looks at.
 */
import { z } from 'zod';
import { ContentBlockSchema } from '@app-context/provider-kit/protocol';

/** The MCP revision the host asks for in initialize, and those it accepts in the answer (newest first). */
export const MCP_PROTOCOL_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05', '2024-10-07'] as const;

const RequestIdSchema = z.union([z.string(), z.number().int()]);

/** A response to a request: a result or an error, nothing else (JSON-RPC 2.0). */
export const ResponseSchema = z.union([
  z.object({ jsonrpc: z.literal('2.0'), id: RequestIdSchema, result: z.looseObject({}) }).strict(),
  z.object({
    jsonrpc: z.literal('2.0'),
    id: RequestIdSchema.optional(),
    error: z.object({ code: z.number().int(), message: z.string(), data: z.unknown().optional() }),
  }).strict(),
]);

/** What initialize answers; the capabilities carry the app-context extension's declaration. */
export const InitializeResultSchema = z.looseObject({
  protocolVersion: z.string(),
  capabilities: z.looseObject({}),
  serverInfo: z.looseObject({ name: z.string(), version: z.string() }),
  instructions: z.string().optional(),
});

/** What tools/call answers. */
export const CallToolResultSchema = z.looseObject({
  content: z.array(ContentBlockSchema).default([]),
  structuredContent: z.record(z.string(), z.unknown()).optional(),
  isError: z.boolean().optional(),
});
export type CallToolResult = z.infer<typeof CallToolResultSchema>;

/** What tools/list answers: only the names are read. */
export const ListToolsResultSchema = z.looseObject({
  tools: z.array(z.looseObject({ name: z.string() })),
});

/** The provider answered a request with a JSON-RPC error; its message is the provider's text and is never shown. */
export class RpcError extends Error {
  readonly code: number;
  constructor(code: number) {
    super(`the provider answered with a JSON-RPC error (code ${code})`);
    this.name = 'RpcError';
    this.code = code;
  }
}

/** An answer that ended (or an event stream that closed) without the response to the request. */
export class IncompleteAnswer extends Error {
  constructor() {
    super('the answer ended without a response to the request');
    this.name = 'IncompleteAnswer';
  }
}
