// The second outside audit (docs/reliability.md), finding 7: common ways secrets are written that the audit saw sent unwithheld (card
// numbers with dots, non-breaking or thin spaces, full-width digits; a nested `pass` key;
// `api_key=` and `access_token` with random hex; `Authorization: Bearer <JWT>`), and text that
// holds no secret and must not be withheld: prose, UUIDs, commit hashes, checksums, placeholders.
import { describe, expect, it } from 'vitest';
import type { Element } from '@app-context/provider-kit/protocol';
import { findCardNumbers } from '../../app/withhold/cards.js';
import { isCredentialName, isPasswordName, looksRandom } from '../../app/withhold/names.js';
import { findSecrets } from '../../app/withhold/scan.js';
import { normalizeForScan } from '../../app/withhold/walk.js';
import { FAKE_JWT, FORMS, NOT_SECRETS } from './fake-secrets.js';

const text = (id: string, body: string): Element => ({ id, role: 'Text', content: [{ type: 'text', text: body }] });
const tree = (...children: Element[]): Element => ({ id: 'app', role: 'Application', title: 'Editor', children });
const kinds = async (root: Element) => (await findSecrets(root)).map(({ id, kind }) => ({ id, kind }));

describe('common secret forms', () => {
  it.each(Object.entries(FORMS))('withholds %s', async (name, { text: secret, kind }) => {
    const root = tree(text('before', 'a plain paragraph'), text(name, `see ${secret} here`), text('after', 'another plain paragraph'));
    expect(await kinds(root)).toEqual([{ id: name, kind }]);
  });

  it('withholds the value of a key named like a password or a credential at any depth', async () => {
    const root = tree(
      { id: 'pass', role: 'Group', attributes: { login: { smtp: { user: 'ada', pass: 'Tr0ub4dor&3' } } } },
      { id: 'list', role: 'Group', attributes: { accounts: [{ name: 'ci', apiKey: '9f86d081884c7d659a2feaa0c55ad015' }] } },
      { id: 'meta', role: 'Text', content: [{ type: 'text', text: 'plain', _meta: { auth: { access_token: 'Zk3vQ9pL2mX8rT5wB1nC7dF4' } } }] },
      { id: 'count', role: 'Group', attributes: { pass_rate: 0.93, tokens: 1500, token: 'none', passCount: 4 } },
    );
    expect(await kinds(root)).toEqual([
      { id: 'pass', kind: 'password' },
      { id: 'list', kind: 'API key or token' },
      { id: 'meta', kind: 'API key or token' },
    ]);
    expect(['pass', 'smtp.pass', 'dbPass', 'user_password'].every(isPasswordName)).toBe(true);
    expect(['pass_rate', 'passCount', 'passport', 'bypass'].some(isPasswordName)).toBe(false);
    expect(['api_key', 'apiKey', 'X-Api-Key', 'access_token', 'csrfToken', 'Authorization', 'AWS_SECRET_ACCESS_KEY'].every(isCredentialName)).toBe(true);
    expect(['tokens', 'tokenCount', 'keyboard', 'primary_key_name'].some(isCredentialName)).toBe(false);
  });

  it('normalises before matching: full-width digits, non-breaking and thin spaces, dashes of any kind, invisible characters', () => {
    expect(normalizeForScan('\uff14\uff11\u00a0\u2011\u2212x\u200by')).toBe('41 --xy');
    expect(normalizeForScan('plain ASCII stays')).toBe('plain ASCII stays');
    expect(findCardNumbers(normalizeForScan('4111\u20131111\u20131111\u20131111'))).toHaveLength(1);
    // Dots split a card only in a card's groups: a decimal or a dotted version is no card.
    expect(findCardNumbers('3.782822463100050 and 4111.1111.1111.1111 and 3782.822463.10005')).toEqual([[22, 41], [46, 63]]);
  });

  it('finds a JWT alone, and tells random values from words', async () => {
    expect(await kinds(tree(text('jwt', `cookie session=${FAKE_JWT}; Path=/`)))).toEqual([{ id: 'jwt', kind: 'JSON Web Token' }]);
    expect(looksRandom('9f86d081884c7d659a2feaa0c55ad015')).toBe(true);
    expect(['undefined-value-here', 'aaaaaaaaaaaaaaaa1', 'short1'].some(looksRandom)).toBe(false);
  });
});

describe('what holds no secret stays', () => {
  it('withholds nothing of prose, UUIDs, commit hashes, checksums, versions or placeholders', async () => {
    const root = tree(...NOT_SECRETS.map((line, i) => text(`line-${i}`, line)));
    expect(await kinds(root)).toEqual([]);
  });

  it('withholds nothing in a code editor full of UUIDs and commit hashes, whatever their attributes are named', async () => {
    // Hex from a fixed sequence, so the test sees the same 400 UUIDs and 200 hashes every run.
    let seed = 21;
    const hex = (n: number): string => Array.from({ length: n }, () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) >> 16) % 16).map((d) => d.toString(16)).join('');
    const uuid = (): string => `${hex(8)}-${hex(4)}-4${hex(3)}-a${hex(3)}-${hex(12)}`;
    const rows: Element[] = Array.from({ length: 200 }, (_, i) => ({
      id: `row-${i}`, role: 'Row',
      title: `${uuid()} ${hex(40)} 0.${hex(3).length}4111111111111111`,
      attributes: { id: uuid(), commit: hex(40), sha256: hex(64), key: i, primary_key: `${i}` },
    }));
    expect(await kinds(tree({ id: 'editor', role: 'Document', children: rows }))).toEqual([]);
  });
});
