import type { HistoryDamaged } from '../../contract/notices.js';

/**
 * The command's sentence for a history file that had unreadable lines (the history store
 * reports the facts; the panel words them in renderer/src/words/notices.ts).
 */
export function historyDamagedWords(notice: HistoryDamaged): string {
  const s = notice.unreadable === 1 ? '' : 's';
  return `Glance's history file had ${notice.unreadable} unreadable line${s}. The whole file was kept as ${notice.asidePath}, and its ${notice.readable} readable receipts go on in a new history file.`;
}
