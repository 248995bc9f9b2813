// Audit finding 1, as a property: arbitrary nesting, deep (up to 20,000 levels) and wide, in
// every field a provider controls (attribute values and `related`, content blocks and their
// `_meta`, titles, urls and states that are not what they should be, ids and roles, children
// that are not a list, unknown fields, the envelope) never throws anywhere in the pipeline:
// readAnswer, JSON output, v8.serialize as Electron's IPC uses it, the agent payload for every
// backend, the review functions, and the panel's pure element reading. What comes out of the
// reader nests no deeper than its limits allow, so each of those is safe by construction.
import fc from 'fast-check';
import { serialize } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { toAnthropicMessages } from '../../app/agent/anthropic.js';
import { idsWithState, renderTree } from '../../app/agent/context-tree.js';
import { Conversation } from '../../app/agent/conversation.js';
import { createOfflineBackend, offlineAnswer } from '../../app/agent/offline.js';
import { toOpenAIMessages } from '../../app/agent/openai.js';
import { buildAgentPayload, contextParts } from '../../app/agent/prompt.js';
import { jsonLine } from '../../app/cli/args.js';
import { formatTree } from '../../app/cli/format-tree.js';
import { MAX_DEPTH, MAX_VALUE_DEPTH, nestsDeeperThan, readAnswer } from '@app-context/provider-kit/protocol';
import { applyRemovals, collectRemovedIds, listIds } from '../../contract/review.js';
import { describeCollection } from '../../main/flow/describe.js';
import { accessibleName, openableUrl, searchTextOf, statesOf, thumbnailOf, titleOf, wordsOf } from '../../renderer/src/review/element-words.js';
import { excludedCount, indexTree, keepOnly, selectedIds, visibleRows } from '../../renderer/src/review/tree-model.js';
import { unreachableSource } from '../helpers/sources.js';

/** Run counts, quoted in docs/reliability.md. */
export const RUNS = { fields: 150, trees: 60 } as const;

/** The deepest an answer as read can nest: two levels per element, then a value, and spare. */
const MAX_READ_NESTING = 2 * MAX_DEPTH + MAX_VALUE_DEPTH + 2;

/** How one nested value is shaped: built iteratively, since 20,000 levels would overflow fc. */
interface Shape {
  depth: number;
  /** Scalars or small JSON beside the chain at every level: deep and wide. */
  width: number;
  kind: 'array' | 'object' | 'mixed';
  leaf: unknown;
}

const shapeArb: fc.Arbitrary<Shape> = fc.record({
  depth: fc.oneof(
    { weight: 5, arbitrary: fc.integer({ min: 0, max: MAX_VALUE_DEPTH + 3 }) },
    { weight: 2, arbitrary: fc.integer({ min: MAX_VALUE_DEPTH + 4, max: 400 }) },
    { weight: 1, arbitrary: fc.constantFrom(10_000, 20_000) },
  ),
  width: fc.integer({ min: 0, max: 3 }),
  kind: fc.constantFrom('array', 'object', 'mixed'),
  leaf: fc.jsonValue({ maxDepth: 2 }),
});

/** Values a thousand levels deep or more, built once per shape: nothing downstream changes its input. */
const built = new Map<string, unknown>();

/** The value a shape describes; a very deep one is narrow (one sibling) and shared between runs. */
function build(shape: Shape): unknown {
  const huge = shape.depth >= 1000;
  const key = `${shape.depth}/${shape.kind}/${Math.min(shape.width, 1)}`;
  if (huge && built.has(key)) return built.get(key);
  let value = huge ? 'leaf' : shape.leaf;
  const width = huge ? Math.min(shape.width, 1) : shape.width;
  for (let level = 0; level < shape.depth; level += 1) {
    const asArray = shape.kind === 'array' || (shape.kind === 'mixed' && level % 2 === 0);
    const siblings = Array.from({ length: width }, (_, i) => (i % 2 === 0 ? i : { s: `w${i}` }));
    value = asArray ? [value, ...siblings] : Object.fromEntries([['n', value], ...siblings.map((s, i) => [`k${i}`, s])]);
  }
  if (huge) built.set(key, value);
  return value;
}

const nested = shapeArb.map(build);
const stateOrNested = fc.oneof(fc.boolean(), nested);
const stringOrNested = fc.oneof(fc.string({ maxLength: 6 }), nested);

/** A content block of each kind a provider might send, with nesting where a block allows it. */
const blockArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.record({ type: fc.constant('text'), text: stringOrNested, _meta: nested }, { requiredKeys: ['type', 'text'] }),
  fc.record({ type: fc.constant('resource'), resource: fc.record({ uri: fc.constant('file:///r'), text: stringOrNested, _meta: nested }, { requiredKeys: ['uri', 'text'] }) }),
  fc.record({ type: fc.constant('image'), mimeType: fc.constant('image/png'), data: fc.constant('iVBORw0KGgo='), annotations: nested }, { requiredKeys: ['type', 'mimeType', 'data'] }),
  fc.record({ type: fc.constant('resource_link'), uri: fc.constant('https://x'), name: stringOrNested, _meta: nested }, { requiredKeys: ['type', 'uri', 'name'] }),
  nested,
);

