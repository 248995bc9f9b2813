// The kit tells the developer every correction a host makes: its tree check (checkTree) finds
// a problem exactly when the host's tolerant reader would warn, on arbitrary faulty trees, deep
// ones, and values nested past the limit or too large, where the check once fell short.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkTree } from '@app-context/provider-kit';
import { readAnswer } from '@app-context/provider-kit/protocol';
import { deepAnswerArb, elementArb } from '../protocol/arbitraries.js';

/** Whether the reader warns about this root, and whether the kit names a problem; undefined when refused whole. */
function compare(root: unknown): { warns: boolean; problems: boolean } | undefined {
  const problems = checkTree(root);
  if (problems.some((p) => p.fatal)) return undefined;
  const read = readAnswer({ protocol: '0.2.0', instance: 'inst', root });
  if (!read.ok) return undefined;
  return { warns: read.warnings.length > 0, problems: problems.length > 0 };
}

const nested = (depth: number): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i += 1) value = [value];
  return value;
};

describe('checkTree against the host\'s reader', () => {
  it('names a problem exactly when the reader corrects something (arbitrary faulty trees)', () => {
    fc.assert(fc.property(elementArb, (root) => {
      const seen = compare(root);
      if (seen !== undefined) expect(seen.problems).toBe(seen.warns);
    }), { numRuns: 2000 });
  });

  it('and on deep chains', () => {
    fc.assert(fc.property(deepAnswerArb, (answer) => {
      const seen = compare((answer as { root: unknown }).root);
      if (seen !== undefined) expect(seen.problems).toBe(seen.warns);
    }), { numRuns: 200 });
  });

  it.each([
    ['an attributes value nested past 32 levels', { attributes: { deep: nested(40) } }, 'too-nested'],
    ['a related list nested past 32 levels', { attributes: { related: [nested(40)] } }, 'too-nested'],
    ['a content block whose _meta nests past 32 levels', { content: [{ type: 'text', text: 'x', _meta: { a: nested(40) } }] }, 'too-nested'],
    ['an embedded resource whose text is over 4 MiB of UTF-8', { content: [{ type: 'resource', resource: { uri: 'file:///x', text: 'é'.repeat(2 * 1024 * 1024 + 1) } }] }, 'content-too-large'],
  ])('names %s', (_what, fields, kind) => {
    const root = { id: 'app', role: 'Application', children: [{ id: 'el', role: 'Text', ...fields }] };
    const seen = compare(root);
    expect(seen).toEqual({ warns: true, problems: true });
    expect(checkTree(root).map((p) => [p.kind, p.id])).toEqual([[kind, 'el']]);
  });

  it('keeps an id cut for depth free for a later element, as the reader does', () => {
    let deep: Record<string, unknown> = { id: 'x', role: 'Text' };
    for (let i = 0; i < 70; i += 1) deep = { id: `g${i}`, role: 'Group', children: [deep] };
    const root = { id: 'app', role: 'Application', children: [deep, { id: 'x', role: 'Text' }] };
    expect(checkTree(root).map((p) => p.kind)).toEqual(['too-deep']);
  });
});
