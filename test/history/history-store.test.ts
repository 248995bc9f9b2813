// The history on real files: receipts appended and listed newest first, one deleted, all
// cleared, pruned by age, kept payloads encrypted with a real cipher, and a damaged file kept
// aside whole while its readable receipts go on.
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHistoryStore } from '../../app/history/store.js';
import { receipt, testCipher } from './fixtures.js';
import { historyDamagedWords } from '../../app/cli/history-words.js';
import { historyDamagedWords as panelHistoryWords } from '../../renderer/src/words/notices.js';

let home: string;
beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), 'glance-history-'));
});
afterEach(async () => rm(home, { recursive: true, force: true }));

const DAY = 86_400_000;
const id = (n: number): string => n.toString(16).padStart(16, '0');

describe('the history', () => {
  it('lists receipts newest first, finds one, deletes one, clears all', async () => {
    const history = createHistoryStore({ home });
    await history.append(receipt({ id: id(1), at: '2026-12-01T09:00:00.000Z' }));
    await history.append(receipt({ id: id(2), at: '2026-12-01T11:00:00.000Z' }));
    await history.append(receipt({ id: id(3), at: '2026-12-01T10:00:00.000Z' }));
    expect((await history.list()).receipts.map((r) => r.id)).toEqual([id(2), id(3), id(1)]);
    expect((await history.list({ limit: 1 })).receipts.map((r) => r.id)).toEqual([id(2)]);
    expect(await history.get(id(3))).toEqual(receipt({ id: id(3), at: '2026-12-01T10:00:00.000Z' }));
    expect(await history.get(id(9))).toBeUndefined();
    expect(await history.remove(id(3))).toBe(true);
    expect(await history.remove(id(3))).toBe(false);
    expect((await history.list()).receipts.map((r) => r.id)).toEqual([id(2), id(1)]);
    expect(await history.clear()).toEqual({ removed: 2 });
    expect(await history.list()).toEqual({ receipts: [], notices: [] });
  });

  it('adds what came back to the receipt it belongs to, in place; a receipt deleted meanwhile stays deleted', async () => {
    const history = createHistoryStore({ home });
    await history.append(receipt({ id: id(1), at: '2026-12-01T09:00:00.000Z' }));
    await history.append(receipt({ id: id(2), at: '2026-12-01T10:00:00.000Z' }));
    await history.settle(id(1), { status: 500 });
    await history.settle(id(2), { failure: 'unreachable' });
    expect((await history.list()).receipts.map((r) => [r.id, r.outcome])).toEqual([[id(2), { failure: 'unreachable' }], [id(1), { status: 500 }]]);
    await history.remove(id(1));
    await history.settle(id(1), { status: 200 });
    expect((await history.list()).receipts.map((r) => r.id)).toEqual([id(2)]);
    // Only the status or the failure's kind: nothing else a caller passes is written.
    await expect(history.settle(id(2), { status: 500, body: 'the server said' } as never)).rejects.toThrow();
    expect(await readFile(history.path, 'utf8')).not.toContain('the server said');
  });

  it('stores only the receipt fields: nothing else a caller passes is written', async () => {
    const history = createHistoryStore({ home });
    await history.append({ ...receipt(), apiKey: 'sk-do-not-keep' } as never);
    expect(await readFile(history.path, 'utf8')).not.toContain('sk-do-not-keep');
  });

  it('prunes receipts older than the days kept, with their payloads and payloads left without a receipt', async () => {
    let now = new Date('2026-12-01T12:00:00.000Z');
    const cipher = testCipher();
    const history = createHistoryStore({ home, cipher, now: () => now });
    await history.append(receipt({ id: id(1), at: new Date(now.getTime() - 31 * DAY).toISOString() }), 'old body');
    await history.append(receipt({ id: id(2), at: new Date(now.getTime() - 29 * DAY).toISOString() }), 'recent body');
    await writeFile(join(home, 'payloads', `${id(7)}.bin`), 'orphan');
    expect(await history.prune(30)).toEqual({ removed: 1, notices: [] });
    expect((await history.list()).receipts.map((r) => r.id)).toEqual([id(2)]);
    expect(await readdir(join(home, 'payloads'))).toEqual([`${id(2)}.bin`]);
    // pruneIfDue reads the first line only while the oldest receipt is within the days kept.
    now = new Date(now.getTime() + 2 * DAY);
    expect(await history.pruneIfDue(30)).toEqual({ removed: 1, notices: [] });
    expect(await history.pruneIfDue(30)).toEqual({ removed: 0, notices: [] });
  });

  it('keeps a payload only encrypted, and gives it back decrypted', async () => {
    const cipher = testCipher();
    const history = createHistoryStore({ home, cipher });
    const body = '{"messages":[{"role":"user","content":"The heron stood in the shallows"}]}';
    await history.append(receipt({ id: id(5) }), body);
    const onDisk = await readFile(join(home, 'payloads', `${id(5)}.bin`));
    expect(onDisk.toString('utf8')).not.toContain('heron');
    expect(cipher.calls).toBe(1);
    expect(await history.payload(id(5))).toBe(body);
    expect(await history.keptPayloads()).toEqual(new Set([id(5)]));
    // Without the key (another cipher), the payload cannot be read.
    await expect(createHistoryStore({ home, cipher: testCipher() }).payload(id(5))).rejects.toThrow();
    // Without a cipher nothing is kept, and asking to keep one is refused.
    await expect(createHistoryStore({ home }).append(receipt({ id: id(6) }), body)).rejects.toThrow(/cipher/);
    expect(await createHistoryStore({ home }).payload(id(5))).toBeUndefined();
  });

  it('keeps an answer as it keeps a payload: encrypted beside it, marked on its receipt, gone with it', async () => {
    let now = new Date('2026-12-01T12:00:00.000Z');
    const cipher = testCipher();
    const history = createHistoryStore({ home, cipher, now: () => now });
    const answer = 'The **heron** stood in the shallows.';
    await history.append(receipt({ id: id(1), at: now.toISOString() }), 'body one');
    await history.append(receipt({ id: id(2), at: new Date(now.getTime() + 1000).toISOString() }), 'body two');
    await history.settle(id(1), { status: 200 });
    await history.keepAnswer(id(1), answer);
    // The receipt says an answer is kept, and keeps what came back; the text is only in the encrypted file.
    expect(await history.get(id(1))).toMatchObject({ answer: 'kept', outcome: { status: 200 } });
    expect(await readFile(history.path, 'utf8')).not.toContain('heron');
    const onDisk = await readFile(join(home, 'payloads', `${id(1)}.answer.bin`));
    expect(onDisk.toString('utf8')).not.toContain('heron');
    expect(await history.answer(id(1))).toBe(answer);
    expect(await history.answer(id(2))).toBeUndefined();
    // An answer's file is no payload of its own.
    expect(await history.keptPayloads()).toEqual(new Set([id(1), id(2)]));
    // Without the key nothing is read; without a cipher nothing is kept, and the receipt says nothing.
    await expect(createHistoryStore({ home, cipher: testCipher() }).answer(id(1))).rejects.toThrow();
    await createHistoryStore({ home }).keepAnswer(id(2), answer);
    expect((await history.get(id(2)))?.answer).toBeUndefined();
    // A receipt deleted meanwhile gets no answer; deleting one deletes its answer.
    await history.keepAnswer(id(9), answer);
    expect(await readdir(join(home, 'payloads'))).not.toContain(`${id(9)}.answer.bin`);
    await history.keepAnswer(id(2), 'second');
    expect(await history.remove(id(2))).toBe(true);
    expect((await readdir(join(home, 'payloads'))).sort()).toEqual([`${id(1)}.answer.bin`, `${id(1)}.bin`]);
    // Pruned with its receipt after the days kept, and not before.
    expect(await history.prune(30)).toEqual({ removed: 0, notices: [] });
    expect(await history.answer(id(1))).toBe(answer);
    now = new Date(now.getTime() + 31 * DAY);
    expect(await history.prune(30)).toEqual({ removed: 1, notices: [] });
    expect(await readdir(join(home, 'payloads'))).toEqual([]);
  });

  it('keeps a damaged file aside whole, says so, and goes on with every receipt it could read', async () => {
    const now = new Date('2026-12-01T12:00:00.000Z');
    const history = createHistoryStore({ home, now: () => now });
    await history.append(receipt({ id: id(1), at: now.toISOString() }));
    await history.append(receipt({ id: id(2), at: now.toISOString() }));
    const good = await readFile(history.path, 'utf8');
    const [first, second] = good.trim().split('\n');
    const damaged = `${first}\n{"id": "not a receipt"}\n${second}\n{"id":"00000000000000`;
    await writeFile(history.path, damaged);
    const { receipts, notices } = await history.list();
    expect(receipts.map((r) => r.id)).toEqual([id(2), id(1)]);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ kind: 'history-damaged', unreadable: 2, readable: 2 });
    // The store reports facts; the command and the panel each say them, alike: the panel with the
    // typographic apostrophe of all its words, the command with the terminal's plain one.
    const said = notices[0] ? historyDamagedWords(notices[0]) : '';
    expect(notices[0] ? panelHistoryWords(notices[0]) : undefined).toBe(said.replaceAll("'", '’'));
    expect(said).toContain("Glance's history file");
    expect(said).toMatch(/had 2 unreadable lines\. The whole file was kept as .*history\.damaged-2026-12-01T12-00-00-000Z-[0-9a-f]{4}\.jsonl, and its 2 readable receipts go on/);
    const aside = (await readdir(home)).find((n) => n.startsWith('history.damaged-')) as string;
    expect(await readFile(join(home, aside), 'utf8')).toBe(damaged);
    expect(await readFile(history.path, 'utf8')).toBe(good);
    // Said once: the new file is whole.
    expect((await history.list()).notices).toEqual([]);
    // Clearing the history removes what was kept aside too.
    await mkdir(join(home, 'payloads'), { recursive: true });
    await history.clear();
    expect(await readdir(home)).toEqual([]);
  });
});
