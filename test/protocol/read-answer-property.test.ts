// Properties of readAnswer over arbitrary and plausible-but-faulty input: it never throws, its
// output always respects the limits and rules of docs/protocol.md, "Tolerant reading", and reading
// it is idempotent.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ContentBlockSchema, isRole, type Element, isValidId, MAX_DEPTH, MAX_ELEMENTS, readAnswer, type ReadAnswerResult } from '@app-context/provider-kit/protocol';
import { answerArb, deepAnswerArb, elementArb } from './arbitraries.js';
import { walk } from './helpers.js';

const FAST = { numRuns: 300 };

/** Every invariant an accepted answer must satisfy, as a list of problems (plain checks: 20,000 elements stay fast). */
function problems(result: Extract<ReadAnswerResult, { ok: true }>): string[] {
  const out: string[] = [];
  const all = walk(result.answer.root);
  if (all.length !== result.elementCount) out.push('elementCount differs from the tree');
  if (all.length > MAX_ELEMENTS) out.push('too many elements');
  const seen = new Set<string>();
  let hovered = 0;
  for (const { element, depth } of all) {
    if (depth > MAX_DEPTH) out.push(`too deep: ${element.id}`);
    if (!isValidId(element.id)) out.push(`invalid id: ${element.id}`);
    if (seen.has(element.id)) out.push(`repeated id: ${element.id}`);
    seen.add(element.id);
    if (!isRole(element.role)) out.push(`unknown role at ${element.id}`);
    if ((element.role === 'Application') !== (depth === 1)) out.push(`Application misplaced at ${element.id}`);
    if (element.hovered === true) hovered += 1;
    out.push(...fieldProblems(element));
  }
  if (hovered > 1) out.push('more than one hovered');
  if (!result.warnings.every((w) => typeof w === 'string')) out.push('a warning is not a string');
  return out;
}

const KNOWN = new Set(['id', 'role', 'subrole', 'title', 'content', 'url', 'selected', 'focused', 'visible', 'hovered', 'children', 'attributes']);

function fieldProblems(element: Element): string[] {
  const out: string[] = [];
  for (const key of Object.keys(element)) if (!KNOWN.has(key)) out.push(`unknown field ${key} at ${element.id}`);
  for (const state of ['selected', 'focused', 'visible', 'hovered'] as const) {
    if (Object.hasOwn(element, state) && typeof element[state] !== 'boolean') out.push(`${state} not boolean at ${element.id}`);
  }
  for (const field of ['subrole', 'title', 'url'] as const) {
    if (Object.hasOwn(element, field) && typeof element[field] !== 'string') out.push(`${field} not a string at ${element.id}`);
  }
  if (element.content !== undefined && !element.content.every((b) => ContentBlockSchema.safeParse(b).success)) out.push(`invalid block at ${element.id}`);
  if (element.children !== undefined && element.children.length === 0) out.push(`empty children at ${element.id}`);
  if (element.attributes !== undefined) {
    if (Object.getPrototypeOf(element.attributes) !== Object.prototype) out.push(`attributes prototype changed at ${element.id}`);
    const related = Object.hasOwn(element.attributes, 'related') ? element.attributes['related'] : undefined;
    if (related !== undefined && !(Array.isArray(related) && related.every(isValidId))) out.push(`related not ids at ${element.id}`);
  }
  return out;
}

/** Reads the output again: the same answer, and only the focus-path warnings that are kept as sent. */
function checkIdempotent(result: Extract<ReadAnswerResult, { ok: true }>): void {
  const again = readAnswer(result.answer);
  expect(again.ok).toBe(true);
  if (!again.ok) return;
  expect(again.answer).toEqual(result.answer);
  expect(again.elementCount).toBe(result.elementCount);
  expect(again.warnings.filter((w) => !/focus path/.test(w))).toEqual([]);
  expect(again.warnings).toEqual(result.warnings.filter((w) => /focus path/.test(w)));
}

function readAndCheck(raw: unknown): void {
  const result = readAnswer(raw);
  if (!result.ok) {
    expect(typeof result.reason).toBe('string');
    return;
  }
  expect(problems(result)).toEqual([]);
  checkIdempotent(result);
}

describe('readAnswer never throws', () => {
  it('on arbitrary JSON values', () => {
    fc.assert(fc.property(fc.jsonValue(), (raw) => { readAndCheck(raw); }), FAST);
  });

  it('on arbitrary JSON text', () => {
    fc.assert(fc.property(fc.json(), (text) => { readAndCheck(JSON.parse(text)); }), FAST);
  });

  it('on anything, at the top level and as the root', () => {
    const anything = fc.anything({
      withBigInt: true, withBoxedValues: true, withDate: true, withMap: true, withSet: true, withNullPrototype: true,
      withObjectString: true, withSparseArray: true, withTypedArray: true, withUnicodeString: true,
      key: fc.oneof(fc.string(), fc.constantFrom('id', 'role', 'children', 'content', 'attributes', 'related', '__proto__', 'hovered')),
    });
    fc.assert(fc.property(anything, (value) => {
      readAndCheck(value);
      readAndCheck({ protocol: '0.2.0', instance: 'i', root: value });
      readAndCheck({ protocol: '0.2.0', instance: 'i', root: { id: 'app', children: [value], attributes: { related: value } } });
    }), FAST);
  });
});

describe('on plausible but faulty element trees', () => {
  it('the output respects every rule and reading it again changes nothing', () => {
    fc.assert(fc.property(answerArb, readAndCheck), { numRuns: 500 });
  });

  it('holds for deep chains with faulty branches', () => {
    fc.assert(fc.property(deepAnswerArb, readAndCheck), { numRuns: 60 });
  });

  it('holds around the element limit', () => {
    fc.assert(fc.property(fc.integer({ min: MAX_ELEMENTS - 3, max: MAX_ELEMENTS + 3 }), elementArb, (n, extra) => {
      const children: unknown[] = [extra];
      for (let i = 1; i < n; i += 1) children.push({ id: `e${i}`, role: 'Text', hovered: i === 7 });
      readAndCheck({ protocol: '0.2.0', instance: 'i', root: { id: 'app', role: 'Application', children } });
    }), { numRuns: 3 });
  });

  it('does not mutate its input', () => {
    fc.assert(fc.property(answerArb, (raw) => {
      const before = structuredClone(raw);
      readAnswer(raw);
      expect(raw).toEqual(before);
    }), { numRuns: 200 });
  });
});
