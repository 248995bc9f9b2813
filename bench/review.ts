/**
 * Hotkey to review (docs/benchmarks.md, "Hotkey to review"): from the hotkey's press to the collected tree painted
 * in the panel, at 50, 2,000 and 20,000 elements. The press time is read just before the
 * hotkey's request to main (in the harness, the request is the hotkey); the paint is the page's
 * own mark (renderer/src/paint-mark.ts), a frame and a task after the tree was committed, on
 * the same clock. The whole path: main's press, discovery, the verified call, the provider's
 * answer, the reading, the push, the panel's render. A real provider serves each tree.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { wideTree, writeTree } from '../test/e2e/harness/large-tree.js';
import { openBenchPanel } from './panel.js';
import { p95, round, summarise, type Summary } from './stats.js';

/** Presses per size (after `warmup` untimed ones: the panel is loaded long before a user's first press). */
export interface ReviewConfig {
  sizes: { elements: number; presses: number }[];
  warmup: number;
}

/** One tree size: hotkey to the tree painted. */
export interface ReviewRow extends Summary {
  elements: number;
  p95_ms: number;
}

/** Presses the hotkey against a provider of each size and times each press to its paint. */
export async function benchReview(config: ReviewConfig): Promise<ReviewRow[]> {
  const folder = await mkdtemp(join(tmpdir(), 'glance-bench-review-'));
  const treeFile = join(folder, 'tree.json');
  const panel = await openBenchPanel();
  try {
    await writeTree(treeFile, wideTree(config.sizes[0]?.elements ?? 50));
    // The configurable provider reads its tree file again on every call.
    const pid = await panel.provider('configurable', { TP_NAME: 'Large Notes', TP_TREE_FILE: treeFile, TP_SCOPE: 'current' });
    const rows: ReviewRow[] = [];
    for (const size of config.sizes) {
      await writeTree(treeFile, wideTree(size.elements));
      const times: number[] = [];
      for (let press = 0; press < config.warmup + size.presses; press += 1) {
        const { pressedAt, paintedAt } = await panel.press(pid, 'Large Notes');
        if (press >= config.warmup) times.push(paintedAt - pressedAt);
      }
      rows.push({ elements: size.elements, ...summarise(times), p95_ms: p95(times) });
    }
    return rows.map((row) => ({ ...row, p95_ms: round(row.p95_ms) }));
  } finally {
    await panel.close();
    await rm(folder, { recursive: true, force: true });
  }
}
