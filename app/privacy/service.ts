import type { BackendId } from '../../contract/backends.js';
import { receiptRecorder, type ReceiptFacts, type ReceiptRecorder } from '../history/recorder.js';
import type { PayloadCipher } from '../history/schema.js';
import { createHistoryStore, type HistoryStore } from '../history/store.js';
import { destinationOf, type Destination } from '../../contract/destination.js';
import type { HistoryDamaged } from '../../contract/notices.js';
import { createRulesStore, type RulesStore } from '../rules/store.js';
import { createPrivacyHooks } from './hooks.js';
import type { PrivacyHooks } from './types.js';

/** The settings the privacy service reads, each time it needs them (they change at run time). */
interface PrivacySettings {
  backend: BackendId;
  /** Empty for the backend's own address. */
  baseURL: string;
  historyDays: number;
  keepPayloads: boolean;
}

/** What the app's main process builds the service from. */
export interface PrivacyServiceOptions {
  /** The opened data folder (home/folder.ts): the same one the command uses. */
  home: string;
  settings: () => PrivacySettings;
  /** Encrypts kept payloads (the app: safeStorage). Without it no payload is kept. */
  cipher?: PayloadCipher;
  now?: () => Date;
}

/**
 * Everything of privacy and control (docs/privacy.md) the app needs under its panel, in one place: the rules (the Rules list
 * and the panel's rule actions), the history (the History view), the hooks collect and locate
 * call, and the receipts of each conversation. Plain Node, like the rest of the core.
 */
export interface PrivacyService {
  rules: RulesStore;
  history: HistoryStore;
  /** For CoreDeps.privacy: the rule before any provider is asked, the screening after it answered. */
  hooks: PrivacyHooks;
  /** Where the context would go with the settings as they are now. */
  destination(): Destination;
  /** The observer for one conversation's backend: a receipt per request, the payload (and then each answer) when the setting keeps it. */
  recorder(facts: ReceiptFacts): ReceiptRecorder;
  /** Deletes receipts older than the setting's days; returns notices for the user. */
  prune(): Promise<{ removed: number; notices: HistoryDamaged[] }>;
}

/** The privacy service over one data folder. */
export function createPrivacyService(options: PrivacyServiceOptions): PrivacyService {
  const rules = createRulesStore(options.home, options.now);
  const history = createHistoryStore({ home: options.home, ...(options.cipher ? { cipher: options.cipher } : {}), ...(options.now ? { now: options.now } : {}) });
  const destination = (): Destination => destinationOf(options.settings());
  return {
    rules,
    history,
    // Read on every hotkey: the command may have changed a rule since the last one.
    hooks: createPrivacyHooks({ rules: () => rules.load(), destination, screen: true }),
    destination,
    recorder: (facts) => receiptRecorder({
      history,
      facts,
      keepPayload: () => options.cipher !== undefined && options.settings().keepPayloads,
      ...(options.now ? { now: options.now } : {}),
    }),
    prune: () => history.prune(options.settings().historyDays),
  };
}
