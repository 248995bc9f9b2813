/**
 * The answer as it streams (issue 27, point 5): the built panel in Chromium, the real main
 * (agent service, state hub) behind the e2e bridge, a local OpenAI-compatible server streaming
 * Markdown with cited ids in pieces of about 100 bytes. For answers of 1, 10 and 50 KB, the
 * page's own busy time (Chromium's TaskDuration: script, style, layout, paint) divided by the
 * pieces: the cost of one piece. Flat means the 50 KB answer costs per piece what the 1 KB one
 * does; the 1 KB answer, measured in the same run, is the floor.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import { createOs } from '../app/os/index.js';
import { openaiStream, startFakeServer, type Reply } from '../test/agent/fake-model-server.js';
import { launchBrowser } from '../test/e2e/harness/browser.js';
import { buildTestBridge, ensureRendererBuilt, ROOT } from '../test/e2e/harness/build.js';
import { startTestApp, type TestApp } from '../test/e2e/harness/server.js';
import { makeProvidersDir } from '../test/helpers/providers-dir.js';
import { spawnNode } from '../test/helpers/spawn.js';
import { round, summarise, type Summary } from './stats.js';

/** Answer sizes in KB, and rounds of each. */
export interface StreamConfig {
  sizesKb: number[];
  rounds: number;
  /** The model's pause between pieces: longer than a frame, so each piece is drawn on its own. */
  pauseMs: number;
}

/** One answer size: the page's busy time per streamed piece. */
export interface StreamRow extends Summary {
  kb: number;
  pieces: number;
  /** The page's busy time for the whole answer (median), its turn's fixed cost included. */
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

/** What the functions run in the page use (the bench compiles without the DOM's types; the page's CSP refuses strings). */
interface PageGlobals {
  document: { querySelector(selector: string): { textContent: string | null } | null };
  glance: { saveSettings(patch: object): Promise<unknown> };
}

const READY = /is providing context \(pid (\d+), endpoint (http:\/\/127\.0\.0\.1:\d+\/\S*)\)\n/;
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

async function busySeconds(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metrics.find((metric) => metric.name === 'TaskDuration')?.value ?? 0;
}

async function press(url: string, pid: number, page: Page): Promise<void> {
  const response = await fetch(new URL('test/hotkey', url), { method: 'POST', body: JSON.stringify({ pid, name: 'Sample Notes' }) });
  if (response.status !== 202) throw new Error(`hotkey endpoint answered ${response.status}`);
  await page.getByRole('tree', { name: 'Collected context' }).waitFor({ timeout: 60_000 });
}

/**
 * Waits until main has the whole answer, then until the page shows its last line. Not a
 * locator's polling while it streams: that reads the whole page's text at every frame, a cost
 * that grows with the answer and is the test's, not the panel's.
 */
async function streamed(hub: TestApp['hub'], page: Page, last: string): Promise<void> {
  for (;;) {
    const turn = hub.get().invocation?.answer?.turns.at(-1);
    if (turn && turn.status !== 'answering') break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await page.waitForFunction((text) => (globalThis as unknown as PageGlobals).document.querySelector('[data-testid="answer"]')?.textContent?.includes(text) === true, last, { timeout: 120_000 });
}

/** Streams each size `rounds` times into the panel and returns the cost per piece. */
export async function benchStream(config: StreamConfig): Promise<StreamRow[]> {
  const script: Reply[] = [];
  const dataDir = await mkdtemp(join(tmpdir(), 'glance-bench-stream-'));
  const [rendererDir, bridgeJs, overlayBridgeJs, dir, model] = await Promise.all([
    ensureRendererBuilt(), buildTestBridge('bridge'), buildTestBridge('overlay-bridge'), makeProvidersDir(), startFakeServer(script),
  ]);
  const sample = spawnNode(join(ROOT, 'dist/provider/sample/main.js'), [], dir.env);
  const browser = await launchBrowser();
  const app = await startTestApp({ rendererDir, bridgeJs, overlayBridgeJs, os: createOs(), env: dir.env, dataDir });
  try {
    const pid = Number((await sample.waitFor(READY, 30_000))[1]);
    const page = await browser.context.newPage();
    await page.goto(app.url);
    await app.panelListening();
    await page.evaluate((url) => (globalThis as unknown as PageGlobals).glance.saveSettings({ backend: 'openai', baseURL: `${url}/v1`, model: 'bench' }), model.url);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    const totals = new Map<number, number[]>(config.sizesKb.map((kb) => [kb, []]));
    const pieceCounts = new Map<number, number>();
    for (let pass = 0; pass < config.rounds; pass += 1) {
      for (const kb of config.sizesKb) {
        await press(app.url, pid, page);
        const id = (await page.locator('[role="treeitem"][aria-label^="Document"]').first().getAttribute('data-element-id')) ?? 'doc';
        const { pieces, last } = answerPieces(kb, id);
        pieceCounts.set(kb, pieces.length);
        script.push({ sse: openaiStream(pieces), pauseMs: config.pauseMs });
        await page.getByRole('textbox', { name: 'Your question' }).fill(`About ${kb} KB?`);
        const before = await busySeconds(cdp);
        await page.keyboard.press('Enter');
        await streamed(app.hub, page, last);
        totals.get(kb)?.push(((await busySeconds(cdp)) - before) * 1000);
      }
    }
    return streamRows(config.sizesKb.map((kb) => ({ kb, pieces: pieceCounts.get(kb) ?? 1, totals: totals.get(kb) ?? [] })));
  } finally {
    await browser.close();
    await app.close();
    await sample.stop();
    await model.close();
    await dir.cleanup();
    await rm(dataDir, { recursive: true, force: true });
  }
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
