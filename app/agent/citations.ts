/**
 * Which elements an answer cites, so the panel can turn them into chips. The system prompt
 * (prompt.ts) asks the model to give ids in backticks, exactly as written; some models write
 * square brackets instead. So a citation is a backtick span or a bracket pair whose whole
 * content is one id, or a comma-separated list of ids, each of which was sent:
 *
 *   `sel-23`  [doc-1]  `row-1, row-2`  count;  `the app`, [1], (sel-23), bare sel-23  do not.
 *
 * Bare words are never taken: ids such as `app` or `note` are ordinary words too, and a chip
 * for every "app" in a sentence would be noise. An id that was not sent is never a chip, so
 * the model (or text in the context) cannot make Glance locate anything else. A span still
 * open at the end of the text is not read yet: while the answer streams, `sel-2 may become
 * `sel-23`. Pure and unit-tested.
 */
import { isValidId } from '@app-context/provider-kit/protocol';

/** The ids that were sent: a set, or the map of ids to roles the answer keeps. */
type SentSet = Pick<ReadonlySet<string>, 'has'>;

/** A backtick span or a bracket pair, neither crossing a line. */
const SPANS = /`([^`\n]{1,600})`|\[([^\]\n[]{1,600})\]/g;

/** The ids of one span's content, or none when any part of it is not a sent id. */
function idsIn(content: string, sent: SentSet): string[] {
  const parts = content.split(',').map((part) => part.trim());
  if (parts.some((part) => !isValidId(part) || !sent.has(part))) return [];
  return parts;
}

/** The sent ids the text cites, each once, in the order they first appear. */
export function citedIds(text: string, sent: SentSet): string[] {
  const found: string[] = [];
  const seen = new Set<string>();
  for (const match of text.matchAll(SPANS)) {
    for (const id of idsIn(match[1] ?? match[2] ?? '', sent)) {
      if (seen.has(id)) continue;
      seen.add(id);
      found.push(id);
    }
  }
  return found;
}
