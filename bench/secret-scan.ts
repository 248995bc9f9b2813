/**
 * The secret scan (app/withhold) on the bench's answers: every element's texts joined into one
 * document and scanned once with secretlint's recommended rules, then for card numbers and
 * password attributes. Its floor, for the ratio, is rendering the same tree as the JSON the
 * model reads (app/agent/context-tree.ts), which every send does anyway.
 */
import { renderTree } from '../app/agent/context-tree.js';
import { type Element, readAnswer } from '@app-context/provider-kit/protocol';
import { findSecrets } from '../app/withhold/scan.js';
import { measure, measureSync, round, summarise, type Summary } from './stats.js';
import { makeTree } from './tree.js';

/** One size: the scan, its floor, their ratio. */
export interface ScanRow extends Summary {
  elements: number;
  /** Rendering the same tree for the model. */
  render_median_ms: number;
  /** median_ms / render_median_ms. */
  ratio: number;
  /** The process's first scan, which loads the detector's rules (only for the first size measured). */
  first_ms?: number;
}

/** A bench tree with two secrets planted (a token and a card number), read as the host reads it. */
function plantedTree(elements: number): Element {
  const tree = makeTree(elements);
  const section = tree.children?.[0]?.children?.[0]?.children?.[0];
  const [first, second] = section?.children ?? [];
  if (first) first.content = [{ type: 'text', text: `deploy key ghp_${'A1b2'.repeat(9)} in the notes` }];
  if (second) second.content = [{ type: 'text', text: 'paid with 4111 1111 1111 1111 yesterday' }];
  const read = readAnswer({ protocol: '0.2.0', instance: 'bench', root: tree });
  if (!read.ok) throw new Error('the bench tree was not read');
  return read.answer.root;
}

/** The scan for each size, `reps` samples after a warm-up. */
export async function benchSecretScan(sizes: number[], reps: number): Promise<ScanRow[]> {
  const rows: ScanRow[] = [];
  for (const [index, elements] of sizes.entries()) {
    const root = plantedTree(elements);
    const scan = async (): Promise<void> => {
      if ((await findSecrets(root)).length !== 2) throw new Error('the scan did not find the two planted secrets');
    };
    let first: number | undefined;
    if (index === 0) {
      const start = performance.now();
      await scan();
      first = round(performance.now() - start);
    }
    const samples = summarise(await measure(reps, 3, scan));
    const render = summarise(measureSync(reps, 3, () => renderTree(root)));
    rows.push({ elements, ...samples, render_median_ms: render.median_ms, ratio: round(samples.median_ms / render.median_ms), ...(first !== undefined ? { first_ms: first } : {}) });
  }
  return rows;
}
