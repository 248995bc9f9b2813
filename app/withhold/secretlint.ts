/**
 * API keys, tokens and private keys of well-known services, found by secretlint's recommended
 * rules (`@secretlint/secretlint-rule-preset-recommend`) run in memory through
 * `@secretlint/core`: a well-kept detector, its patterns maintained by people who follow each
 * service's key formats. Loaded on first use, so commands that send nothing do not pay for it.
 *
 * Two of the library's defaults are changed, each for a reason:
 * - The rule `filter-comments` is left out. It honours `secretlint-disable` comments in the
 *   scanned text, and here that text is the provider's: one element could switch the scan off
 *   for every element after it. (Disabling it through the preset's options does not work in
 *   13.0.7, so the preset's rules are registered one by one without it.)
 * - The profiler is turned off. It marks every run in the process-wide performance timeline
 *   and keeps the entries forever, which a long-running app cannot afford.
 */

import type { lintSource as LintSourceFn } from '@secretlint/core';

type LintSource = typeof LintSourceFn;
type Config = Parameters<LintSource>[0]['options']['config'];

/** A secret secretlint found: where it is in the scanned text, and which rule found it. */
export interface LintFinding {
  start: number;
  end: number;
  ruleId: string;
}

const FILTER_COMMENTS = '@secretlint/secretlint-rule-filter-comments';

async function load(): Promise<{ lintSource: LintSource; config: Config }> {
  const [{ lintSource }, { rules }, { secretLintProfiler }] = await Promise.all([
    import('@secretlint/core'),
    import('@secretlint/secretlint-rule-preset-recommend'),
    import('@secretlint/profiler'),
  ]);
  secretLintProfiler.setEnabled(false);
  const config: Config = { rules: rules.filter((rule) => rule.meta.id !== FILTER_COMMENTS).map((rule) => ({ id: rule.meta.id, rule })) };
  return { lintSource, config };
}

let loading: ReturnType<typeof load> | undefined;

/**
 * Starts loading the rules (about 0.1 to 0.3 s of module loading here) so that the first scan
 * does not wait for it: the app calls it at start, `glance ask` while it collects.
 */
export function preloadSecretRules(): ReturnType<typeof load> {
  if (loading === undefined) {
    loading = load();
    // Not an unhandled rejection: the first scan awaits the same promise and fails with it.
    loading.catch(() => undefined);
  }
  return loading;
}

/** Every secret the recommended rules find in `text`, by position; the secret itself is not kept. */
export async function lintForSecrets(text: string): Promise<LintFinding[]> {
  if (text === '') return [];
  const { lintSource, config } = await preloadSecretRules();
  const result = await lintSource({
    source: { filePath: 'context.txt', content: text, ext: '.txt', contentType: 'text' },
    options: { config, maskSecrets: true, noPhysicFilePath: true },
  });
  return result.messages.filter((m) => m.type === 'message').map((m) => ({ start: m.range[0], end: m.range[1], ruleId: m.ruleId }));
}
