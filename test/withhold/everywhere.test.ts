// The second outside audit (docs/reliability.md), finding 1: the scan reads every string of an element that can reach the model or a
// file, keys included, at any depth of its attributes and content blocks, and its id; finding 6:
// every secret Glance holds (a token read from any descriptor) is one too. Then how a withheld
// element is named and shown outside Glance's memory (app/withhold/shown.ts).
import { describe, expect, it } from 'vitest';
import type { Element } from '@app-context/provider-kit/protocol';
import { renderTree } from '../../app/agent/context-tree.js';
import { findSecrets } from '../../app/withhold/scan.js';
import { panelTree, positionRef, shownIds } from '../../app/withhold/shown.js';
import { FAKE } from './fake-secrets.js';

const KEY = FAKE.github.text;
const tree = (...children: Element[]): Element => ({ id: 'app', role: 'Application', title: 'Notes', children });

/** One element per place the audit found a token the scan did not read. */
const PLACES: Element[] = [
  { id: 'in-subrole', role: 'Row', title: 'a row', subrole: `tag ${KEY}` },
  { id: 'in-attribute-name', role: 'Row', title: 'a row', attributes: { [KEY]: true } },
  { id: 'in-nested-name', role: 'Row', title: 'a row', attributes: { meta: { tags: [{ [`k-${KEY}`]: 1 }] } } },
  { id: 'in-text-meta', role: 'Text', title: 'a note', content: [{ type: 'text', text: 'plain words', _meta: { origin: KEY } }] },
  { id: 'in-link-mime', role: 'Link', title: 'a link', content: [{ type: 'resource_link', uri: 'file:///a', name: 'a', mimeType: `text/${KEY}` }] },
  { id: 'in-link-name', role: 'Link', title: 'a link', content: [{ type: 'resource_link', uri: 'file:///a', name: KEY }] },
  { id: 'in-resource-meta', role: 'Document', title: 'a file', content: [{ type: 'resource', resource: { uri: 'file:///b', text: 'plain', _meta: { [KEY]: 'x' } } }] },
  { id: 'in-annotations', role: 'Text', title: 'a note', content: [{ type: 'text', text: 'plain', annotations: { audience: ['user'], lastModified: KEY } } as never] },
  { id: KEY, role: 'Text', title: 'its id is the key', content: [{ type: 'text', text: 'plain words' }] },
];

describe('every string of an element is scanned (finding 1)', () => {
  it('withholds a key in a subrole, an attribute name, _meta, a link\'s mimeType or name, annotations, and the id', async () => {
    const found = await findSecrets(tree(...PLACES, { id: 'clean', role: 'Text', content: [{ type: 'text', text: 'nothing here' }] }));
    expect(found.map(({ id, kind }) => ({ id, kind }))).toEqual(PLACES.map((p) => ({ id: p.id, kind: FAKE.github.kind })));
    // Positions count in document order from the root (0).
    expect(found.map((w) => w.position)).toEqual(PLACES.map((_p, i) => i + 1));
    // Each is withheld for what reaches the model: the rendered element carries the key, the clean one does not.
    for (const place of PLACES) expect(renderTree(place).json).toContain(KEY);
  });

  it('records which string holds it, so the id is known to be the secret', async () => {
    const found = await findSecrets(tree(...PLACES));
    const byId = new Map(found.map((w) => [w.id, w.where]));
    expect(byId.get(KEY)).toEqual([0]);
    expect(byId.get('in-subrole')).toEqual([1]);
    expect(found.filter((w) => w.where.includes(0)).map((w) => w.id)).toEqual([KEY]);
  });

  it('does not read the bytes of an image or a binary resource as text, and blames no parent', async () => {
    const base64 = Buffer.from(`not text ${KEY}`).toString('base64');
    const media: Element = { id: 'pic', role: 'Image', content: [{ type: 'image', data: base64, mimeType: 'image/png' }, { type: 'resource', resource: { uri: 'file:///c', blob: base64 } }] };
    expect(await findSecrets(tree({ id: 'doc', role: 'Document', children: [media, PLACES[0] as Element] }))).toMatchObject([{ id: 'in-subrole' }]);
  });
});

describe('secrets Glance holds (finding 6)', () => {
  it('withholds an element showing any registered token, wherever in the element it is', async () => {
    const token = 'tok_9e2b4f7a1c3d5e6f8a0b2c4d6e8f0a1b';
    const other = { secret: 'ANOTHER-provider-token-0123456789', kind: 'app-context provider token' };
    const root = tree(
      { id: 'editor', role: 'Document', title: 'notes.json', content: [{ type: 'text', text: `the line reads ${token} and ends` }] },
      { id: 'tab', role: 'Row', attributes: { path: `/tmp/${other.secret}.json` } },
      { id: 'clean', role: 'Text', title: 'tok_ is only a prefix' },
    );
    const found = await findSecrets(root, { known: [{ secret: token, kind: 'app-context provider token' }, other] });
    expect(found.map(({ id, kind }) => ({ id, kind }))).toEqual([
      { id: 'editor', kind: 'app-context provider token' },
      { id: 'tab', kind: 'app-context provider token' },
    ]);
    expect(JSON.stringify(found)).not.toContain(token);
  });
});

describe('naming and showing a withheld element (shown.ts)', () => {
  it('shows an id that holds a secret as withheld@N, resolves it back, and hides it in a warning', async () => {
    const withheld = await findSecrets(tree(...PLACES));
    const names = shownIds(withheld);
    const position = withheld.find((w) => w.id === KEY)?.position as number;
    expect(names.show(KEY)).toBe(positionRef(position));
    expect(names.show('in-subrole')).toBe('in-subrole');
    expect(names.resolve(positionRef(position))).toBe(KEY);
    expect(names.resolve('withheld@1')).toBe('in-subrole');
    expect(names.resolve('withheld@999')).toBe('withheld@999');
    expect(names.hide(`2 times: a title that is not a string was dropped (e.g. ${KEY}, row-2)`)).toBe(`2 times: a title that is not a string was dropped (e.g. ${positionRef(position)}, row-2)`);
  });

  it('gives the panel each withheld element without the parts holding the secret, keeping its clean title', async () => {
    const root = tree(...PLACES, { id: 'titled', role: 'Text', title: `see ${KEY}`, content: [{ type: 'text', text: 'clean text' }], children: [{ id: 'child', role: 'Text', title: 'child' }] });
    const withheld = await findSecrets(root);
    const shown = panelTree(root, withheld);
    const json = JSON.stringify(shown);
    expect(json).not.toContain(KEY);
    const children = shown.children ?? [];
    expect(children.map((c) => c.title)).toEqual([...PLACES.map((p) => p.title), undefined]);
    expect(children.at(-1)).toMatchObject({ id: 'titled', content: [{ type: 'text', text: 'clean text' }], children: [{ id: 'child', title: 'child' }] });
    expect(children[PLACES.length - 1]?.id).toBe(positionRef(PLACES.length));
    // The answer itself is not changed, and nothing withheld gives it back as it is.
    expect(JSON.stringify(root)).toContain(KEY);
    expect(panelTree(root, [])).toBe(root);
  });
});
