// docs/protocol.md, "Hardening", "Values inside elements": an attribute value or a content block
// nested deeper than 32 levels within itself is dropped with a warning; an embedded resource's text
// counts as decoded data (at most 4 MiB of UTF-8). Boundaries here; the same against a real
// provider in test/faults/deep-values.test.ts and test/faults/resource-text.test.ts.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_BLOB_BYTES, MAX_VALUE_DEPTH, nestsDeeperThan, decodedBytes, utf8Bytes, readAnswer } from '@app-context/provider-kit/protocol';
import { answerOf, expectWarning, readRoot } from './helpers.js';

/** `levels` arrays around a scalar, built iteratively. */
function arrays(levels: number, bottom: unknown = 'b'): unknown {
  let value = bottom;
  for (let i = 0; i < levels; i += 1) value = [value];
  return value;
}

/** `levels` objects, the innermost `{}`. */
function objects(levels: number): unknown {
  let value: unknown = {};
  for (let i = 1; i < levels; i += 1) value = { n: value };
  return value;
}

const DEEP_ATTR = /an attributes value nested deeper than 32 levels was dropped/;
const DEEP_BLOCK = /a content block nested deeper than 32 levels was dropped/;

describe('nestsDeeperThan', () => {
  it.each([
    ['a scalar', 'x', 0], ['null', null, 0], ['an empty list', [], 1], ['an empty object', {}, 1],
    ['a list in a list', [[1]], 2], ['objects 5 deep', objects(5), 5], ['arrays 32 deep', arrays(32), 32],
  ])('measures %s as %i levels', (_name, value, levels) => {
    expect(nestsDeeperThan(value, levels)).toBe(false);
    if (levels > 0) expect(nestsDeeperThan(value, levels - 1)).toBe(true);
  });

  it('measures 100,000 levels without recursion, and never looks below the limit', () => {
    expect(nestsDeeperThan(arrays(100_000), MAX_VALUE_DEPTH)).toBe(true);
    // The object at depth 33 is reached, and its fields are never read.
    const trap = { get field(): never { throw new Error('read below the limit'); } };
    expect(nestsDeeperThan(arrays(32, trap), MAX_VALUE_DEPTH)).toBe(true);
    expect(() => nestsDeeperThan(arrays(31, trap), MAX_VALUE_DEPTH)).toThrow('read below the limit');
  });

  it('ends on a cycle (JSON cannot make one, but nothing here may hang)', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic['self'] = cyclic;
    expect(nestsDeeperThan(cyclic, MAX_VALUE_DEPTH)).toBe(true);
  });

  it('agrees with a recursive measure on arbitrary JSON', () => {
    const depthOf = (v: unknown): number =>
      typeof v !== 'object' || v === null ? 0 : 1 + Math.max(0, ...(Array.isArray(v) ? v : Object.values(v)).map(depthOf));
    fc.assert(fc.property(fc.jsonValue({ maxDepth: 8 }), fc.integer({ min: 0, max: 9 }), (value, limit) => {
      expect(nestsDeeperThan(value, limit)).toBe(depthOf(value) > limit);
    }), { numRuns: 300 });
  });
});

describe('attribute values', () => {
  it('keeps a value 32 levels deep and drops one 33 deep, with a warning naming the element only', () => {
    const { root, warnings } = readRoot({ id: 'app', role: 'Application', attributes: { ok: arrays(32, 'SECRET-A'), deep: arrays(33, 'SECRET-B'), plain: 1 } });
    expect(root.attributes).toEqual({ ok: arrays(32, 'SECRET-A'), plain: 1 });
    expect(warnings).toEqual(['an attributes value nested deeper than 32 levels was dropped (app)']);
  });

  it('keeps a wide value: 10,000 lists side by side at depth 32', () => {
    const wide = Array.from({ length: 10_000 }, () => arrays(31));
    const { root, warnings } = readRoot({ id: 'app', role: 'Application', attributes: { wide } });
    expect(root.attributes?.['wide']).toBe(wide);
    expect(warnings).toEqual([]);
  });

  it('drops a related list nested too deep (as too deep, not as ids)', () => {
    const { root, warnings } = readRoot({ id: 'app', role: 'Application', attributes: { related: [arrays(40)], author: 'me' } });
    expect(root.attributes).toEqual({ author: 'me' });
    expectWarning(warnings, DEEP_ATTR);
    expect(warnings).toHaveLength(1);
  });

  it('groups the warnings by kind and names up to three ids', () => {
    const children = ['a', 'b', 'c', 'd'].map((id) => ({ id, role: 'Text', attributes: { x: objects(50), y: objects(60) } }));
    const { warnings } = readRoot({ id: 'app', role: 'Application', children });
    expect(warnings).toEqual(['8 times: an attributes value nested deeper than 32 levels was dropped (e.g. a, b, c)']);
  });

  it('drops a 20,000-deep value, and a cyclic one, without walking them by recursion', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic['again'] = [cyclic];
    const { root, warnings } = readRoot({ id: 'app', role: 'Application', attributes: { deep: arrays(20_000), cyclic, keep: 'k' } });
    expect(root.attributes).toEqual({ keep: 'k' });
    expect(warnings).toEqual(['2 times: an attributes value nested deeper than 32 levels was dropped (app)']);
  });
});

