// The tree of the second outside audit's secret findings (docs/reliability.md: 1, 6, 7), shared by the command's test
// (secrets-everywhere.test.ts) and the panel's (test/main/secrets-panel.test.ts): secrets where
// the audit found them reaching the model, in the forms it found sent, a second provider's
// descriptor as an editor shows it, and lines that hold no secret and must reach the model.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { Element } from '@app-context/provider-kit/protocol';
import { makeProvidersDir } from '../helpers/providers-dir.js';
import { startTestProvider, type TestProvider } from '../helpers/test-provider.js';
import { requireBuild } from '../provider/helpers.js';
import { FAKE, FAKE_JWT, FORMS, NOT_SECRETS } from '../withhold/fake-secrets.js';

export const KEY = FAKE.github.text;
const PASS = 'Tr0ub4dor&3-nested';
const HEX = '9f86d081884c7d659a2feaa0c55ad0153c2b8e41';
const text = (t: string, extra: Record<string, unknown> = {}) => [{ type: 'text' as const, text: t, ...extra }];

/** Finding 1: one element per place the audit saw a key reach the model. */
export const PLACES: Element[] = [
  { id: 'p-subrole', role: 'Row', title: 'tagged row', subrole: `tag-${KEY}` },
  { id: 'p-attribute-name', role: 'Row', title: 'named row', attributes: { [KEY]: 'yes' } },
  { id: 'p-text-meta', role: 'Text', title: 'a note', content: text('plain words', { _meta: { origin: KEY } }) },
  { id: 'p-link-mime', role: 'Link', title: 'a link', content: [{ type: 'resource_link', uri: 'file:///a', name: 'a', mimeType: `text/${KEY}` }] },
  { id: 'p-link-name', role: 'Link', title: 'another link', content: [{ type: 'resource_link', uri: 'file:///b', name: KEY }] },
  { id: 'p-resource-meta', role: 'Document', title: 'a file', content: [{ type: 'resource', resource: { uri: 'file:///c', text: 'plain', _meta: { [KEY]: 'x' } } }] },
  { id: KEY, role: 'Text', title: 'its id is the key', content: text('plain words') },
];
/** Finding 7: the forms, and the nested `pass`. */
export const FORM_ELEMENTS: Element[] = [
  ...Object.entries(FORMS).map(([name, { text: secret }]): Element => ({ id: `f-${name}`, role: 'Text', content: text(`see ${secret} here`) })),
  { id: 'f-nested-pass', role: 'Group', title: 'mail account', attributes: { smtp: { host: 'mail.example.org', pass: PASS } } },
];
/** What holds no secret, and must reach the model. */
const CLEAN: Element[] = NOT_SECRETS.map((line, i) => ({ id: `n-${i}`, role: 'Row', content: text(line) }));

/** The tree, with the other provider's descriptor as an editor shows it (finding 6): the file, and its token alone in a cell. */
function treeWith(other: TestProvider): Element {
  const file = JSON.stringify(other.descriptor, null, 2);
  return {
    id: 'app', role: 'Application', title: 'Code Editor', children: [{
      id: 'doc', role: 'Document', title: 'River walk', focused: true, children: [
        { id: 'sel', role: 'Text', selected: true, content: text('The heron stood in the shallows.') },
        ...PLACES, ...FORM_ELEMENTS, ...CLEAN,
        { id: 'd-file', role: 'Document', title: other.file, content: text(file) },
        { id: 'd-outline', role: 'Table', title: 'Outline', children: [{ id: 'd-token', role: 'Cell', title: other.descriptor.token }] },
        // Where `current`'s outline shortens the text (80 characters), in the middle of the token.
        { id: 'd-line', role: 'Text', content: text(`${'note '.repeat(12)}${other.descriptor.token}`) },
      ],
    }],
  };
}

/** Every secret of the tree, as written: none may reach the model, the output or a file. */
export const secretsOf = (other: TestProvider, own: TestProvider): string[] => [
  KEY, PASS, HEX, FAKE_JWT, other.descriptor.token, own.descriptor.token,
  ...Object.values(FORMS).map((f) => f.text),
];

/** A line of the tree as the model reads it: JSON-escaped, with `<` written \u003c (app/agent/context-tree.ts). */
export const asRendered = (line: string): string => JSON.stringify(line).slice(1, -1).replaceAll('<', '\\u003c');

/** The two providers of a test file: `other` publishes first, and `editor` serves the tree that shows its descriptor. */
export interface SecretWorld {
  dir: Awaited<ReturnType<typeof makeProvidersDir>>;
  other: TestProvider;
  editor: TestProvider;
  tree: Element;
}

/** Starts the two real providers before the file's tests and stops them after; the world is filled in by then. */
export function useSecretProviders(): SecretWorld {
  const world = {} as SecretWorld;
  beforeAll(async () => {
    requireBuild();
    world.dir = await makeProvidersDir();
    // The second provider runs first: the editor shows its descriptor, token and all.
    world.other = await startTestProvider(world.dir.dir, { TP_NAME: 'Other App' });
    const treeFile = join(world.dir.home, '..', 'tree.json');
    world.editor = await startTestProvider(world.dir.dir, { TP_NAME: 'Code Editor', TP_TREE_FILE: treeFile });
    world.tree = treeWith(world.other);
    await writeFile(treeFile, JSON.stringify(world.tree));
  }, 30_000);
  afterAll(async () => {
    await world.editor?.process.stop();
    await world.other?.process.stop();
    await world.dir?.cleanup();
  });
  return world;
}
