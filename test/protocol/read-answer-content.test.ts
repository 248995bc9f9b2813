// docs/protocol.md, "Content and attributes" and "Tolerant reading": content blocks, the 4 MiB
// blob limit and attributes.
import { describe, expect, it } from 'vitest';
import { MAX_BLOB_BYTES, blobBytes } from '@app-context/provider-kit/protocol';
import { expectWarning, find, readRoot, type Raw } from './helpers.js';

const withContent = (content: unknown): Raw => ({ id: 'app', role: 'Application', children: [{ id: 'c', role: 'Text', content }] });
const contentOf = (content: unknown): { kept: unknown; warnings: string[] } => {
  const { root, warnings } = readRoot(withContent(content));
  return { kept: find(root, 'c').content, warnings };
};
const b64 = (bytes: number): string => Buffer.alloc(bytes, 7).toString('base64');

describe('valid MCP content blocks', () => {
  const blocks: [string, Raw][] = [
    ['text', { type: 'text', text: 'hello' }],
    ['text with annotations and _meta', { type: 'text', text: 'hi', annotations: { audience: ['user'], priority: 0.5 }, _meta: { k: 1 } }],
    ['image', { type: 'image', data: b64(10), mimeType: 'image/png' }],
    ['audio', { type: 'audio', data: b64(11), mimeType: 'audio/wav' }],
    ['resource_link', { type: 'resource_link', uri: 'file:///a.md', name: 'a.md', mimeType: 'text/markdown', size: 10 }],
    ['embedded text resource', { type: 'resource', resource: { uri: 'file:///a.md', mimeType: 'text/markdown', text: '# A' } }],
    ['embedded blob resource', { type: 'resource', resource: { uri: 'file:///a.bin', blob: b64(12) } }],
    ['empty text', { type: 'text', text: '' }],
  ];
  it.each(blocks)('keeps a %s block unchanged, without a warning', (_name, block) => {
    const { kept, warnings } = contentOf([block]);
    expect(kept).toEqual([block]);
    expect(warnings).toEqual([]);
  });

  it('drops unknown fields of a valid block silently, as for elements', () => {
    const { kept, warnings } = contentOf([{ type: 'text', text: 'x', future: 1 }]);
    expect(kept).toEqual([{ type: 'text', text: 'x' }]);
    expect(warnings).toEqual([]);
  });

  it('keeps an empty content list', () => {
    expect(contentOf([]).kept).toEqual([]);
  });
});

describe('invalid content blocks', () => {
  const bad: [string, unknown][] = [
    ['of an unknown type', { type: 'video', data: 'AAAA' }],
    ['without a type', { text: 'x' }],
    ['text without text', { type: 'text' }],
    ['text with a non-string text', { type: 'text', text: 5 }],
    ['image data that is not base64', { type: 'image', data: 'not base64!', mimeType: 'image/png' }],
    ['image data of an impossible length', { type: 'image', data: 'AAAAA', mimeType: 'image/png' }],
    ['image without a mimeType', { type: 'image', data: 'AAAA' }],
    ['audio data that is not base64', { type: 'audio', data: '%%%%', mimeType: 'audio/wav' }],
    ['resource_link without uri', { type: 'resource_link', name: 'a' }],
    ['resource without contents', { type: 'resource' }],
    ['blob resource that is not base64', { type: 'resource', resource: { uri: 'u', blob: '***' } }],
    ['null', null],
    ['a string', 'text'],
  ];
  it.each(bad)('drops a block %s, keeps the others, with a warning', (_name, block) => {
    const good = { type: 'text', text: 'kept' };
    const { kept, warnings } = contentOf([good, block, good]);
    expect(kept).toEqual([good, good]);
    expectWarning(warnings, /content block of an unknown type or not valid for its type was dropped \(c\)/);
  });

  it('drops a content that is not a list, with a warning', () => {
    const { kept, warnings } = contentOf({ type: 'text', text: 'x' });
    expect(kept).toBeUndefined();
    expectWarning(warnings, /content that is not a list/);
  });
});

