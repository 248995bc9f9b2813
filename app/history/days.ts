import { join } from 'node:path';
import { readOptional } from '../home/files.js';
import { SETTINGS_FILE } from '../settings/store.js';
import { DEFAULT_HISTORY_DAYS, MAX_HISTORY_DAYS, MIN_HISTORY_DAYS } from './schema.js';

/**
 * "Keep receipts for N days" as the app saved it in settings.json, read by the command without
 * changing the file: a file the command cannot read is the app's to repair (settings/store.ts
 * keeps it aside on the app's next start), and meanwhile the default applies.
 */
export async function readHistoryDays(home: string): Promise<number> {
  const text = await readOptional(join(home, SETTINGS_FILE)).catch(() => undefined);
  if (text === undefined) return DEFAULT_HISTORY_DAYS;
  let days: unknown;
  try {
    days = (JSON.parse(text) as { historyDays?: unknown }).historyDays;
  } catch {
    return DEFAULT_HISTORY_DAYS;
  }
  return typeof days === 'number' && Number.isInteger(days) && days >= MIN_HISTORY_DAYS && days <= MAX_HISTORY_DAYS ? days : DEFAULT_HISTORY_DAYS;
}
