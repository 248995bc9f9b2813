import { open, readdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { openSubfolder } from '../home/folder.js';
import { appendText, asideName, readOptional, readOptionalBytes, tightenFile, writeFileAtomic } from '../home/files.js';
import { withFileLock } from '../home/lock.js';
import { ReceiptSchema, type PayloadCipher, type Receipt, type RequestOutcome } from './schema.js';
import type { HistoryDamaged } from '../../contract/notices.js';

/**
 * The history: one receipt per line in `history.jsonl`, appended under the file's lock, so the
 * app and the command can both add receipts at once and none is lost; payloads the user chose
 * to keep lie encrypted in `payloads/<id>.bin`. A damaged file is kept aside whole, and the
 * receipts that could be read go on in a new file, with a notice saying so. The answer to a
 * request whose payload was kept is kept under the same rules: encrypted, in
 * `payloads/<id>.answer.bin`, for as long as its receipt, and the receipt says so (`answer`).
 */

/** The history file's name in the data folder. */
const HISTORY_FILE = 'history.jsonl';
/** The folder of kept payloads in the data folder. */
const PAYLOADS_FOLDER = 'payloads';

/** Receipts newest first, and what reading them had to repair. */
interface HistoryList {
  receipts: Receipt[];
  /** Sentences for the user: a damaged file was kept aside (named), how many receipts were kept. */
  notices: HistoryDamaged[];
}

/** The history of one data folder. */
export interface HistoryStore {
  readonly path: string;
  /** Adds a receipt; with `payload` (only when a cipher was given) keeps the payload, encrypted. */
  append(receipt: Receipt, payload?: string): Promise<void>;
  /** Adds what came back to a receipt appended before its request went; nothing when it was deleted since. */
  settle(id: string, outcome: RequestOutcome): Promise<void>;
  list(options?: { limit?: number }): Promise<HistoryList>;
  get(id: string): Promise<Receipt | undefined>;
  /** The ids whose payload was kept. */
  keptPayloads(): Promise<Set<string>>;
  /** A kept payload, decrypted; undefined when none was kept (or no cipher was given). */
  payload(id: string): Promise<string | undefined>;
  /**
   * Keeps the answer that came back for a receipt's request, encrypted, and marks the receipt
   * (`answer: 'kept'`); only with a cipher, and nothing when the receipt was deleted since.
   */
  keepAnswer(id: string, answer: string): Promise<void>;
  /** A kept answer, decrypted; undefined when none was kept (or no cipher was given). */
  answer(id: string): Promise<string | undefined>;
  /** Deletes one receipt and its payload; false when there was none. */
  remove(id: string): Promise<boolean>;
  /** Deletes every receipt, every payload, and damaged history files kept aside. */
  clear(): Promise<{ removed: number }>;
  /** Deletes receipts older than `days` days, their payloads, and payloads without a receipt. */
  prune(days: number): Promise<{ removed: number; notices: HistoryDamaged[] }>;
  /** Prunes only when the oldest receipt is due: the common case reads one line. */
  pruneIfDue(days: number): Promise<{ removed: number; notices: HistoryDamaged[] }>;
}

/** A kept answer's file, beside its payload's (`<id>.bin`). */
const ANSWER_SUFFIX = '.answer.bin';
/** A receipt's id: 16 hex digits. */
const RECEIPT_ID = /^[0-9a-f]{16}$/;
/** A kept payload's file name (not an answer's). */
const PAYLOAD_FILE = /^[0-9a-f]{16}\.bin$/;
/** The receipt id a kept file belongs to: `<id>.bin`, `<id>.answer.bin`. */
const keptId = (name: string): string => name.replace(/(\.answer)?\.bin$/, '');

const DAY_MS = 86_400_000;
const line = (receipt: Receipt): string => `${JSON.stringify(receipt)}\n`;

/** What the store needs: the opened data folder, a cipher for kept payloads, a clock for tests. */
export interface HistoryStoreOptions {
  home: string;
  cipher?: PayloadCipher;
  now?: () => Date;
}

/** A history over the data folder `home` (opened by the caller, home/folder.ts). */
export function createHistoryStore(options: HistoryStoreOptions): HistoryStore {
  const path = join(options.home, HISTORY_FILE);
  const payloads = join(options.home, PAYLOADS_FOLDER);
  const now = options.now ?? (() => new Date());
  const payloadPath = (id: string): string => join(payloads, `${id}.bin`);
  const answerPath = (id: string): string => join(payloads, `${id}${ANSWER_SUFFIX}`);
  /** A kept file, decrypted: only a receipt's id names one, and only with a cipher. */
  const decrypted = async (id: string, path: (id: string) => string): Promise<string | undefined> => {
    if (!options.cipher || !RECEIPT_ID.test(id)) return undefined;
    const data = await readOptionalBytes(path(id)).catch(() => undefined);
    return data === undefined ? undefined : options.cipher.decrypt(data);
  };
  const locked = <T>(fn: () => Promise<T>): Promise<T> => withFileLock(path, fn);

  /** Every readable receipt in file order; a damaged file is kept aside and rewritten. Hold the lock. */
  const read = async (): Promise<{ receipts: Receipt[]; notices: HistoryDamaged[] }> => {
    const text = await readOptional(path);
    if (text === undefined || text === '') return { receipts: [], notices: [] };
    await tightenFile(path);
    const lines = text.split('\n');
    const last = lines.pop(); // '' when the file ends in a newline, as every whole write does
    const receipts: Receipt[] = [];
    let unreadable = last === '' ? 0 : 1;
    for (const entry of lines) {
      if (entry === '') continue;
      let parsed;
      try {
        parsed = ReceiptSchema.safeParse(JSON.parse(entry));
      } catch {
        parsed = undefined;
      }
      if (parsed?.success) receipts.push(parsed.data);
      else unreadable += 1;
    }
    if (unreadable === 0) return { receipts, notices: [] };
    const aside = asideName(path, now());
    await rename(path, aside);
    await writeFileAtomic(path, receipts.map(line).join(''));
    return { receipts, notices: [{ kind: 'history-damaged', unreadable, readable: receipts.length, asidePath: aside }] };
  };

  const removePayloadsExcept = async (keep: ReadonlySet<string>): Promise<void> => {
    const names = await readdir(payloads).catch(() => [] as string[]);
    await Promise.all(names.filter((n) => !keep.has(keptId(n))).map((n) => rm(join(payloads, n), { force: true })));
  };

  const prune = (days: number): Promise<{ removed: number; notices: HistoryDamaged[] }> => locked(async () => {
    const { receipts, notices } = await read();
    const cutoff = now().getTime() - days * DAY_MS;
    const kept = receipts.filter((r) => Date.parse(r.at) >= cutoff);
    if (kept.length < receipts.length) await writeFileAtomic(path, kept.map(line).join(''));
    await removePayloadsExcept(new Set(kept.map((r) => r.id)));
    return { removed: receipts.length - kept.length, notices };
  });

  return {
    path,
    append: (receipt, payload) => locked(async () => {
      const valid = ReceiptSchema.parse(receipt);
      if (payload !== undefined) {
        if (!options.cipher) throw new Error('a payload can be kept only with a cipher');
        // The payload first: a receipt never names a payload that is not there.
        await openSubfolder(options.home, PAYLOADS_FOLDER);
        await writeFileAtomic(payloadPath(valid.id), await options.cipher.encrypt(payload));
      }
      await appendText(path, line(valid));
    }),
    settle: (id, outcome) => locked(async () => {
      const { receipts } = await read();
      const index = receipts.findIndex((r) => r.id === id);
      const found = receipts[index];
      if (!found) return;
      receipts[index] = ReceiptSchema.parse({ ...found, outcome });
      await writeFileAtomic(path, receipts.map(line).join(''));
    }),
    list: (listOptions = {}) => locked(async () => {
      const { receipts, notices } = await read();
      // Newest first; of two at the same moment, the one written later.
      const sorted = receipts.map((r, i) => ({ r, i })).sort((a, b) => Date.parse(b.r.at) - Date.parse(a.r.at) || b.i - a.i).map(({ r }) => r);
      return { receipts: listOptions.limit !== undefined ? sorted.slice(0, listOptions.limit) : sorted, notices };
    }),
    get: async (id) => (await locked(read)).receipts.find((r) => r.id === id),
    keptPayloads: async () => new Set((await readdir(payloads).catch(() => [] as string[])).filter((n) => PAYLOAD_FILE.test(n)).map(keptId)),
    payload: (id) => decrypted(id, payloadPath),
    keepAnswer: (id, answer) => locked(async () => {
      if (!options.cipher) return;
      const { receipts } = await read();
      const index = receipts.findIndex((r) => r.id === id);
      const found = receipts[index];
      if (!found) return;
      // The answer first: a receipt never says an answer was kept that is not there.
      await openSubfolder(options.home, PAYLOADS_FOLDER);
      await writeFileAtomic(answerPath(id), await options.cipher.encrypt(answer));
      receipts[index] = ReceiptSchema.parse({ ...found, answer: 'kept' });
      await writeFileAtomic(path, receipts.map(line).join(''));
    }),
    answer: (id) => decrypted(id, answerPath),
    remove: (id) => locked(async () => {
      const { receipts } = await read();
      const kept = receipts.filter((r) => r.id !== id);
      if (kept.length === receipts.length) return false;
      await writeFileAtomic(path, kept.map(line).join(''));
      await rm(payloadPath(id), { force: true });
      await rm(answerPath(id), { force: true });
      return true;
    }),
    clear: () => locked(async () => {
      const text = (await readOptional(path)) ?? '';
      const removed = text.split('\n').filter((l) => l.trim() !== '').length;
      await rm(path, { force: true });
      await rm(payloads, { recursive: true, force: true });
      const asides = (await readdir(options.home)).filter((n) => /^history\.damaged-.*\.jsonl$/.test(n));
      await Promise.all(asides.map((n) => rm(join(options.home, n), { force: true })));
      return { removed };
    }),
    prune,
    pruneIfDue: async (days) => {
      const oldest = await firstReceiptTime(path);
      if (oldest !== undefined && oldest >= now().getTime() - days * DAY_MS) return { removed: 0, notices: [] };
      return prune(days);
    },
  };
}

/** The time of the file's first receipt (the oldest: receipts are appended as they happen), read from its first line. */
async function firstReceiptTime(path: string): Promise<number | undefined> {
  const handle = await open(path, 'r').catch(() => undefined);
  if (!handle) return undefined;
  try {
    const buffer = Buffer.alloc(4096);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    // Receipts are written with `id` first and `at` second, so `at` lies early in the line.
    const at = /^\{"id":"[0-9a-f]{16}","at":"([^"]+)"/.exec(buffer.subarray(0, bytesRead).toString('utf8'))?.[1];
    const time = at === undefined ? Number.NaN : Date.parse(at);
    return Number.isNaN(time) ? Number.NEGATIVE_INFINITY : time;
  } finally {
    await handle.close();
  }
}
