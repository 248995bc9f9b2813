/**
 * Privacy and control (issue 13): the user's rules per app, secrets held back, and a receipt
 * for every send, as the app's main process and the `glance` command use them. The panel's
 * rule actions, withheld rows, Rules list and History view are thin layers over these.
 */
export { createPrivacyService, type PrivacyService, type PrivacyServiceOptions, type PrivacySettings } from './service.js';
export { createPrivacyHooks, type PrivacyHookOptions } from './hooks.js';
export { planOutgoing, type Outgoing, type OutgoingChoice } from './outgoing.js';
export type { PrivacyHooks, Screening } from './types.js';
export type { RulesStore, RulesState } from '../rules/store.js';
export type { AppRule, Exclusion, RuleName } from '../rules/schema.js';
export { describeExclusion, RULE_NAMES } from '../rules/schema.js';
export type { RuleMatch } from '../rules/match.js';
export type { RuleVerdict } from '../rules/gate.js';
export { isLocalDestination, isLoopbackUrl, type Destination } from '../../contract/destination.js';
export type { Withheld } from '../withhold/scan.js';
export { findSecrets } from '../withhold/scan.js';
export type { HistoryList, HistoryStore } from '../history/store.js';
export type { PayloadCipher, Receipt } from '../history/schema.js';
export type { ReceiptFacts } from '../history/recorder.js';
export { glanceHomePath, openGlanceHome, type GlanceHome } from '../home/folder.js';