describe('content blocks', () => {
  const meta = (levels: number) => ({ type: 'text', text: 't', _meta: objects(levels) });

  it('keeps a block 32 levels deep (its _meta 31) and drops one 33 deep, with a warning', () => {
    const { root, warnings } = readRoot({ id: 'app', role: 'Application', content: [meta(31), meta(32), { type: 'text', text: 'plain' }] });
    expect(root.content).toEqual([meta(31), { type: 'text', text: 'plain' }]);
    expect(warnings).toEqual(['a content block nested deeper than 32 levels was dropped (app)']);
  });

  it('measures every part of a block: a resource\'s own _meta, annotations', () => {
    const resource = { type: 'resource', resource: { uri: 'file:///r', text: 't', _meta: objects(31) } };
    const annotated = { type: 'text', text: 't', annotations: { audience: arrays(40) } };
    const { root, warnings } = readRoot({ id: 'app', role: 'Application', content: [resource, annotated] });
    expect(root.content).toEqual([]);
    expect(warnings).toEqual(['2 times: a content block nested deeper than 32 levels was dropped (app)']);
  });

  it('drops a 20,000-deep _meta and keeps reading', () => {
    const { root, warnings } = readRoot({ id: 'app', role: 'Application', content: [meta(20_000)], children: [{ id: 'next', role: 'Text' }] });
    expect(root.content).toEqual([]);
    expect(root.children).toEqual([{ id: 'next', role: 'Text' }]);
    expectWarning(warnings, DEEP_BLOCK);
  });

  it('reading its own output again changes nothing', () => {
    const first = readAnswer(answerOf({ id: 'app', role: 'Application', attributes: { a: arrays(32), b: arrays(33) }, content: [meta(31), meta(40)] }));
    if (!first.ok) throw new Error(first.reason);
    const again = readAnswer(first.answer);
    expect(again.ok && again.answer).toEqual(first.answer);
    expect(again.ok && again.warnings).toEqual([]);
  });
});

describe('resource text counts as decoded data', () => {
  const resource = (text: string) => ({ type: 'resource', resource: { uri: 'file:///t', mimeType: 'text/plain', text } });

  it.each([
    ['ASCII', 'a', 1],
    ['two-byte (é)', 'é', 2],
    ['three-byte (€)', '€', 3],
    ['four-byte (a surrogate pair)', '😀', 4],
  ])('keeps exactly 4 MiB of %s text and drops a character more, with a warning', (_name, char, bytes) => {
    const exact = char.repeat(MAX_BLOB_BYTES / bytes);
    const { root, warnings } = readRoot({ id: 'app', role: 'Application', content: [resource(exact), resource(exact + char)] });
    expect(root.content).toHaveLength(1);
    expect((root.content?.[0] as { resource: { text: string } }).resource.text.length).toBe(exact.length);
    expect(warnings).toEqual(['a content block larger than 4 MiB was dropped (app)']);
  });

  it('counts a lone surrogate as the 3 bytes of U+FFFD, as an encoder writes it', () => {
    expect(utf8Bytes('\ud800')).toBe(3);
    expect(utf8Bytes('\udc00x')).toBe(4);
    expect(utf8Bytes('a\ud83d')).toBe(4);
  });

  it('agrees with Node\'s UTF-8 encoder on any string', () => {
    const halves = fc.constantFrom('\ud800', '\udbff', '\udc00', '\udfff');
    const text = fc.oneof(fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme' }), fc.array(fc.oneof(halves, fc.string({ unit: 'binary', maxLength: 2 }))).map((parts) => parts.join('')));
    fc.assert(fc.property(text, (text) => {
      expect(utf8Bytes(text)).toBe(Buffer.byteLength(text, 'utf8'));
    }), { numRuns: 500 });
  });

  it('decodedBytes: text resources by UTF-8, blobs by base64, text blocks not at all', () => {
    expect(decodedBytes({ type: 'resource', resource: { uri: 'u', text: 'éé' } })).toBe(4);
    expect(decodedBytes({ type: 'resource', resource: { uri: 'u', blob: 'AAAA' } })).toBe(3);
    expect(decodedBytes({ type: 'text', text: 'a'.repeat(10) })).toBe(0);
  });
});
