/**
 * The three MCP calls the host makes, over one session (mcp-session.ts): initialize with its
 * notification, tools/call and tools/list. Each result is read with its schema (rpc.ts) once.
 */
import type { McpSession } from './mcp-session.js';
import { CallToolResultSchema, InitializeResultSchema, ListToolsResultSchema, MCP_PROTOCOL_VERSIONS, type CallToolResult } from './rpc.js';

/** What a provider said about itself in initialize. */
export interface Initialized {
  capabilities: Record<string, unknown>;
}

/** A provider that answered initialize with an MCP revision the host does not speak. */
export class UnsupportedRevision extends Error {
  constructor() {
    super('the server answered initialize with an MCP revision the host does not support');
    this.name = 'UnsupportedRevision';
  }
}

/**
 * initialize, then notifications/initialized, as the MCP lifecycle has it: the host asks for the
 * newest revision it speaks and accepts any it supports; later requests name the one agreed on.
 */
export async function initialize(session: McpSession): Promise<Initialized> {
  const result = InitializeResultSchema.parse(await session.request('initialize', {
    protocolVersion: MCP_PROTOCOL_VERSIONS[0],
    capabilities: {},
    clientInfo: { name: session.clientName, version: '0.1.0' },
  }));
  if (!(MCP_PROTOCOL_VERSIONS as readonly string[]).includes(result.protocolVersion)) throw new UnsupportedRevision();
  session.setProtocolVersion(result.protocolVersion);
  await session.notify('notifications/initialized');
  return { capabilities: result.capabilities };
}

/** tools/call for one tool. */
export async function callTool(session: McpSession, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return CallToolResultSchema.parse(await session.request('tools/call', { name, arguments: args }));
}

/** The names tools/list gives. */
export async function listToolNames(session: McpSession): Promise<string[]> {
  return ListToolsResultSchema.parse(await session.request('tools/list', {})).tools.map((t) => t.name);
}
