/**
 * The MCP SDK's client over the host's own session (client/mcp-session.ts): check-provider drives
 * the SDK's client, which validates every message with the SDK's full schemas, and sends each
 * message through the host's wire (client/wire.ts). So what the checker sends and how it reads
 * the bytes (the link, each connection checked, the headers, no redirects, no content coding,
 * event streams ended at their response, the 8 MiB cap) is exactly the host's, and what passes
 * the checker's stricter reading, the host can read.
 */
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { McpSession } from '../client/mcp-session.js';

/** A Transport for the SDK's Client whose every message goes over `session` (which must be bound). */
export function sdkTransport(session: McpSession): Transport {
  const transport: Transport = {
    start: () => Promise.resolve(),
    async send(message: JSONRPCMessage) {
      // As the SDK's own HTTP transport does: each message of the answer is parsed strictly,
      // and one that is not JSON-RPC fails the request that brought it.
      const messages = (await session.post(message)).map((m) => JSONRPCMessageSchema.parse(m));
      for (const m of messages) transport.onmessage?.(m);
    },
    close: () => {
      transport.onclose?.();
      return Promise.resolve();
    },
    setProtocolVersion: (version) => session.setProtocolVersion(version),
  };
  return transport;
}
