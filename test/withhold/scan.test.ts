// The secret scan on real trees: secretlint's recommended rules (the real library, in memory),
// Luhn-valid card numbers, and values of attributes named like a password. Positions found in
// the one joined document must come back to the element that holds the secret, and nothing the
// scan reports may quote the secret.
import { describe, expect, it } from 'vitest';
import type { Element } from '@app-context/provider-kit/protocol';
import { findCardNumbers, luhnValid } from '../../app/withhold/cards.js';
import { findSecrets as scan, type ScanOptions } from '../../app/withhold/scan.js';
import { isPasswordName } from '../../app/withhold/names.js';
import { FAKE, NOT_CARDS } from './fake-secrets.js';

const text = (id: string, body: string): Element => ({ id, role: 'Text', content: [{ type: 'text', text: body }] });
const tree = (...children: Element[]): Element => ({ id: 'app', role: 'Application', title: 'Notes', children });
/** What the scan found, by id and kind (positions and strings are checked where they matter). */
const findSecrets = async (root: Element, options?: ScanOptions) => (await scan(root, options)).map(({ id, kind }) => ({ id, kind }));

describe('findSecrets', () => {
  it.each(Object.entries(FAKE))('withholds %s, named by its kind only', async (name, { text: secret, kind }) => {
    const root = tree(text('before', 'a plain paragraph'), text(name, `see ${secret} here`), text('after', 'another plain paragraph'));
    const found = await findSecrets(root);
    expect(found).toEqual([{ id: name, kind }]);
    expect(JSON.stringify(found)).not.toContain(secret);
  });

  it('finds nothing in ordinary text, dates, phone numbers and numbers that fail Luhn or name no card brand', async () => {
    const root = tree(...NOT_CARDS.map((t, i) => text(`n${i}`, `order ${t} placed`)), text('prose', 'The heron stood in the shallows for an hour and caught nothing.'));
    expect(await findSecrets(root)).toEqual([]);
  });

  it('looks in titles, urls, links, embedded resources and attribute values, each mapped to its own element', async () => {
    const root = tree(
      { id: 'titled', role: 'Heading', title: `token ${FAKE.github.text}` },
      { id: 'linked', role: 'Link', url: FAKE.urlPassword.text },
      { id: 'ref', role: 'Group', content: [{ type: 'resource_link', uri: 'file:///x', name: `key ${FAKE.slack.text}` }] },
      { id: 'embedded', role: 'Document', content: [{ type: 'resource', resource: { uri: 'file:///k.pem', text: FAKE.privateKey.text } }] },
      { id: 'attr', role: 'Row', attributes: { note: { deep: [`card ${FAKE.cardSpaces.text}`] } } },
      text('clean', 'nothing to see'),
    );
    expect(await findSecrets(root)).toEqual([
      { id: 'titled', kind: FAKE.github.kind },
      { id: 'linked', kind: FAKE.urlPassword.kind },
      { id: 'ref', kind: FAKE.slack.kind },
      { id: 'embedded', kind: FAKE.privateKey.kind },
      { id: 'attr', kind: FAKE.cardSpaces.kind },
    ]);
  });

  it('withholds the value of an attribute named like a password, however it is nested or written', async () => {
    const root = tree(
      { id: 'login', role: 'Group', attributes: { userPassword: 'correct horse' } },
      { id: 'form', role: 'Group', attributes: { fields: [{ db_passwd: 12345 }] } },
      { id: 'client', role: 'Group', attributes: { client_secret: 'abc' } },
      { id: 'flag', role: 'Group', attributes: { hasPassword: true, password: '' } },
      { id: 'hint', role: 'Group', attributes: { passwordless: 'yes', passport: 'X123' } },
    );
    expect(await findSecrets(root)).toEqual([
      { id: 'login', kind: 'password' },
      { id: 'form', kind: 'password' },
      { id: 'client', kind: 'password' },
    ]);
    expect(['password', 'new-passphrase', 'PIN_passcode', 'pwd', 'apiSecret'].every(isPasswordName)).toBe(true);
    expect(['passwordless', 'passport', 'secretary', 'tokenCount'].some(isPasswordName)).toBe(false);
  });

  it('a "secretlint-disable" comment in one element does not switch the scan off for the others', async () => {
    const root = tree(text('comment', '// secretlint-disable'), text('key', FAKE.anthropic.text), text('same-line', `${FAKE.github.text} // secretlint-disable-line`));
    expect((await findSecrets(root)).map((w) => w.id)).toEqual(['key', 'same-line']);
  });

  it('names every kind an element holds, and blames a child, not its parent', async () => {
    const root = tree({ id: 'doc', role: 'Document', title: 'plain', children: [text('both', `${FAKE.openai.text} and ${FAKE.cardDashes.text}`)] });
    expect(await findSecrets(root)).toEqual([{ id: 'both', kind: `${FAKE.openai.kind}, ${FAKE.cardDashes.kind}` }]);
  });

  it('maps each finding to the right element among thousands', async () => {
    const children = Array.from({ length: 3000 }, (_, i) => text(`row-${i}`, `Row ${i}: the heron caught nothing, item ${i}.`));
    const planted = [17, 1500, 2999];
    for (const i of planted) children[i] = text(`row-${i}`, `Row ${i}: ${FAKE.github.text}`);
    expect((await findSecrets(tree(...children))).map((w) => w.id)).toEqual(planted.map((i) => `row-${i}`));
  });
});

describe('card numbers', () => {
  it('checks Luhn and accepts one kind of separator per number', () => {
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('4111111111111112')).toBe(false);
    expect(findCardNumbers(`pay ${FAKE.cardSpaces.text} now`)).toEqual([[4, 23]]);
    expect(findCardNumbers(NOT_CARDS.join(' / '))).toEqual([]);
    // Part of a longer number is not a card.
    expect(findCardNumbers('41111111111111110000000')).toEqual([]);
  });
});
