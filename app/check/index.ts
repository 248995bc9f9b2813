/** `glance check-provider`: the provider side of the rules, checked against a running provider. */
export { runChecks, type CheckDeps, type CheckReport } from './run.js';
export type { CheckResult } from './types.js';
export { redactToken, safeLine } from './redact.js';