/** Every field of an element a provider writes, each sometimes nested or of the wrong kind. */
const fieldsArb = fc.record({
  id: fc.oneof({ weight: 6, arbitrary: fc.stringMatching(/^[a-z]{1,3}$/) }, { weight: 1, arbitrary: nested }),
  role: fc.oneof(fc.constantFrom('Text', 'Document', 'Row', 'Group'), nested),
  subrole: stringOrNested,
  title: stringOrNested,
  url: stringOrNested,
  selected: stateOrNested,
  focused: stateOrNested,
  hovered: stateOrNested,
  visible: stateOrNested,
  content: fc.oneof({ weight: 4, arbitrary: fc.array(blockArb, { maxLength: 3 }) }, { weight: 1, arbitrary: nested }),
  attributes: fc.oneof(
    { weight: 4, arbitrary: fc.dictionary(fc.constantFrom('author', 'related', 'note', '__proto__'), nested, { maxKeys: 3 }) },
    { weight: 1, arbitrary: fc.record({ related: fc.array(fc.oneof(fc.constantFrom('a', 'b'), nested), { maxLength: 3 }) }) },
    { weight: 1, arbitrary: nested },
  ),
  future: nested,
}, { requiredKeys: ['id'] });

/** A tree: a chain of `chain` elements (deep), each with extra children (wide), some not elements. */
const treeArb = fc.record({
  chain: fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 1, max: 70 }) }, { weight: 1, arbitrary: fc.constantFrom(5_000, 10_000) }),
  fields: fc.array(fieldsArb, { minLength: 1, maxLength: 6 }),
  children: fc.array(fc.oneof({ weight: 4, arbitrary: fieldsArb }, { weight: 1, arbitrary: nested }), { maxLength: 4 }),
  notAList: fc.option(nested, { nil: undefined }),
  envelope: fc.option(nested, { nil: undefined }),
}).map(({ chain, fields, children, notAList, envelope }) => {
  const root: Record<string, unknown> = { ...(fields[0] as object), id: 'app', role: 'Application' };
  let current = root;
  for (let d = 1; d < chain; d += 1) {
    // Chains longer than the fields give take plain elements, so 10,000 levels stay cheap.
    const next: Record<string, unknown> = d < 80 ? { ...(fields[d % fields.length] as object), id: `n${d}` } : { id: `n${d}`, role: 'Group' };
    current['children'] = [next, ...(d < 80 ? children : [])];
    current = next;
  }
  if (notAList !== undefined) current['children'] = notAList;
  return { protocol: '0.2.0', instance: 'inst', root, ...(envelope !== undefined ? { extra: envelope } : {}) };
});

/** Everything downstream of the reader, in the order a hotkey press runs it. */
function throughThePipeline(raw: unknown): void {
  const read = readAnswer(raw);
  if (!read.ok) {
    expect(typeof read.reason).toBe('string');
    return;
  }
  const { answer, warnings } = read;
  const provider = { bundleId: 'b', name: 'N', version: '1', pid: 1, instance: 'inst', endpoint: 'http://127.0.0.1:1/m' };
  // What the reader kept nests within its limits: everything below relies on this.
  expect(nestsDeeperThan(answer, MAX_READ_NESTING)).toBe(false);
  // glance current --json and for a person.
  expect(() => JSON.parse(jsonLine({ provider, answer, warnings }))).not.toThrow();
  formatTree(answer.root);
  // The app: what the controller publishes, through Electron's serialiser.
  const invocation = describeCollection({ kind: 'collected', app: { pid: 1 }, provider: { protocol: '0.2.0', ...provider }, answer, warnings, ignored: [], source: unreachableSource }, { id: 1 });
  serialize({ view: 'review', invocation, notices: [], hotkey: 'G', paused: false });
  // The review: removing the first child and every third id.
  const ids = listIds(answer.root);
  const removed = new Set(ids.filter((_, i) => i % 3 === 2));
  collectRemovedIds(answer.root, removed);
  const root = applyRemovals(answer.root, removed);
  // The agent payload, as each backend builds its request, and the offline answer.
  const context = { appName: 'N', root };
  const payload = buildAgentPayload(context, 'q', contextParts(context));
  serialize(payload);
  JSON.stringify(toOpenAIMessages(payload.system, payload.messages));
  JSON.stringify(toAnthropicMessages(payload.messages));
  offlineAnswer(payload);
  if (root !== null) {
    renderTree(root);
    idsWithState(root, 'selected');
  }
  serialize(new Conversation({ backend: createOfflineBackend(), context, locate: async () => ({ ok: false, reason: 'none' }) }).preview('q'));
  // The panel's reading of each element, as the browser runs it: the tree's rows (folded,
  // excluded, filtered, "keep only the selection") and every word a row or a chip shows.
  const tree = indexTree(answer.root);
  excludedCount(tree, removed);
  keepOnly(tree, selectedIds(tree), removed);
  visibleRows(tree, { collapsed: new Set(ids.slice(0, 2)), excluded: removed, filter: 'a' });
  for (const row of visibleRows(tree, { collapsed: new Set(), excluded: new Set(), filter: '' })) {
    accessibleName(row.node.element, { excluded: row.excluded, inside: row.node.size - 1, locked: false }, 'en-US');
    titleOf(row.node.element);
    wordsOf(row.node.element, 'de-DE');
    statesOf(row.node.element);
    thumbnailOf(row.node.element);
    openableUrl(row.node.element);
    searchTextOf(row.node.element);
  }
}

describe('arbitrary nesting in every field a provider controls', () => {
  it('never throws anywhere in the pipeline, in one element of each kind', () => {
    fc.assert(fc.property(fieldsArb, fc.array(fieldsArb, { maxLength: 3 }), (fields, others) => {
      throughThePipeline({ protocol: '0.2.0', instance: 'inst', root: { ...fields, id: 'app', role: 'Application', children: others } });
    }), { numRuns: RUNS.fields });
  });

  it('never throws anywhere in the pipeline, in trees deep and wide', () => {
    fc.assert(fc.property(treeArb, throughThePipeline), { numRuns: RUNS.trees });
  });
});
