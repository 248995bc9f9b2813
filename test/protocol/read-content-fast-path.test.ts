// The reader's fast path for plain text blocks must give exactly what the MCP schema gives:
// same fields, same values, same key order. Anything it does not take goes to the schema.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ContentBlockSchema, plainTextBlock } from '@app-context/provider-kit/protocol';

const textish = fc.record(
  {
    type: fc.constantFrom('text', 'image', 'Text', 1, null),
    text: fc.oneof(fc.string(), fc.integer(), fc.constant(null)),
    annotations: fc.oneof(fc.constant({ audience: ['user'] }), fc.constant({ priority: 2 }), fc.constant('x')),
    _meta: fc.constant({ k: 1 }),
    extra: fc.anything(),
  },
  { requiredKeys: [] },
);

/** A JSON round trip, as the wire delivers a block (own keys, plain prototypes). */
const viaJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value) ?? 'null');

describe('plainTextBlock', () => {
  it('agrees with the schema whenever it takes a block', () => {
    fc.assert(
      fc.property(fc.oneof(textish, fc.anything()), (raw) => {
        const block = viaJson(raw);
        const fast = plainTextBlock(block);
        if (fast === undefined) return;
        const parsed = ContentBlockSchema.safeParse(block);
        expect(parsed.success).toBe(true);
        expect(JSON.stringify(fast)).toBe(JSON.stringify(parsed.data));
        expect(fast).toStrictEqual(parsed.data);
      }),
      { numRuns: 2000 },
    );
  });

  it('takes every block that is exactly a type and a text', () => {
    fc.assert(fc.property(fc.string(), fc.boolean(), (text, reversed) => {
      const block = viaJson(reversed ? { text, type: 'text' } : { type: 'text', text });
      expect(plainTextBlock(block)).toStrictEqual({ type: 'text', text });
    }));
  });

  it('leaves annotations, _meta, extra keys, other types and inherited fields to the schema', () => {
    for (const block of [
      { type: 'text', text: 'a', annotations: { priority: 1 } },
      { type: 'text', text: 'a', _meta: {} },
      { type: 'text', text: 'a', extra: 1 },
      { type: 'text', text: 1 },
      { type: 'image', text: 'a' },
      Object.assign(Object.create({ annotations: { priority: 1 } }) as object, { type: 'text', text: 'a' }),
      ['text', 'a'],
      null,
    ]) {
      expect(plainTextBlock(block)).toBeUndefined();
    }
  });
});
