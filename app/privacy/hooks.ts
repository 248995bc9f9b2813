import type { Destination } from '../../contract/destination.js';
import { accessibilityConsent } from '../rules/consent.js';
import { judgeApp } from '../rules/gate.js';
import { matchExclusions } from '../rules/match.js';
import type { RulesState } from '../rules/store.js';
import { findSecrets } from '../withhold/scan.js';
import { preloadSecretRules } from '../withhold/secretlint.js';
import type { PrivacyHooks } from './types.js';

/** What the hooks read: the rules (loaded per call by the app, once by a command) and the destination. */
export interface PrivacyHookOptions {
  rules: () => Promise<RulesState>;
  /** Where the context would go now: a command knows it up front, the app reads its settings. */
  destination: () => Destination;
  /** Scan answers for secrets and match exclusions: true wherever context may be sent. */
  screen: boolean;
}

/** The hooks collect and locate call (app/invocation), over the user's rules. */
export function createPrivacyHooks(options: PrivacyHookOptions): PrivacyHooks {
  // The detector loads while the provider is found and asked, not after its answer came.
  if (options.screen) void preloadSecretRules();
  return {
    gate: async (provider) => judgeApp(await options.rules(), provider.bundleId, options.destination()),
    accessibility: async (key) => accessibilityConsent(await options.rules(), key),
    ...(options.screen
      ? {
        screen: async (root, verdict, known) => ({
          rule: verdict.rule,
          excludedByRule: matchExclusions(root, verdict.exclusions),
          withheld: await findSecrets(root, known ? { known } : {}),
        }),
      }
      : {}),
  };
}
