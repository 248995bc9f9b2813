import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { AnswerSchema } from './protocol/answer.js';
import { extensionDeclaration } from './protocol/extension.js';
import { TOOL_CURRENT, TOOL_LOCATION } from './protocol/limits.js';
import { LocationSchema } from './protocol/location.js';
import type { Outcome } from './answer.js';

/** What one MCP server (made per HTTP request: the transport is stateless) needs to answer. */
export interface McpServerParts {
  /** The server's name and version in the initialize result: the app's. */
  name: string;
  version: string;
  /** The protocol declared under `capabilities.extensions`; `null` declares none (test provider only). */
  declare: string | null;
  /** Produces the answer to `current`, or why there is none. */
  current: () => Promise<Outcome<Record<string, unknown>>>;
  /** Produces the location of an id; absent when the app cannot report positions at all. */
  location?: (id: string) => Promise<Outcome<Record<string, unknown>>>;
  /**
   * Whether to declare output schemas and let the SDK validate against them. The kit always
   * does: its answers are normalised first. Only the test provider, which sends broken answers
   * on purpose, turns this off.
   */
  outputSchemas: boolean;
}

/** Longest id argument accepted; ids are at most 128 characters, the rest is slack for errors. */
const MAX_ID_ARGUMENT = 1024;

/**
 * One MCP server with the provider's two tools and the extension declaration. The SDK's
 * Server passes `capabilities` through to the initialize result unchanged, so the
 * declaration sits at `capabilities.extensions["io.appcontext/context"]`.
 */
export function createMcpServer(parts: McpServerParts): McpServer {
  const capabilities = parts.declare === null ? {} : { extensions: extensionDeclaration(parts.declare) };
  const server = new McpServer({ name: parts.name, version: parts.version }, { capabilities });
  const annotations = { readOnlyHint: true, openWorldHint: false };
  const current = async (): Promise<CallToolResult> => toResult(await parts.current());
  server.registerTool(TOOL_CURRENT, {
    title: 'Current context',
    description: 'What the user has open and is pointing at now in this app, as one element tree rooted at the app.',
    annotations,
    ...(parts.outputSchemas ? { outputSchema: AnswerSchema } : {}),
  }, current);
  const location = parts.location;
  if (location !== undefined) {
    server.registerTool(TOOL_LOCATION, {
      title: 'Element location',
      description: 'Where an element from an answer to current is on screen now, in global display points.',
      annotations,
      inputSchema: { id: z.string().max(MAX_ID_ARGUMENT).describe('An element id exactly as an answer to current gave it') },
      ...(parts.outputSchemas ? { outputSchema: LocationSchema } : {}),
    }, async ({ id }) => toResult(await location(id)));
  }
  return server;
}

/** The tool result: structured content plus the same JSON as one text block, or a tool error. */
function toResult(outcome: Outcome<Record<string, unknown>>): CallToolResult {
  if (!outcome.ok) return { isError: true, content: [{ type: 'text', text: outcome.reason }] };
  return { structuredContent: outcome.value, content: [{ type: 'text', text: JSON.stringify(outcome.value) }], ...(outcome.meta ? { _meta: outcome.meta } : {}) };
}
