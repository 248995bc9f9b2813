// What the panel makes of main's screening (renderer/src/review/screening.ts) and how History
// words a receipt (renderer/src/privacy/receipt-words.ts): pure functions, no browser.
import { describe, expect, it } from 'vitest';
import { amountParts, receiptTo, shortDigest, toLabel, sizeWords, whenWords, type Receipt } from '../../renderer/src/privacy/receipt-words.js';
import { alwaysWords, leftOut, screenedOf, screeningSummary } from '../../renderer/src/review/screening.js';

const screening = {
  rule: 'allow' as const,
  excludedByRule: [{ id: 'c1', rule: 'every Row with subrole "comment"' }, { id: 'both', rule: 'every Text' }],
  withheld: [{ id: 'key', kind: 'GitHub token' }, { id: 'both', kind: 'payment card number, GitHub token' }],
};

describe('screening in the panel', () => {
  it('names each screened element, a secret before a rule, and leaves out all but what the user included', () => {
    const screened = screenedOf(screening);
    expect(screened.get('c1')).toEqual({ kind: 'rule', words: 'left out by your rule (every Row with subrole "comment")' });
    expect(screened.get('both')).toEqual({ kind: 'secret', words: 'withheld: payment card number, GitHub token' });
    const out = leftOut(new Set(['mine']), screened, new Set(['key']));
    expect([...out].sort()).toEqual(['both', 'c1', 'mine']);
    // Nothing screened: the user's own set, unchanged.
    const mine = new Set(['mine']);
    expect(leftOut(mine, screenedOf(undefined), new Set())).toBe(mine);
  });

  it('says what was held back in one line, each kind once, or nothing', () => {
    expect(screeningSummary(screening, 'en-GB')).toBe('2 items withheld for holding a secret (GitHub token, payment card number); 2 left out by your rules. To send one with this message anyway, press Include on its row.');
    expect(screeningSummary({ rule: 'local', excludedByRule: [], withheld: [] })).toBeNull();
    expect(screeningSummary(undefined)).toBeNull();
  });

  it('words "Always leave out … from this app" by subrole, else by role', () => {
    expect(alwaysWords({ role: 'Row', subrole: 'comment' })).toBe('comments');
    expect(alwaysWords({ role: 'Image' })).toBe('images');
    expect(alwaysWords({ role: 'List', subrole: 'task-list' })).toBe('task lists');
    expect(alwaysWords({ role: 'Text' })).toBe('text');
    // A subrole that is not a plain word is not made into a plural.
    expect(alwaysWords({ role: 'Row', subrole: 'x-Δ:9' })).toBe('Row items of this kind');
  });
});

describe('receipts in History', () => {
  const amountWords = (r: Receipt, locale?: string): string => amountParts(r, locale).join(' · ');
  const receipt: Receipt = {
    id: '0123456789abcdef', at: '2026-12-01T09:15:00.000Z', app: { bundleId: 'com.example.notes', name: 'Notes', pid: 42 },
    backend: 'anthropic', model: 'claude-x', endpoint: 'https://api.anthropic.com', sentIds: ['a', 'b', 'c'], excludedIds: ['d'],
    withheld: [{ id: 'k', kind: 'GitHub token' }], bytes: 3456, sha256: 'a'.repeat(64),
  };
  it('says to whom, how much and when', () => {
    expect(receiptTo(receipt)).toBe('Claude (claude-x) at Anthropic');
    expect(receiptTo({ ...receipt, backend: 'offline', model: null, endpoint: 'offline' })).toBe('Offline, no model, on this Mac');
    expect(amountWords(receipt, 'en-GB')).toBe('3 items went with the question · 1 left out · 1 withheld');
    expect(amountWords({ ...receipt, sentIds: ['a'], excludedIds: [], withheld: [] })).toBe('1 item went with the question');
    // What came back: an answer reads as gone; a request that reached the server and failed, as
    // attempted, with what came back; one that never left, as not sent.
    expect(amountWords({ ...receipt, outcome: { status: 200 } }, 'en-GB')).toBe('3 items went with the question · 1 left out · 1 withheld');
    expect(amountWords({ ...receipt, outcome: { status: 500 } }, 'en-GB')).toBe('3 items attempted, HTTP 500 came back · 1 left out · 1 withheld');
    expect(amountWords({ ...receipt, sentIds: ['a'], excludedIds: [], withheld: [], outcome: { failure: 'unreachable' } })).toBe('1 item not sent: no connection to the server');
    expect([toLabel(receipt), toLabel({ ...receipt, outcome: { status: 500 } }), toLabel({ ...receipt, outcome: { failure: 'unreachable' } })]).toEqual(['Question went to', 'Attempted to', 'Not sent to']);
    // The weaker source keeps its mark on the folded line.
    expect(amountWords({ ...receipt, excludedIds: [], withheld: [], source: 'accessibility' }, 'en-GB')).toBe('3 items went with the question · through Accessibility');
    expect(sizeWords(812)).toBe('812 bytes');
    expect(sizeWords(3456, 'en-GB')).toBe('3.5 KB');
    expect(sizeWords(2_500_000, 'en-GB')).toBe('2.5 MB');
  });

  it('names who answered and where the question went as the panel does, never by its raw endpoint or a port', () => {
    // OpenAI itself, and other servers that speak its API: on this Mac, or elsewhere by host name.
    expect(receiptTo({ ...receipt, backend: 'openai', model: 'gpt-x', endpoint: 'https://api.openai.com' })).toBe('OpenAI (gpt-x)');
    expect(receiptTo({ ...receipt, backend: 'openai', model: 'llama3.2', endpoint: 'http://127.0.0.1:11434' })).toBe('llama3.2 on this Mac');
    expect(receiptTo({ ...receipt, backend: 'openai', model: 'llama3.2', endpoint: 'http://models.example.test:8080' })).toBe('llama3.2 at models.example.test');
    // A proxy in front of a service is named by its host: the question went there.
    expect(receiptTo({ ...receipt, endpoint: 'https://proxy.example.test' })).toBe('Claude (claude-x) at proxy.example.test');
    // A backend this Glance does not know is named as the receipt wrote it.
    expect(receiptTo({ ...receipt, backend: 'mistral', model: null, endpoint: 'https://api.mistral.ai' })).toBe('mistral at api.mistral.ai');
    expect(shortDigest('0123456789abcdef'.repeat(4))).toBe('0123456789');
  });

  it('says when as a Mac list does, in the locale: Today, Yesterday, else the date', () => {
    // Local times, as the panel shows them (the test's time zone is whatever the machine's is).
    const at = new Date(2026, 11, 1, 3, 38).toISOString();
    const evening = new Date(2026, 11, 1, 21, 15).toISOString();
    expect(whenWords(at, 'en-US', new Date(2026, 11, 1, 18))).toMatch(/^Today, 3:38\sAM$/);
    expect(whenWords(evening, 'en-US', new Date(2026, 11, 2, 8))).toMatch(/^Yesterday, 9:15\sPM$/);
    expect(whenWords(at, 'en-GB', new Date(2026, 11, 1, 18))).toBe('Today, 03:38');
    expect(whenWords(at, 'de-DE', new Date(2026, 11, 1, 18))).toBe('Heute, 03:38');
    expect(whenWords(at, 'en-US', new Date(2026, 11, 5, 18))).toMatch(/^Dec 1, 2026, 3:38\sAM$/);
    expect(whenWords(at, 'en-GB', new Date(2026, 11, 5, 18))).toBe('1 Dec 2026, 03:38');
  });
});
