import type { KnownApp } from '../../contract/ipc.js';
import { MAX_APP_NAME } from '../../contract/privacy-views.js';
import { BundleIdSchema, type Receipt } from '../../contract/privacy.js';

/**
 * The apps Glance has seen, by verified bundle id, named as their providers name them: first the
 * apps collected from since Glance started (`recent`, newest first), then the providers published
 * now (`published`, verified as the host verifies), then the receipts (newest first). A rules
 * file holds bundle ids only (docs/cli.md, "Per-app rules"); this is how the Rules list puts a
 * name to one, also for a rule made with `glance rules` for an app never sent, and offers a rule
 * for an app that has none yet. Only what a rule could name is kept: the view's schema refuses
 * anything else, and so does a rule.
 */
export function knownApps(recent: readonly KnownApp[], receipts: readonly Receipt[], published: readonly KnownApp[] = []): KnownApp[] {
  const names = new Map<string, string>();
  const add = (bundleId: string, name: string): void => {
    const trimmed = name.trim().slice(0, MAX_APP_NAME);
    if (trimmed !== '' && !names.has(bundleId) && BundleIdSchema.safeParse(bundleId).success) names.set(bundleId, trimmed);
  };
  for (const app of recent) add(app.bundleId, app.name);
  for (const app of published) add(app.bundleId, app.name);
  for (const receipt of receipts) add(receipt.app.bundleId, receipt.app.name);
  return [...names].map(([bundleId, name]) => ({ bundleId, name })).slice(0, 500);
}
