// docs/protocol.md, "What never leaves the host": warnings may name ids, roles, field names and
// counts, never titles, content, urls or attribute values (nor any other text the provider sent).
import { describe, expect, it } from 'vitest';
import { MAX_BLOB_BYTES, MAX_ELEMENTS, readAnswer, readLocation } from '@app-context/provider-kit/protocol';
import { answerOf, chain, readOk, type Raw } from './helpers.js';

const SECRET = 'TOPSECRETzq';
const secret = (where: string): string => `${SECRET}-${where}`;

/** An answer that provokes every kind of warning, with secrets in every free-text place. */
function faultyAnswer(): Raw {
  const deep = chain(70);
  const children: unknown[] = [
    { id: 'w', role: 'Window', title: secret('title'), url: secret('url'), subrole: secret('subrole'), hovered: true, children: [
      { id: 'd', role: 'Document', focused: true, hovered: true, title: secret('title2'), content: [
        { type: 'text', text: secret('content') },
        { type: 'text', text: 7, note: secret('bad-block') },
        { type: secret('type'), text: secret('content2') },
        { type: 'image', data: `${secret('data')}!`, mimeType: secret('mime') },
        { type: 'image', data: Buffer.alloc(MAX_BLOB_BYTES + 3).toString('base64'), mimeType: secret('mime2') },
        { type: 'resource_link', uri: secret('uri') },
      ] },
    ] },
    { id: 'f1', role: 'Group', focused: true }, { id: 'f2', role: 'Group', focused: true, children: [{ id: 'f3', role: 'Text', focused: true }] },
    { id: 'bad', role: secret('role'), selected: secret('state'), focused: { t: secret('state2') }, visible: [secret('v')], title: { t: secret('title3') } },
    { id: 'app2', role: 'Application', url: 5, subrole: [secret('sub')] },
    { id: secret('id-invalid!'), title: secret('title4') },
    { id: 'w', title: secret('repeat') },
    { id: 'attrs', attributes: { related: [secret('rel !'), 'ok', { x: secret('rel2') }], [secret('key')]: secret('value'), author: secret('author') } },
    { id: 'attrs2', attributes: { related: secret('rel3') } },
    { id: 'attrs3', attributes: [secret('attrs')] },
    { id: 'kids', children: { x: secret('children') } },
    { id: 'content', content: secret('content-string') },
    { id: 'unknown', secretField: secret('unknown'), [secret('field-name')]: 1 },
    secret('not-an-element'),
    deep,
  ];
  for (let i = 0; i < MAX_ELEMENTS; i += 1) children.push({ id: `many-${i}`, title: secret('many') });
  return { protocol: '0.2.0', instance: 'inst', root: { id: 'root', role: secret('root-role'), title: secret('root-title'), children } };
}

describe('warnings never leak what the provider sent', () => {
  it('reads the faulty answer with warnings of many kinds, none quoting a secret', () => {
    const result = readOk(faultyAnswer());
    const text = result.warnings.join('\n');
    expect(result.warnings.length).toBeGreaterThanOrEqual(15);
    for (const kind of [/valid id/, /repeated id/, /not a boolean/, /content block of an unknown type/, /larger than 4 MiB/, /hovered/,
      /focus path has a gap/, /focus path forks/, /deeper than 64/, /past the first/, /unknown role/, /Application below the root/,
      /root did not state/, /not a string/, /related/, /attributes that are not an object/, /children that are not a list/, /content that is not a list/]) {
      expect(text).toMatch(kind);
    }
    expect(text).not.toContain(SECRET);
    // Secrets in the data are kept where the data is valid: only warnings must not carry them.
    expect(JSON.stringify(result.answer)).toContain(secret('title'));
  });

  it('never quotes the provider in a refusal either', () => {
    for (const raw of [
      { protocol: secret('p'), instance: 5, root: { id: secret('id!') } },
      { protocol: 1, instance: secret('i'), root: secret('root') },
      answerOf({ id: secret('bad id'), title: secret('t') }),
      secret('answer'),
    ]) {
      const result = readAnswer(raw);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.reason).not.toContain(SECRET);
    }
  });

  it('readLocation warnings and reasons do not quote values', () => {
    const good = readLocation({ state: 'gone', rects: [{ x: 1, y: 2, w: 3, h: 4 }], window: secret('w'), avoid: secret('a'), edge: secret('e') });
    expect(good.ok).toBe(true);
    if (good.ok) expect(good.warnings.join('\n')).not.toContain(SECRET);
    const bad = readLocation({ state: secret('s'), rects: [] });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.reason).not.toContain(SECRET);
  });
});
