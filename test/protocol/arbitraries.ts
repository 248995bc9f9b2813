import fc from 'fast-check';
import { ROLES } from '@app-context/provider-kit/protocol';

/** Ids from a small pool so that repeats are frequent, plus invalid ones. */
const idArb: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom('app', 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'sel-23', 'x_1') },
  { weight: 4, arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{1,6}$/) },
  { weight: 1, arbitrary: fc.constantFrom('', 'a b', 'é', 'x'.repeat(129), 'a.b') },
  { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.constant(null), fc.boolean(), fc.constant(['a'])) },
);

const roleArb = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...ROLES) },
  { weight: 1, arbitrary: fc.constantFrom('Button', 'group', '', 'Toolbar') },
  { weight: 1, arbitrary: fc.jsonValue() },
);

const stateArb = fc.oneof({ weight: 4, arbitrary: fc.boolean() }, { weight: 1, arbitrary: fc.constantFrom('true', 1, 0, null, [], {}) });
const textArb = fc.oneof({ weight: 4, arbitrary: fc.string({ maxLength: 8 }) }, { weight: 1, arbitrary: fc.jsonValue() });
const base64Arb = fc.uint8Array({ maxLength: 12 }).map((bytes) => Buffer.from(bytes).toString('base64'));

const blockArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.record({ type: fc.constant('text'), text: fc.string({ maxLength: 8 }) }),
  fc.record({ type: fc.constant('image'), data: base64Arb, mimeType: fc.constant('image/png') }),
  fc.record({ type: fc.constant('audio'), data: base64Arb, mimeType: fc.constant('audio/wav') }),
  fc.record({ type: fc.constant('resource_link'), uri: fc.constant('file:///x'), name: fc.string({ maxLength: 4 }) }),
  fc.record({ type: fc.constant('resource'), resource: fc.oneof(
    fc.record({ uri: fc.constant('file:///y'), text: fc.string({ maxLength: 4 }) }),
    fc.record({ uri: fc.constant('file:///z'), blob: base64Arb }),
  ) }),
  fc.record({ type: fc.constant('text') }),
  fc.record({ type: fc.constant('image'), data: fc.constantFrom('!!', 'AAAAA', '*'), mimeType: fc.constant('image/png') }),
  fc.record({ type: fc.constantFrom('video', 'tool_use', 7) }),
  fc.record({ type: fc.constant('text'), text: fc.string({ maxLength: 3 }), extra: fc.jsonValue() }),
  fc.jsonValue(),
);

/** Attributes, sometimes with `related`, sometimes with keys that name Object.prototype members. */
const attributesArb: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.dictionary(fc.constantFrom('author', 'lines', 'due', 'constructor', 'toString', 'hasOwnProperty'), fc.jsonValue(), { maxKeys: 3 }) },
  { weight: 2, arbitrary: fc.record({ related: fc.array(fc.oneof(idArb, fc.jsonValue()), { maxLength: 4 }) }) },
  { weight: 1, arbitrary: fc.jsonValue().map((v) => JSON.parse(`{"__proto__": ${JSON.stringify(v) ?? 'null'}, "related": "x"}`) as unknown) },
  { weight: 1, arbitrary: fc.jsonValue() },
);

const fieldsArb = fc.record(
  {
    id: idArb,
    role: roleArb,
    subrole: textArb,
    title: textArb,
    url: textArb,
    selected: stateArb,
    focused: stateArb,
    visible: stateArb,
    hovered: stateArb,
    content: fc.oneof({ weight: 4, arbitrary: fc.array(blockArb, { maxLength: 3 }) }, { weight: 1, arbitrary: fc.jsonValue() }),
    attributes: attributesArb,
    futureField: fc.jsonValue(),
  },
  { requiredKeys: ['id'] },
);

/** Plausible but faulty element trees: valid and invalid fields mixed, children sometimes not a list. */
export const elementArb: fc.Arbitrary<unknown> = fc.letrec<{ element: unknown }>((tie) => ({
  element: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 1, arbitrary: fc.oneof(fieldsArb, fc.jsonValue()) },
    {
      weight: 3,
      arbitrary: fc.tuple(fieldsArb, fc.oneof(
        { weight: 6, arbitrary: fc.array(tie('element'), { maxLength: 4 }) },
        { weight: 1, arbitrary: fc.jsonValue() },
      )).map(([fields, children]) => ({ ...fields, children })),
    },
  ),
})).element;

/** An answer around a faulty tree, usually with a valid envelope. */
export const answerArb: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 8, arbitrary: elementArb.map((root) => ({ protocol: '0.2.0', instance: 'inst', root })) },
  { weight: 1, arbitrary: fc.record({ protocol: fc.jsonValue(), instance: fc.jsonValue(), root: elementArb }, { requiredKeys: [] }) },
);

/** A chain `depth` long whose elements carry random (faulty) fields, built iteratively. */
export const deepAnswerArb: fc.Arbitrary<unknown> = fc
  .tuple(fc.integer({ min: 1, max: 200 }), fc.array(elementArb, { minLength: 1, maxLength: 5 }))
  .map(([depth, extras]) => {
    const root: Record<string, unknown> = { id: 'n0', role: 'Application' };
    let current = root;
    for (let d = 1; d < depth; d += 1) {
      const next: Record<string, unknown> = { id: `n${d}`, role: 'Group', focused: d % 3 !== 0, hovered: d === 5 };
      current['children'] = [next, extras[d % extras.length]];
      current = next;
    }
    return { protocol: '0.2.0', instance: 'i', root };
  });
