// The host speaks MCP with its own client (app/client/rpc.ts, mcp-calls.ts): its schemas must
// take every message the MCP SDK's client takes, read it the same way where the host relies on a
// field, and refuse a response the SDK refuses. Compared on generated messages against the SDK
// installed now; real exchanges with real providers are in test/core/client.test.ts and
// test/faults.
import fc from 'fast-check';
import {
  CallToolResultSchema as SdkCallToolResult,
  InitializeResultSchema as SdkInitializeResult,
  JSONRPCResponseSchema as SdkResponse,
  LATEST_PROTOCOL_VERSION,
  ListToolsResultSchema as SdkListToolsResult,
  SUPPORTED_PROTOCOL_VERSIONS,
} from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { CallToolResultSchema, InitializeResultSchema, ListToolsResultSchema, MCP_PROTOCOL_VERSIONS, ResponseSchema } from '../../app/client/rpc.js';

/** A JSON round trip, as the wire delivers a message. */
const viaJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value) ?? 'null');
const odd = fc.oneof(fc.integer(), fc.string(), fc.constant(null), fc.boolean(), fc.constant([]), fc.constant({}));
const id = fc.oneof(fc.integer(), fc.double(), fc.string(), fc.constant(null));

describe('the MCP revisions', () => {
  it('are those the SDK\'s client supports, newest first, and the host asks for the newest', () => {
    expect([...MCP_PROTOCOL_VERSIONS]).toEqual(SUPPORTED_PROTOCOL_VERSIONS);
    expect(MCP_PROTOCOL_VERSIONS[0]).toBe(LATEST_PROTOCOL_VERSION);
  });
});

describe('a response', () => {
  const response = fc.record(
    {
      jsonrpc: fc.oneof(fc.constant('2.0'), fc.constant('1.0'), odd),
      id,
      result: fc.oneof(fc.dictionary(fc.string(), fc.jsonValue()), odd),
      error: fc.oneof(fc.record({ code: fc.oneof(fc.integer(), fc.double(), odd), message: fc.oneof(fc.string(), odd), data: fc.jsonValue() }, { requiredKeys: [] }), odd),
      extra: fc.jsonValue(),
    },
    { requiredKeys: [] },
  );

  it('is taken exactly when the SDK takes it, with the same id, result or error', () => {
    fc.assert(fc.property(response, (raw) => {
      const message = viaJson(raw);
      const ours = ResponseSchema.safeParse(message);
      const sdk = SdkResponse.safeParse(message);
      expect(ours.success, JSON.stringify(message)).toBe(sdk.success);
      if (ours.success && sdk.success) expect(ours.data).toStrictEqual(sdk.data);
    }), { numRuns: 3000 });
  });
});

describe('the results the host reads', () => {
  const capabilities = fc.oneof(
    fc.record({ tools: fc.oneof(fc.constant({}), fc.record({ listChanged: fc.boolean() }), odd), extensions: fc.oneof(fc.dictionary(fc.string(), fc.jsonValue()), odd), logging: fc.constant({}) }, { requiredKeys: [] }),
    odd,
  );
  const initialize = fc.record(
    {
      protocolVersion: fc.oneof(fc.constantFrom(...SUPPORTED_PROTOCOL_VERSIONS, '1999-01-01'), odd),
      capabilities,
      serverInfo: fc.oneof(fc.record({ name: fc.oneof(fc.string(), odd), version: fc.oneof(fc.string(), odd), title: fc.string() }, { requiredKeys: [] }), odd),
      instructions: fc.oneof(fc.string(), odd),
    },
    { requiredKeys: [] },
  );
  const block = fc.oneof(fc.record({ type: fc.constant('text'), text: fc.oneof(fc.string(), odd) }), fc.record({ type: fc.constantFrom('image', 'video'), data: fc.base64String(), mimeType: fc.string() }), odd);
  const call = fc.record(
    {
      content: fc.oneof(fc.array(block, { maxLength: 3 }), odd),
      structuredContent: fc.oneof(fc.dictionary(fc.string(), fc.jsonValue()), odd),
      isError: fc.oneof(fc.boolean(), odd),
      _meta: fc.oneof(fc.constant({}), fc.record({ progressToken: fc.oneof(fc.string(), fc.integer()) })),
    },
    { requiredKeys: [] },
  );
  const list = fc.record({ tools: fc.oneof(fc.array(fc.record({ name: fc.oneof(fc.string(), odd), inputSchema: fc.constant({ type: 'object' }) }, { requiredKeys: ['name'] }), { maxLength: 3 }), odd) }, { requiredKeys: [] });

  it('initialize: whatever the SDK takes, the host takes, with the same revision and capabilities', () => {
    fc.assert(fc.property(initialize, (raw) => {
      const result = viaJson(raw);
      const sdk = SdkInitializeResult.safeParse(result);
      if (!sdk.success) return;
      const ours = InitializeResultSchema.parse(result);
      expect(ours.protocolVersion).toBe(sdk.data.protocolVersion);
      expect(ours.capabilities).toStrictEqual(result && (result as { capabilities: unknown }).capabilities);
    }), { numRuns: 2000 });
  });

  it('tools/call: whatever the SDK takes, the host takes, with the same content, structuredContent and isError; and it refuses what the SDK refuses in them', () => {
    fc.assert(fc.property(call, (raw) => {
      const result = viaJson(raw);
      const sdk = SdkCallToolResult.safeParse(result);
      const ours = CallToolResultSchema.safeParse(result);
      // Only _meta, which the host never reads, is left unchecked by the host.
      const withoutMeta = typeof result === 'object' && result !== null ? { ...result, _meta: undefined } : result;
      expect(ours.success).toBe(SdkCallToolResult.safeParse(withoutMeta).success);
      if (!sdk.success || !ours.success) return;
      expect(ours.data.content).toStrictEqual(sdk.data.content);
      expect(ours.data.structuredContent).toStrictEqual(sdk.data.structuredContent);
      expect(ours.data.isError).toBe(sdk.data.isError);
    }), { numRuns: 3000 });
  });

  it('tools/list: whatever the SDK takes, the host takes, with the same names', () => {
    fc.assert(fc.property(list, (raw) => {
      const result = viaJson(raw);
      const sdk = SdkListToolsResult.safeParse(result);
      if (!sdk.success) return;
      expect(ListToolsResultSchema.parse(result).tools.map((t) => t.name)).toEqual(sdk.data.tools.map((t) => t.name));
    }), { numRuns: 1000 });
  });
});
