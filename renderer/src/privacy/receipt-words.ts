import { BACKENDS, hostOf, isBackendId, OFFLINE_ENDPOINT } from '../../../contract/backends.js';
import { endpointPlace, placeWords } from '../../../contract/destination.js';
import { SOURCE_MARK } from '../words/invocation.js';
import { outcomeSucceeded, outcomeWords } from '../../../contract/privacy.js';
import type { Receipt } from '../../../contract/privacy.js';

export type { Receipt };

/**
 * Who answered a receipt's request, as the panel's "Answered by" names it: "Claude (claude-x)",
 * a compatible server by its model ("llama3.2"); a backend this Glance does not know (a receipt
 * is read back from disk) as it was written.
 */
function answererName(receipt: Receipt): string {
  if (!isBackendId(receipt.backend)) return receipt.model ? `${receipt.backend} (${receipt.model})` : receipt.backend;
  const model = BACKENDS[receipt.backend].model;
  if (model === null) return BACKENDS[receipt.backend].receiptLabel;
  const compatible = model.compatible !== null && hostOf(receipt.endpoint) !== hostOf(model.defaultBaseURL);
  if (compatible && receipt.model) return receipt.model;
  return `${model.answerer}${receipt.model ? ` (${receipt.model})` : ''}`;
}

/**
 * Who answered and where the question went: "Claude (claude-x) at Anthropic", "llama3.2 on this
 * Mac", "llama3.2 at example.com", "Offline, no model, on this Mac". Never a port: where it went
 * is a place, the exact origin is in `glance history show`.
 */
export function receiptTo(receipt: Receipt): string {
  const place = endpointPlace(receipt.backend, receipt.endpoint);
  if (place.kind === 'this-mac') return receipt.endpoint === OFFLINE_ENDPOINT ? `${answererName(receipt)}, on this Mac` : `${answererName(receipt)} on this Mac`;
  const who = answererName(receipt);
  // "OpenAI (gpt-x)" names its place already.
  return place.kind === 'service' && who.startsWith(place.name) ? who : `${who} at ${placeWords(place)}`;
}

/** A request that never left Glance: no connection was made. Any other failure reached the server, which answered badly or not at all. */
function notSent(receipt: Receipt): boolean {
  return receipt.outcome !== undefined && 'failure' in receipt.outcome && receipt.outcome.failure === 'unreachable';
}

/** The unfolded receipt's label before receiptTo: where the question went, was attempted to go, or was not sent. */
export function toLabel(receipt: Receipt): string {
  if (notSent(receipt)) return 'Not sent to';
  return failureWords(receipt) !== undefined ? 'Attempted to' : 'Question went to';
}

/** A digest shortened as git shortens a commit: its first 10 hex digits say which one it is. */
export function shortDigest(sha256: string): string {
  return sha256.slice(0, 10);
}

/** "3.4 KB", "812 bytes": the size of the exact body sent. */
export function sizeWords(bytes: number, locale?: string): string {
  if (bytes < 1000) return `${bytes.toLocaleString(locale)} bytes`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toLocaleString(locale, { maximumFractionDigits: 1 })} KB`;
  return `${(bytes / 1_000_000).toLocaleString(locale, { maximumFractionDigits: 1 })} MB`;
}

/** What came back for a failed request ("HTTP 500"), or undefined when it was answered, stayed offline or was not recorded. */
export function failureWords(receipt: Receipt): string | undefined {
  return receipt.outcome !== undefined && !outcomeSucceeded(receipt.outcome) ? outcomeWords(receipt.outcome) : undefined;
}

/**
 * "9 items went with the question", "2 left out", "1 withheld": how much of the context went, part
 * by part (the folded line wraps between them, never inside one).
 * A request that never left says so ("9 items not sent: no connection to the server"); one that
 * reached the server and failed says it was attempted and what came back ("9 items attempted,
 * HTTP 500 came back"). With the source's mark when the context was read through Accessibility.
 */
export function amountParts(receipt: Receipt, locale?: string): string[] {
  const n = (value: number, word: string): string => `${value.toLocaleString(locale)} ${word}`;
  const items = receipt.sentIds.length === 1 ? 'item' : 'items';
  const failure = failureWords(receipt);
  const went = notSent(receipt) ? n(receipt.sentIds.length, `${items} not sent: ${failure ?? ''}`)
    : failure !== undefined ? `${n(receipt.sentIds.length, `${items} attempted`)}, ${failure} came back`
      : n(receipt.sentIds.length, `${items} went with the question`);
  const parts = [went];
  if (receipt.excludedIds.length > 0) parts.push(n(receipt.excludedIds.length, 'left out'));
  if (receipt.withheld.length > 0) parts.push(n(receipt.withheld.length, 'withheld'));
  if (receipt.source === 'accessibility') parts.push(SOURCE_MARK);
  return parts;
}

/** "Today", "Yesterday" in the locale's own words (Intl's relative day, capitalised as a list starts one). */
function relativeDay(days: 0 | -1, locale?: string): string {
  const word = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(days, 'day');
  return word.charAt(0).toLocaleUpperCase(locale) + word.slice(1);
}

/**
 * When, as a Mac list says it, in the user's locale: "Today, 3:38 AM", "Yesterday, 9:15 PM",
 * else the date and time ("Dec 1, 2026, 9:15 AM"); the time in the locale's short style, as
 * macOS writes it (3:38 AM in en-US, 03:38 in en-GB and de-DE).
 */
export function whenWords(at: string, locale?: string, now = new Date()): string {
  const date = new Date(at);
  const time = new Intl.DateTimeFormat(locale, { timeStyle: 'short' }).format(date);
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  if (date.toDateString() === now.toDateString()) return `${relativeDay(0, locale)}, ${time}`;
  if (date.toDateString() === yesterday.toDateString()) return `${relativeDay(-1, locale)}, ${time}`;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** A receipt's context read through Accessibility: the app doesn’t share context itself (a weaker source than a provider). */
export const RECEIPT_THROUGH_ACCESSIBILITY = 'Through Accessibility: the app doesn’t share context itself';
