import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/**
 * axe-core run inside the page, injected through playwright-core's evaluate (the DevTools
 * protocol, which the page's CSP does not govern, so the panel keeps its real policy).
 * @axe-core/playwright does the same in more lines, but its engines field asks for Node
 * 22.12 and this project builds and tests on Node 20; axe-core itself asks for Node 4.
 */
let source: Promise<string> | undefined;

/** One rule axe found broken, with where. */
export interface Violation {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/** Every violation on the page as it is now, whatever its impact: a state is clean when axe finds nothing. */
export async function axeViolations(page: Page): Promise<Violation[]> {
  source ??= readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  const script = await source;
  const loaded = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe !== 'undefined');
  if (!loaded) await page.evaluate(script);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[] }> } }).axe;
    // axe's default rules (WCAG A and AA, best practices), and "label in name", which is
    // experimental and off by default, but names what voice-control users say.
    const result = await axe.run(document, { resultTypes: ['violations'], rules: { 'label-content-name-mismatch': { enabled: true } } });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact ?? 'unknown', help: v.help, targets: v.nodes.map((n) => JSON.stringify(n.target)) }));
  });
  return violations;
}
