/**
 * The answer as it streams (docs/benchmarks.md, "The answer as it streams"): the built panel in Chromium, the real main
 * (agent service, state hub) behind the e2e bridge, a local OpenAI-compatible server streaming
 * Markdown with cited ids in pieces of about 100 bytes. For answers of 1, 10 and 50 KB, the
 * CPU time of the page's main thread (Chromium's ThreadTime: script, style, layout, paint)
 * divided by the pieces: the cost of one piece. Flat means the 50 KB answer costs per piece what the 1 KB one
 * does; the 1 KB answer, measured in the same run, is the floor.
 */
import type { Element } from '@app-context/provider-kit/protocol';
import type { CDPSession, Page } from 'playwright-core';
import { openaiStream, startFakeServer, type Reply } from '../test/agent/fake-model-server.js';
import type { TestApp } from '../test/e2e/harness/server.js';
import { openBenchPanel, type PageGlobals } from './panel.js';
import { round, summarise, type Summary } from './stats.js';

/** Answer sizes in KB, and rounds of each. */
export interface StreamConfig {
  sizesKb: number[];
  rounds: number;
  /** The model's pause between pieces: longer than a frame, so each piece is drawn on its own. */
  pauseMs: number;
}

/** One answer size: the page's CPU time per streamed piece. */
export interface StreamRow extends Summary {
  kb: number;
  pieces: number;
  /** The page's CPU time for the whole answer (median), its turn's fixed cost included. */
  total_ms: number;
  /**
   * Rows after the first: what each piece beyond the previous size cost, (total - previous
   * total) / (pieces - previous pieces). The fixed cost of a turn (the question, the end, who
   * answered) cancels out, so this is the cost of one piece at that length of answer.
   */
  marginal_ms?: number;
  /** Rows after the second: marginal_ms / the second row's marginal_ms (flat: about 1). */
  ratio?: number;
}

const PIECE_BYTES = 100;

/** About `kb` KB of Markdown citing `id`, in pieces of about 100 bytes, ending with a marker line. */
function answerPieces(kb: number, id: string): { pieces: string[]; last: string } {
  const text: string[] = [];
  let size = 0;
  for (let n = 1; size < kb * 1024; n += 1) {
    const block = n % 7 === 0
      ? `\n\`\`\`js\nconst stop${n} = "Martim Moniz";\n\`\`\`\n`
      : n % 3 === 0 ? `\n- item ${n}, see \`${id}\`\n- and **more** about it\n` : `\nParagraph ${n} of the answer: the note \`${id}\` says to take tram 28 early, before the crowds.\n`;
    text.push(block);
    size += block.length;
  }
  const last = `The end of ${kb} KB.`;
  const whole = `${text.join('')}\n${last}\n`;
  const pieces: string[] = [];
  for (let at = 0; at < whole.length; at += PIECE_BYTES) pieces.push(whole.slice(at, at + PIECE_BYTES));
  return { pieces, last };
}

/**
 * The CPU time the page's main thread has used (Chromium's ThreadTime), in seconds: script,
 * style, layout, paint. CPU time, not the tasks' wall time, which a loaded machine stretches
 * while the page waits for a core.
 */
async function busySeconds(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metrics.find((metric) => metric.name === 'ThreadTime')?.value ?? 0;
}

/**
 * Waits until main has the whole answer, then until the page shows its last line. Not a
 * locator's polling while it streams: that reads the whole page's text at every frame, a cost
 * that grows with the answer and is the test's, not the panel's.
 */
async function streamed(panelState: TestApp['panelState'], page: Page, last: string): Promise<void> {
  for (;;) {
    const turn = panelState().invocation?.answer?.turns.at(-1);
    if (turn && turn.status !== 'answering') break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await page.waitForFunction((text) => (globalThis as unknown as PageGlobals).document.querySelector('[data-testid="answer"]')?.textContent?.includes(text) === true, last, { timeout: 120_000 });
}

/** Streams each size `rounds` times into the panel and returns the cost per piece. */
export async function benchStream(config: StreamConfig): Promise<StreamRow[]> {
  const script: Reply[] = [];
  const [panel, model] = await Promise.all([openBenchPanel(), startFakeServer(script)]);
  try {
    const { app, page } = panel;
    const pid = await panel.provider('sample');
    await panel.saveSettings({ backend: 'openai', baseURL: `${model.url}/v1`, model: 'bench' });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    const totals = new Map<number, number[]>(config.sizesKb.map((kb) => [kb, []]));
    const pieceCounts = new Map<number, number>();
    for (let pass = 0; pass < config.rounds; pass += 1) {
      for (const kb of config.sizesKb) {
        await panel.press(pid, 'Sample Notes');
        const { pieces, last } = answerPieces(kb, firstDocument(app.panelState().invocation?.root ?? null)?.id ?? 'doc');
        pieceCounts.set(kb, pieces.length);
        script.push({ sse: openaiStream(pieces), pauseMs: config.pauseMs });
        await page.getByRole('textbox', { name: 'Your question' }).fill(`About ${kb} KB?`);
        const before = await busySeconds(cdp);
        await page.keyboard.press('Enter');
        await streamed(app.panelState, page, last);
        totals.get(kb)?.push(((await busySeconds(cdp)) - before) * 1000);
      }
    }
    return streamRows(config.sizesKb.map((kb) => ({ kb, pieces: pieceCounts.get(kb) ?? 1, totals: totals.get(kb) ?? [] })));
  } finally {
    await panel.close();
    await model.close();
  }
}

/** The first Document of the collected tree: the answer cites it, so the pieces carry chips. */
function firstDocument(element: Element | null): Element | undefined {
  if (!element) return undefined;
  if (element.role === 'Document') return element;
  for (const child of element.children ?? []) {
    const found = firstDocument(child);
    if (found) return found;
  }
  return undefined;
}

/** Per size: the cost per piece, and beyond the first size the marginal cost and its ratio. */
function streamRows(sizes: { kb: number; pieces: number; totals: number[] }[]): StreamRow[] {
  const rows: StreamRow[] = [];
  for (const [index, size] of sizes.entries()) {
    const summary = summarise(size.totals.map((total) => total / size.pieces));
    const total = summarise(size.totals).median_ms;
    const previous = rows[index - 1];
    const row: StreamRow = { kb: size.kb, pieces: size.pieces, ...summary, total_ms: total };
    if (previous) row.marginal_ms = round((total - previous.total_ms) / (size.pieces - previous.pieces));
    const second = rows[1]?.marginal_ms;
    if (index >= 2 && second && row.marginal_ms !== undefined) row.ratio = round(row.marginal_ms / second);
    rows.push(row);
  }
  return rows;
}