describe('the 4 MiB limit on decoded data', () => {
  const cases: [string, (data: string) => Raw][] = [
    ['image', (data) => ({ type: 'image', data, mimeType: 'image/png' })],
    ['audio', (data) => ({ type: 'audio', data, mimeType: 'audio/wav' })],
    ['embedded blob', (data) => ({ type: 'resource', resource: { uri: 'file:///b', blob: data } })],
  ];
  it.each(cases)('keeps an %s block of exactly 4 MiB and drops one a byte larger, with a warning', (_name, make) => {
    const { kept, warnings } = contentOf([make(b64(MAX_BLOB_BYTES)), make(b64(MAX_BLOB_BYTES + 1)), make(b64(MAX_BLOB_BYTES + 2))]);
    expect(kept).toEqual([make(b64(MAX_BLOB_BYTES))]);
    expectWarning(warnings, /^2 times: a content block larger than 4 MiB was dropped \(c\)$/);
  });

  it('counts decoded bytes, not base64 characters: 4 MiB with line breaks is kept', () => {
    const wrapped = (b64(MAX_BLOB_BYTES).match(/.{1,76}/g) ?? []).join('\r\n');
    const block = { type: 'image', data: wrapped, mimeType: 'image/png' };
    const { kept, warnings } = contentOf([block]);
    expect(kept === undefined ? -1 : (kept as unknown[]).length).toBe(1);
    expect(warnings).toEqual([]);
  });

  it('does not limit text, whatever its length', () => {
    const block = { type: 'text', text: 'x'.repeat(MAX_BLOB_BYTES + 10) };
    expect(contentOf([block]).kept).toEqual([block]);
  });
});

describe('attributes', () => {
  const attrsOf = (attributes: unknown): { kept: Record<string, unknown> | undefined; warnings: string[] } => {
    const { root, warnings } = readRoot({ id: 'app', role: 'Application', children: [{ id: 'c', role: 'Text', attributes }] });
    return { kept: find(root, 'c').attributes, warnings };
  };

  it('keeps any names and values, author included, without a warning', () => {
    const attributes = { lines: [31, 31], due: '2025-01-01', nested: { a: [1, { b: null }] }, author: 'ada', related: ['doc-2'] };
    expect(attrsOf(attributes)).toEqual({ kept: attributes, warnings: [] });
  });

  it('filters related to valid ids, with a warning', () => {
    const { kept, warnings } = attrsOf({ related: ['doc-1', 'bad id', 7, null, 'doc-2', ''], other: 1 });
    expect(kept).toEqual({ related: ['doc-1', 'doc-2'], other: 1 });
    expectWarning(warnings, /entries of a related attribute that are not ids were dropped \(c\)/);
  });

  it('drops a related that is not a list, keeping the other attributes, with a warning', () => {
    const { kept, warnings } = attrsOf({ related: 'doc-1', other: 1 });
    expect(kept).toEqual({ other: 1 });
    expectWarning(warnings, /related attribute that is not a list/);
  });

  it('keeps related ids that name no element in the answer (they are the provider\'s ids)', () => {
    expect(attrsOf({ related: ['elsewhere'] }).kept).toEqual({ related: ['elsewhere'] });
  });

  it.each([[['a']], ['x'], [5], [null]])('drops attributes that are not an object (%j), with a warning', (attributes) => {
    const { kept, warnings } = attrsOf(attributes);
    expect(kept).toBeUndefined();
    expectWarning(warnings, /attributes that are not an object/);
  });

  it('keeps __proto__ and constructor as plain data without polluting any prototype', () => {
    const raw: unknown = JSON.parse('{"protocol":"0.2.0","instance":"i","root":{"id":"app","role":"Application","attributes":'
      + '{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}},"toString":"s","related":["a"]}}}');
    const { root, warnings } = readRoot((raw as { root: unknown }).root);
    const attributes = root.attributes as Record<string, unknown>;
    expect(Object.getPrototypeOf(attributes)).toBe(Object.prototype);
    expect(Object.keys(attributes).sort()).toEqual(['__proto__', 'constructor', 'related', 'toString']);
    expect(Object.getOwnPropertyDescriptor(attributes, '__proto__')?.value).toEqual({ polluted: 'yes' });
    expect(attributes['constructor']).toEqual({ prototype: { polluted: 'yes' } });
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect((Object.prototype as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(warnings).toEqual([]);
  });

  it('does not read an inherited related or a __proto__ element field', () => {
    const raw: unknown = JSON.parse('{"id":"app","role":"Application","__proto__":{"title":"inherited","children":[{"id":"x"}]}}');
    const { root } = readRoot(raw);
    expect(root).toEqual({ id: 'app', role: 'Application' });
    expect(({} as Record<string, unknown>)['title']).toBeUndefined();
  });
});

describe('blobBytes', () => {
  it.each([
    ['', 0], ['AA==', 1], ['AAA=', 2], ['AAAA', 3], ['AA', 1], ['AAAAAA==', 4], ['AA AA\r\nAA\t==', 4],
  ])('decodes %j to %i bytes', (data, bytes) => {
    expect(blobBytes({ type: 'image', data, mimeType: 'image/png' })).toBe(bytes);
    expect(Buffer.from(data, 'base64').length).toBe(bytes);
  });

  it('is 0 for blocks without base64 data', () => {
    expect(blobBytes({ type: 'text', text: 'AAAA' })).toBe(0);
    expect(blobBytes({ type: 'resource', resource: { uri: 'u', text: 'AAAA' } })).toBe(0);
  });
});
