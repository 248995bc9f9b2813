import { BACKENDS, isBackendId, OFFLINE_ENDPOINT, serverHost } from '../../../contract/backends.js';
import { outcomeSucceeded, outcomeWords } from '../../../contract/privacy.js';
import type { Receipt } from '../../../contract/privacy.js';

export type { Receipt };

/**
 * Who a receipt's request went to, as a person says it and as the panel names backends
 * elsewhere ("Answered by Claude"): "Offline", "Claude", "OpenAI", or "OpenAI-compatible server"
 * for another server speaking OpenAI's API (Ollama, LM Studio). A backend this Glance does not
 * know (a receipt is read back from disk) is named as it was written.
 */
function destinationName(receipt: Receipt): string {
  if (!isBackendId(receipt.backend)) return receipt.backend;
  const facts = BACKENDS[receipt.backend];
  if (facts.model === null) return facts.label;
  return toCompatibleServer(receipt) && facts.model.compatible ? facts.model.compatible.label : facts.model.answerer;
}

/** Whether a receipt's request went to another server speaking a known backend's API (Ollama, LM Studio). */
function toCompatibleServer(receipt: Receipt): boolean {
  if (!isBackendId(receipt.backend)) return false;
  const model = BACKENDS[receipt.backend].model;
  return model !== null && model.compatible !== null && serverHost(receipt.endpoint) !== serverHost(model.defaultBaseURL);
}

/**
 * To whom a receipt's request went: "Claude (claude-x) at api.anthropic.com", "Offline, no
 * model", and a local server by its model as the panel says it before sending and in "Answered
 * by" ("llama3.2 at 127.0.0.1:11434", contract/backends.ts backendLabel).
 */
export function receiptTo(receipt: Receipt): string {
  if (receipt.endpoint === OFFLINE_ENDPOINT) return isBackendId(receipt.backend) ? BACKENDS[receipt.backend].receiptLabel : receipt.backend;
  if (receipt.model && toCompatibleServer(receipt)) return `${receipt.model} at ${serverHost(receipt.endpoint)}`;
  return `${destinationName(receipt)}${receipt.model ? ` (${receipt.model})` : ''} at ${serverHost(receipt.endpoint)}`;
}

/** The receipt's "Sent to", unfolded: where it went, and for the offline answerer that nothing left this Mac. */
export function sentToWords(receipt: Receipt): string {
  return receipt.endpoint === OFFLINE_ENDPOINT ? `${receiptTo(receipt)} (nothing left this Mac)` : receiptTo(receipt);
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
 * "9 items sent · 2 left out · 1 withheld": how much of the context went. A request that failed
 * says it was attempted and what came back: "9 items attempted, HTTP 500 came back".
 */
export function amountWords(receipt: Receipt, locale?: string): string {
  const n = (value: number, word: string): string => `${value.toLocaleString(locale)} ${word}`;
  const items = receipt.sentIds.length === 1 ? 'item' : 'items';
  const failure = failureWords(receipt);
  const parts = [failure !== undefined ? `${n(receipt.sentIds.length, `${items} attempted`)}, ${failure} came back` : n(receipt.sentIds.length, `${items} sent`)];
  if (receipt.excludedIds.length > 0) parts.push(n(receipt.excludedIds.length, 'left out'));
  if (receipt.withheld.length > 0) parts.push(n(receipt.withheld.length, 'withheld'));
  return parts.join(' · ');
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
