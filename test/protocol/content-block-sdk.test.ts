// The kit writes the MCP content block schema out itself (provider/kit/src/protocol/content-block.ts)
// so that reading an answer does not build every schema of the MCP SDK. It must accept, strip and
// reject exactly what the SDK's ContentBlockSchema does: compared here on generated blocks of
// every kind, valid and broken, against the SDK installed now (an SDK update that changes the
// schema fails this test).
import fc from 'fast-check';
import { ContentBlockSchema as SdkContentBlockSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { ContentBlockSchema } from '@app-context/provider-kit/protocol';

const maybe = <T>(arb: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> => fc.option(arb, { nil: undefined });
const odd = fc.oneof(fc.integer(), fc.constant(null), fc.boolean(), fc.constant([]), fc.constant({}));
const base64 = fc.oneof(fc.base64String(), fc.constantFrom('a', 'ab=', '@@', '', 'Zm9v', 'Zm9v\n'), fc.string());
const datetime = fc.oneof(
  fc.constantFrom('2025-01-02T03:04:05Z', '2025-01-02T03:04:05+02:00', '2025-01-02T03:04:05.123Z', '2025-01-02', 'yesterday', '2025-13-02T03:04:05Z'),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
);
const annotations = fc.record(
  {
    audience: fc.oneof(fc.subarray(['user', 'assistant']), fc.constant(['model']), odd),
    priority: fc.oneof(fc.double({ min: -1, max: 2, noNaN: true }), fc.constantFrom(0, 1, 0.5), odd),
    lastModified: fc.oneof(datetime, odd),
    extra: fc.string(),
  },
  { requiredKeys: [] },
);
const meta = fc.oneof(fc.dictionary(fc.string(), fc.jsonValue()), odd);
const common = { annotations: fc.oneof(annotations, odd), _meta: meta, extra: fc.jsonValue() };
const icon = fc.record({ src: fc.oneof(fc.string(), odd), mimeType: fc.string(), sizes: fc.oneof(fc.array(fc.string()), odd), theme: fc.constantFrom('light', 'dark', 'sepia') }, { requiredKeys: ['src'] });

const text = fc.record({ type: fc.constant('text'), text: fc.oneof(fc.string(), odd), ...common }, { requiredKeys: ['type'] });
const media = fc.record(
  { type: fc.constantFrom('image', 'audio'), data: fc.oneof(base64, odd), mimeType: fc.oneof(fc.string(), odd), ...common },
  { requiredKeys: ['type'] },
);
const link = fc.record(
  {
    type: fc.constant('resource_link'), name: fc.oneof(fc.string(), odd), title: fc.string(), icons: fc.oneof(fc.array(icon, { maxLength: 2 }), odd),
    uri: fc.oneof(fc.string(), odd), description: fc.string(), mimeType: fc.string(), size: fc.oneof(fc.double(), odd), ...common,
  },
  { requiredKeys: ['type'] },
);
const contents = fc.record(
  { uri: fc.oneof(fc.string(), odd), mimeType: maybe(fc.string()), _meta: meta, text: fc.oneof(fc.string(), odd), blob: fc.oneof(base64, odd), extra: fc.string() },
  { requiredKeys: [] },
);
const resource = fc.record({ type: fc.constant('resource'), resource: fc.oneof(contents, odd), ...common }, { requiredKeys: ['type', 'resource'] });
const block = fc.oneof(text, media, link, resource, fc.record({ type: fc.string(), text: fc.string() }), fc.anything());

/** A JSON round trip, as the wire delivers a block (own keys, plain prototypes). */
const viaJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value) ?? 'null');

describe('the content block schema', () => {
  it('accepts, strips and rejects exactly what the MCP SDK\'s does', () => {
    fc.assert(
      fc.property(block, (raw) => {
        const value = viaJson(raw);
        const ours = ContentBlockSchema.safeParse(value);
        const sdk = SdkContentBlockSchema.safeParse(value);
        expect(ours.success, JSON.stringify(value)).toBe(sdk.success);
        if (ours.success && sdk.success) {
          expect(ours.data).toStrictEqual(sdk.data);
          expect(JSON.stringify(ours.data)).toBe(JSON.stringify(sdk.data));
        }
      }),
      { numRuns: 5000 },
    );
  });

  it('is not the SDK\'s object: reading an answer builds none of the SDK\'s schemas', () => {
    expect(ContentBlockSchema).not.toBe(SdkContentBlockSchema);
  });
});
