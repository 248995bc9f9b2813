import type { KnownSecret } from '../log/logger.js';
import type { Element } from '@app-context/provider-kit/protocol';
import type { RuleVerdict } from '../rules/gate.js';
import type { RuleMatch } from '../rules/match.js';
import type { ConsentKey, StoredConsent } from '../rules/consent.js';
import type { RuleName } from '../rules/schema.js';
import type { Withheld } from '../withhold/scan.js';

/**
 * What the user's rules and the secret scan make of one collected answer, before the user's
 * own removals: kept with the answer so the panel can show each element as left out by a
 * rule or withheld, and restore one for a message.
 */
export interface Screening {
  /** The app's rule when it was collected (`local` limits where the context may go). */
  rule: RuleName;
  /** Every element a standing exclusion matches, nested ones included, in document order. */
  excludedByRule: RuleMatch[];
  /** Every element holding a secret, nested ones included, in document order. */
  withheld: Withheld[];
}

/**
 * The privacy rules as collect and locate apply them (app/invocation): one call before anything is
 * asked of a provider, one after its answer was read. Absent, nothing is checked (tests of the
 * pipeline itself, `check-provider`).
 */
export interface PrivacyHooks {
  /** The user's rule for the provider's verified bundle id; not ok: ask it nothing. */
  gate(provider: { bundleId: string }): Promise<RuleVerdict>;
  /**
   * The user's stored consent to read an app without a provider through Accessibility, by what
   * it is keyed (app/rules/consent.ts): `always`, `never`, or `ask` when nothing is stored.
   */
  accessibility(key: ConsentKey): Promise<StoredConsent>;
  /**
   * What the standing exclusions and the secret scan leave out; absent when nothing is sent
   * (`current`). `known` are the secrets Glance holds (every token read from a descriptor):
   * an element showing one is withheld like any other secret.
   */
  screen?(root: Element, verdict: Extract<RuleVerdict, { ok: true }>, known?: Iterable<KnownSecret>): Promise<Screening>;
}
