import { BACKENDS, isBackendId, OFFLINE_ENDPOINT } from '../../../contract/backends.js';
import { outcomeSucceeded, outcomeWords } from '../../../contract/privacy.js';
import type { GlanceApi } from '../bridge.js';

export type Receipt = Awaited<ReturnType<GlanceApi['getHistory']>>['receipts'][number];

/** To whom a receipt's request went: "Claude (claude-x) at api.anthropic.com", "Offline, no model". */
export function receiptTo(receipt: Receipt): string {
  // A receipt is read back from disk: a backend this Glance does not know is shown as it was written.
  const backend = isBackendId(receipt.backend) ? BACKENDS[receipt.backend].receiptLabel : receipt.backend;
  if (receipt.endpoint === OFFLINE_ENDPOINT) return backend;
  let host = receipt.endpoint;
  try {
    host = new URL(receipt.endpoint).host;
  } catch {
    // The endpoint as recorded: an origin normally, kept as it is when it is not one.
  }
  return `${backend}${receipt.model ? ` (${receipt.model})` : ''} at ${host}`;
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

/** When, as a Mac list says it: "Today 14:02", "1 Dec 2026, 09:15", in the user's locale. */
export function whenWords(at: string, locale?: string, now = new Date()): string {
  const date = new Date(at);
  const time = date.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' });
  if (date.toDateString() === now.toDateString()) return `Today ${time}`;
  return `${date.toLocaleDateString(locale, { day: 'numeric', month: 'short', year: 'numeric' })}, ${time}`;
}

/** A receipt's context read through Accessibility: the app doesn’t share context itself (a weaker source than a provider). */
export const RECEIPT_THROUGH_ACCESSIBILITY = 'Through Accessibility: the app doesn’t share context itself';
